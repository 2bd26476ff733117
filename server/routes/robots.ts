// 群机器人 of 消息接收管理: list, set, delete and 发送测试 of the account's group robots. Main account
// only, like the settings themselves; the service checks every address and secret
// (services/notifications/robots.ts).
import { ROBOT_MESSAGES } from '../../src/core/contract/robots'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { object, shortText, type TypedApp } from './schemas'

// Nothing is required and the lengths are generous: the service tells a wrong or missing address
// in its own words (仅支持企业微信、钉钉、飞书的机器人 Webhook 地址（https）) rather than 非法参数.
const category = object({ category: shortText(32) })
const saveBody = object({ category: shortText(32), url: shortText(2048), secret: shortText(256) })

export function robotRoutes(app: TypedApp, { groupRobots }: Services, guards: Guards) {
  const { requireMainAccount } = guards

  app.get('/api/notify/robots', { preHandler: requireMainAccount }, async (req) =>
    ok(await groupRobots.list(req.viewer)),
  )

  app.post(
    '/api/notify/robots',
    { schema: { body: saveBody }, preHandler: requireMainAccount },
    async (req) => ok(await groupRobots.save(req.viewer, req.body, req.ip), ROBOT_MESSAGES.saved),
  )

  app.post(
    '/api/notify/robots/delete',
    { schema: { body: category }, preHandler: requireMainAccount },
    async (req) => ok(await groupRobots.remove(req.viewer, req.body, req.ip), ROBOT_MESSAGES.deleted),
  )

  // Posts once, now: the answer is the robot's own (its platform's error words when it refuses).
  app.post(
    '/api/notify/robots/test',
    { schema: { body: category }, preHandler: requireMainAccount },
    async (req) => ok(await groupRobots.test(req.viewer, req.body)),
  )
}
