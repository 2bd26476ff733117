// 群机器人 of 消息接收管理: list, set, delete and 发送测试 of the account's group robots. Main account
// only, like the settings themselves; the service checks every address and secret
// (services/notifications/robots.ts).
import { NOTIFY_CATEGORY } from '../../src/core/contract/notifications'
import {
  ROBOT_MESSAGES,
  ROBOT_PLATFORM,
  type GroupRobot,
  type GroupRobotCategoryRequest,
  type RobotTestAnswer,
  type SaveGroupRobotRequest,
} from '../../src/core/contract/robots'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { documented, TAG } from './api-tags'
import { answer, flag, listOf, oneOfValues, responseOf, shape, text } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'

const about = documented(TAG.notices)
const groupRobots = listOf(
  responseOf<GroupRobot>()(
    shape({
      category: oneOfValues(Object.values(NOTIFY_CATEGORY)),
      platform: oneOfValues(Object.values(ROBOT_PLATFORM)),
      maskedUrl: text,
      signed: flag,
      updatedAt: text,
    }),
  ),
)
const testAnswer = responseOf<RobotTestAnswer>()(shape({ ok: flag, message: text }))

// Nothing is required and the lengths are generous: the service tells a wrong or missing address
// in its own words (仅支持企业微信、钉钉、飞书的机器人 Webhook 地址（https）) rather than 非法参数.
const category = requestOf<GroupRobotCategoryRequest<string>>()(object({ category: shortText(32) }))
const saveBody = requestOf<SaveGroupRobotRequest<string>>()(
  object({ category: shortText(32), url: shortText(2048), secret: shortText(256) }),
)

export function robotRoutes(app: TypedApp, { groupRobots: robots }: Services, guards: Guards) {
  const { requireMainAccount } = guards

  app.get(
    '/api/notify/robots',
    { schema: { ...about('群机器人列表'), response: answer(groupRobots) }, preHandler: requireMainAccount },
    async (req) => ok(await robots.list(req.viewer)),
  )

  app.post(
    '/api/notify/robots',
    {
      schema: { ...about('设置群机器人'), body: saveBody, response: answer(groupRobots) },
      preHandler: requireMainAccount,
    },
    async (req) => ok(await robots.save(req.viewer, req.body, req.ip), ROBOT_MESSAGES.saved),
  )

  app.post(
    '/api/notify/robots/delete',
    {
      schema: { ...about('删除群机器人'), body: category, response: answer(groupRobots) },
      preHandler: requireMainAccount,
    },
    async (req) => ok(await robots.remove(req.viewer, req.body, req.ip), ROBOT_MESSAGES.deleted),
  )

  // Posts once, now: the answer is the robot's own (its platform's error words when it refuses).
  app.post(
    '/api/notify/robots/test',
    {
      schema: { ...about('向群机器人发送测试消息'), body: category, response: answer(testAnswer) },
      preHandler: requireMainAccount,
    },
    async (req) => ok(await robots.test(req.viewer, req.body)),
  )
}
