// 微信提醒 (one-time subscription messages): the session member's own subscriptions per WeChat app,
// what it answered (wx.requestSubscribeMessage, or the wx-open-subscribe tag in WeChat's browser),
// and wx.config's signature for that tag (services/wechat/jssdk.ts). Any verified session; each
// member reads and writes only its own.
import {
  SUBSCRIPTION_MSG,
  WECHAT_TEMPLATES,
  type JssdkConfig,
  type JssdkConfigQuery,
  type SaveSubscriptionsRequest,
  type Subscriptions,
  type SubscriptionsQuery,
} from '../../src/core/contract/wechat-messages'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { documented, TAG } from './api-tags'
import { answer, flag, int, listOf, oneOfValues, responseOf, shape, text } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'

// Text on the wire: the service tells an unknown app or answer in its own words (未知的微信应用,
// 订阅结果无效) rather than 非法参数.
const appQuery = requestOf<SubscriptionsQuery>()(object({ app: shortText(8) }))
// The page's own address; the service signs only the console's pages (页面地址无效).
const pageQuery = requestOf<JssdkConfigQuery>()(object({ url: shortText(2048) }, ['url']))
const saveBody = requestOf<SaveSubscriptionsRequest>()(
  object({
    app: shortText(8),
    answers: { type: 'object', maxProperties: 8, additionalProperties: shortText(8) },
    keepChoice: { type: 'boolean' },
  }),
)

const about = documented(TAG.wechat)

const subscriptions = responseOf<Subscriptions>()(
  shape({
    app: oneOfValues(['mini', 'oa']),
    canReceive: flag,
    templates: listOf(
      shape({ template: oneOfValues(WECHAT_TEMPLATES), templateId: text, remaining: int, refused: flag }),
    ),
  }),
)
const jssdkConfig = responseOf<JssdkConfig>()(
  shape({ appId: text, timestamp: int, nonceStr: text, signature: text, openTagList: listOf(text) }),
)

export function wechatSubscriptionRoutes(
  app: TypedApp,
  { wechatSubscriptions, wechatJssdk }: Services,
  guards: Guards,
) {
  const { requireViewer } = guards

  app.get(
    '/api/app/wechat/subscriptions',
    {
      schema: { ...about('微信提醒订阅状态'), querystring: appQuery, response: answer(subscriptions) },
      preHandler: requireViewer,
    },
    async (req) => ok(await wechatSubscriptions.state(req.viewer, req.query.app)),
  )

  app.post(
    '/api/app/wechat/subscriptions',
    {
      schema: { ...about('保存微信订阅结果'), body: saveBody, response: answer(subscriptions) },
      preHandler: requireViewer,
    },
    async (req) => ok(await wechatSubscriptions.save(req.viewer, req.body), SUBSCRIPTION_MSG.saved),
  )

  app.get(
    '/api/app/wechat/jssdkConfig',
    {
      schema: {
        ...about('公众号 JS-SDK 配置（wx.config）'),
        querystring: pageQuery,
        response: answer(jssdkConfig),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await wechatJssdk.configFor(req.query.url, `${req.protocol}://${req.host}`)),
  )
}
