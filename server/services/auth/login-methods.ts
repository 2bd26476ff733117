// A new way to log in (a first WeChat, a first phone) is what someone holding a stolen session
// would add to keep the account: besides the fresh-session rule on those calls, every one added
// leaves an operation-log entry and a 账号安全提醒 through the account's 账号安全 preferences
// (services/notifications: the owner's inbox always, mail as chosen), so its owner sees it.
import type { LoginResult } from '../../../src/core/contract/account'
import { SECURITY_NOTICE_TYPE } from '../../../src/core/contract/notices'
import { NOTIFY_CATEGORY } from '../../../src/core/contract/notifications'
import type { AppContext } from '../../context'
import type { Notifier } from '../notifications/notifier'
import { OPERATE_STATUS, type OperateLog } from '../operate-log/operate-log'
import { type RoleGrant } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'

export { SECURITY_NOTICE_TYPE }

export const LOGIN_METHOD_NOTICE = {
  title: '账号安全提醒',
  /** A desktop logged in by a WeChat QR (the phone confirmed on its confirmation page). */
  wechatQrLogin: (at: string, browser: string, ip: string) =>
    `您的账号于 ${at} 通过微信扫码在电脑上登录（${browser || '未知浏览器'}，${ip}）。如非本人操作，请立即修改密码并解绑该微信。`,
  wechat: '您的账号已绑定新的登录微信，如非本人操作，请立即修改密码并解绑该微信。',
  phone: (masked: string) =>
    `您的账号已绑定手机号 ${masked}，可使用该手机号登录。如非本人操作，请立即联系客服。`,
} as const

export interface AddedLoginMethod {
  /** OPERATE_TYPE of the entry (wechatAuthorize, changePhone). */
  type: number
  /** The operation-log text. */
  content: string
  /** The notice's text, plain: escaped into a paragraph here. */
  notice: string
  ip: string
}

const paragraph = (text: string) => `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`

/** The role a security notice goes to: the main account, or one sub-admin (a grant or a session). */
type NoticeRecipient = Pick<LoginResult, 'accountId' | 'subAccountId' | 'role'>

export function createLoginMethods(
  ctx: AppContext,
  { operateLog, notifier }: { operateLog: OperateLog; notifier: Notifier },
) {
  /**
   * A 账号安全提醒 (type 1) to the account's 账号安全 audience, and to the sub-admin it is about;
   * `text` is plain and escaped into a paragraph here. Never held by the quiet hours.
   */
  async function securityNotice(to: NoticeRecipient, text: string): Promise<void> {
    await notifier.send(ctx.db, {
      accountId: to.accountId,
      category: NOTIFY_CATEGORY.security,
      notice: { type: SECURITY_NOTICE_TYPE, title: LOGIN_METHOD_NOTICE.title, content: paragraph(text) },
      mail: {
        subject: `【会员中心】${LOGIN_METHOD_NOTICE.title}`,
        text: `您好！${text}`,
        html: paragraph('您好！') + paragraph(text),
      },
      alsoInbox: to.role === ROLE.main ? [] : [to.subAccountId],
    })
  }

  /** Logs the addition on the role that made it and notifies that role (main account or sub-admin). */
  async function added(actor: RoleGrant, method: AddedLoginMethod): Promise<void> {
    await operateLog.record(actor, {
      type: method.type,
      content: method.content,
      status: OPERATE_STATUS.success,
      ip: method.ip,
    })
    await securityNotice(actor, method.notice)
  }

  return { added, securityNotice }
}

export type LoginMethods = ReturnType<typeof createLoginMethods>
