// The customer page's calls (account-area §2 customer page, §7 accountVipServer, getUrlByQrcode).
// Public, as the page is: /customer?userId=&accountId= is opened from links without a login.
import { ok } from '../http/envelope'
import type { Services } from '../services'
import type { QrImageQuery, VipServer, VipServerQuery } from '../../src/core/contract/customer'
import { documented, TAG } from './api-tags'
import { answer, responseOf, shape, text } from './responses'
import { object, requestOf, rowId, shortText, type TypedApp } from './schemas'

const about = documented(TAG.customer)
const vipServer = responseOf<VipServer>()(shape({ name: text, qrCode: text }))
const vipServerQuery = requestOf<VipServerQuery>()(
  object({ userId: shortText(64), accountId: rowId }, ['userId', 'accountId']),
)
const qrImageQuery = requestOf<QrImageQuery>()(object({ qrCode: shortText(64) }, ['qrCode']))

export function customerRoutes(app: TypedApp, { customer }: Services) {
  app.get(
    '/api/app/account/accountVipServer',
    {
      schema: {
        ...about('专属客服信息'),
        querystring: vipServerQuery,
        response: answer(vipServer),
      },
    },
    async (req) => ok(await customer.vipServer(req.query.userId, req.query.accountId)),
  )

  app.get(
    '/api/user/getUrlByQrcode',
    {
      schema: {
        ...about('客服企业微信二维码图片'),
        querystring: qrImageQuery,
        response: answer(text),
      },
    },
    async (req) => ok(await customer.qrImage(req.query.qrCode)),
  )
}
