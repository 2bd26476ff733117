// 消息接收管理: who hears each category of message on which channel, and the quiet hours.
// Main account only; the service checks every key and time (services/notifications/preferences.ts).
import {
  NOTIFY_CATEGORY,
  NOTIFY_MESSAGES,
  type Audience,
  type CategoryAudience,
  type NotificationSettings,
  type QuietHours,
  type SaveNotificationSettingsRequest,
} from '../../src/core/contract/notifications'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { documented, TAG } from './api-tags'
import { answer, listOf, nullable, oneOfValues, responseOf, shape, text } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'

/** Keys one channel may name: the owner, sub-admins and recipients of an account, with room to spare. */
const keys = { type: 'array', maxItems: 200, items: shortText(24) } as const
// Nothing inside is required: the service tells a missing category or time in its own words
// (未知的消息类型, 请输入正确的时间), and a channel left out names no one.
const categoryRow = object({
  category: shortText(32),
  audience: object({ inbox: keys, sms: keys, email: keys }),
})
const quietHours = { anyOf: [{ type: 'null' }, object({ start: shortText(8), end: shortText(8) })] } as const
/** The contract's save as the service takes it: any category text, any part of a row missing. */
type SavedSettings = SaveNotificationSettingsRequest<
  Partial<CategoryAudience<string, Partial<Audience>>>,
  Partial<QuietHours>
>
const saveBody = requestOf<SavedSettings>()(
  object({ categories: { type: 'array', maxItems: 20, items: categoryRow }, quietHours }, ['categories']),
)

const about = documented(TAG.notices)
const audienceKeys = listOf(text)
const settings = responseOf<NotificationSettings>()(
  shape({
    categories: listOf(
      shape({
        category: oneOfValues(Object.values(NOTIFY_CATEGORY)),
        audience: shape({
          inbox: audienceKeys,
          sms: audienceKeys,
          email: audienceKeys,
          wechat: audienceKeys,
        }),
      }),
    ),
    candidates: listOf(
      shape({
        key: text,
        name: text,
        kind: oneOfValues(['owner', 'subAdmin', 'recipient']),
        phone: text,
        email: text,
      }),
    ),
    quietHours: nullable(shape({ start: text, end: text })),
  }),
)

/** The whole table is a few KB; anything much larger is not a settings form. */
const BODY_LIMIT = 64 * 1024

export function notificationSettingsRoutes(
  app: TypedApp,
  { notificationSettings }: Services,
  guards: Guards,
) {
  const { requireMainAccount } = guards

  app.get(
    '/api/notify/settings',
    { schema: { ...about('消息接收设置'), response: answer(settings) }, preHandler: requireMainAccount },
    async (req) => ok(await notificationSettings.read(req.viewer)),
  )

  app.post(
    '/api/notify/settings',
    {
      schema: { ...about('保存消息接收设置'), body: saveBody, response: answer(settings) },
      bodyLimit: BODY_LIMIT,
      preHandler: requireMainAccount,
    },
    async (req) => ok(await notificationSettings.save(req.viewer, req.body, req.ip), NOTIFY_MESSAGES.saved),
  )
}
