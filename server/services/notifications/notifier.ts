// The one way the console tells members anything that is not a code or a verification link: the
// account's preferences (消息接收管理) for the message's category name who hears it on each channel;
// the notifier writes the 站内信 and queues the SMS, mail, WeChat and robot messages in the caller's
// transaction, so a message stands or falls with the change it tells of. A member WeChat reaches
// (an acceptance left) gets the WeChat message instead of its SMS and mail, which the message
// carries as its fallback: one event, once per channel. Adding a channel is a change here only.
import { NOTIFY_CATEGORY, subAdminKey, type NotifyCategory } from '../../../src/core/contract/notifications'
import type { NoticeDetails } from '../../../src/core/contract/notices'
import type { AppContext } from '../../context'
import type { Database } from '../../db/client'
import type { SmsTemplate } from '../../config/providers'
import { storeNotice } from '../notices/notices'
import { WRITTEN_MAIL, type Outbox, type QueuedMessage } from '../outbox/outbox'
import type { MessageParams, RobotParams } from '../outbox/outgoing-texts'
import { peopleOf, reachOf } from './audience'
import { audiencesOf, quietHoursOf } from './preferences'
import { quietUntil } from './quiet-hours'
import { noticePlainText } from './robot-texts'
import { robotIdsOf } from './robots'
import type { WechatMessaging, WechatNotice } from '../wechat/wechat-messaging'
import type { NoticeCache } from '../notices/notice-cache'

export type Tx = Pick<Database, 'insert' | 'select' | 'update' | 'execute'>

/** How long a notification's SMS or mail stays worth sending after its first attempt is due. */
export const NOTIFY_TTL_MS = 24 * 3_600_000

export interface Notification {
  accountId: number
  category: NotifyCategory
  /** The 站内信: content is HTML, its text already escaped by the caller. */
  notice: { type: number; title: string; content: string; details?: NoticeDetails }
  /** The SMS, when a registered template carries this kind of message. */
  sms?: { template: SmsTemplate; params: MessageParams }
  /** The mail, written out; `template` labels its outbox row, `path` is the site path it links to. */
  mail?: { template?: SmsTemplate; subject: string; text: string; html: string; path?: string }
  /** Sub-admins who see the notice whatever the preferences (the one a security notice is about). */
  alsoInbox?: number[]
  /** The WeChat subscription message, for the people of the category's 微信 column who accepted one. */
  wechat?: WechatNotice
  /** Sub-admins WeChat may reach whatever the preferences (the one who submitted a work order). */
  alsoWechat?: number[]
}

export function createNotifier(
  ctx: AppContext,
  {
    outbox,
    wechat,
    noticeCache,
  }: { outbox: Outbox; wechat?: Pick<WechatMessaging, 'plan'>; noticeCache?: NoticeCache },
) {
  const { config, now } = ctx

  /** The sandbox sends anything; a carrier only a template configured for it (SMS_TEMPLATE_*). */
  function smsCarries(template: SmsTemplate): boolean {
    const sms = config.sms
    if (!sms) return false
    return sms.provider === 'sandbox' || Boolean(sms.templates[template])
  }

  /** Many notifications at once (a reminder run): the preferences and people are read once. */
  async function sendMany(tx: Tx, notifications: Notification[]): Promise<void> {
    if (!notifications.length) return
    const accountIds = notifications.map((notification) => notification.accountId)
    const people = await peopleOf(tx, accountIds)
    const audienceFor = await audiencesOf(tx, notifications)
    const quiet = await quietHoursOf(tx, accountIds)
    const robots = await robotIdsOf(tx, accountIds)
    const at = now()
    const queued: { message: QueuedMessage; notBefore?: Date }[] = []
    for (const notification of notifications) {
      const { accountId, category } = notification
      const accountPeople = people.get(accountId)
      if (!accountPeople) continue
      const audience = audienceFor(accountId, category)
      const wechatKeys = [...audience.wechat, ...(notification.alsoWechat ?? []).map(subAdminKey)]
      const reach = reachOf(accountPeople, { ...audience, wechat: wechatKeys })
      const inbox = new Set([...reach.inbox, ...(notification.alsoInbox ?? [])])
      for (const subAccountId of inbox) {
        await storeNotice(tx, { accountId, subAccountId, ...notification.notice, createdAt: at })
      }
      const { sms, mail } = notification
      // 账号安全 is never held by the quiet hours.
      const held = category === NOTIFY_CATEGORY.security ? null : quietUntil(at, quiet.get(accountId) ?? null)
      const smsTo = (phone: string): QueuedMessage | null =>
        sms && smsCarries(sms.template)
          ? { channel: 'sms', recipient: phone, ...sms, accountId, ttlMs: NOTIFY_TTL_MS }
          : null
      const mailTo = (mailbox: string): QueuedMessage | null => {
        if (!mail) return null
        const { template = WRITTEN_MAIL, path = '', ...words } = mail
        const params = { ...words, path }
        return { channel: 'email', recipient: mailbox, template, params, accountId, ttlMs: NOTIFY_TTL_MS }
      }
      let phones = reach.phones
      let mailboxes = reach.mailboxes
      if (notification.wechat && wechat) {
        const candidates = reach.wechat.map((person) => {
          const phone = person.phone && phones.includes(person.phone) ? person.phone : null
          const mailbox = person.email?.toLowerCase() ?? null
          const fallback = [phone && smsTo(phone), mailbox && mailboxes.includes(mailbox) && mailTo(mailbox)]
          return {
            person,
            fallback: fallback.filter((message): message is QueuedMessage => Boolean(message)),
          }
        })
        for (const { person, message } of await wechat.plan(tx, accountId, notification.wechat, candidates)) {
          queued.push({ message })
          phones = phones.filter((phone) => phone !== person.phone)
          mailboxes = mailboxes.filter((mailbox) => mailbox !== person.email?.toLowerCase())
        }
      }
      for (const phone of phones) {
        const message = smsTo(phone)
        if (!message) break
        queued.push({ message, notBefore: held ?? undefined })
      }
      for (const mailbox of mailboxes) {
        const message = mailTo(mailbox)
        if (!message) break
        queued.push({ message })
      }
      const robotId = robots.get(`${accountId}:${category}`)
      if (robotId !== undefined) queued.push({ message: robotMessage(notification, robotId) })
    }
    await outbox.enqueueMany(tx, queued)
    for (const accountId of new Set(accountIds)) noticeCache?.forget(accountId)
  }

  /** The 群机器人 post of a notification: the notice as plain text, the page the mail links to. */
  function robotMessage({ accountId, notice, sms, mail }: Notification, robotId: number): QueuedMessage {
    const params: RobotParams = {
      title: notice.title,
      text: noticePlainText(notice.content),
      path: mail?.path ?? '',
    }
    return {
      channel: 'robot',
      recipient: String(robotId),
      template: mail?.template ?? sms?.template ?? WRITTEN_MAIL,
      params,
      accountId,
      ttlMs: NOTIFY_TTL_MS,
    }
  }

  /** One notification, in the caller's transaction (or straight on the database). */
  const send = (tx: Tx, notification: Notification) => sendMany(tx, [notification])

  return { send, sendMany, smsCarries }
}

export type Notifier = ReturnType<typeof createNotifier>
