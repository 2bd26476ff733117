// What every successful login does (doc2 §2 Login; account-area §4): land on the member's primary
// role, open a session, remember the address (unless the session still awaits security
// verification) and write a type-0 operation-log entry.
import type { AppContext } from '../context'
import { forbidden } from '../http/failure'
import { createLoginMasks } from './account-login-mask'
import { markSessionFresh } from './account-reverify'
import type { KnownAddresses } from './known-addresses'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from './operate-log'
import type { RoleService } from './roles'
import type { IssuedSession, SessionService } from './sessions'

export const NO_CONSOLE_ROLE = '当前账号未开通会员中心'

/** sessions.source: how the session began. */
export const LOGIN_SOURCE = {
  password: 'password',
  sms: 'sms',
  register: 'register',
  wechatQr: 'wechatQr',
  wechatOauth: 'wechatOauth',
  wechatMini: 'wechatMini',
} as const

export interface SignInOptions {
  source: string
  ip: string
  /** The operation-log text, e.g. 短信登录成功. */
  content: string
  /** A password login from a new address: the address is remembered once verified. */
  pendingVerification?: boolean
}

interface SignInDeps {
  roles: RoleService
  sessions: SessionService
  knownAddresses: KnownAddresses
  operateLog: OperateLog
}

export function createSignIn(ctx: AppContext, { roles, sessions, knownAddresses, operateLog }: SignInDeps) {
  const loginMasks = createLoginMasks(ctx)

  async function signIn(memberId: number, options: SignInOptions): Promise<IssuedSession> {
    const grant = await roles.primaryRole(memberId)
    if (!grant) throw forbidden(NO_CONSOLE_ROLE)
    // Every login (password, SMS, registration, WeChat) passes here: the account's login mask
    // and its cancellation are enforced once (account-area §2 login mask).
    const refusal = await loginMasks.loginRefusal(grant.accountId, options.ip)
    if (refusal) {
      const content = `登录被拒绝：${refusal}`
      await operateLog.record(grant, {
        type: OPERATE_TYPE.login,
        content,
        status: OPERATE_STATUS.failure,
        ip: options.ip,
      })
      throw forbidden(refusal)
    }
    const pendingVerification = options.pendingVerification ?? false
    const session = await sessions.issue(grant, {
      source: options.source,
      ip: options.ip,
      pendingVerification,
    })
    // Credentials were just shown: sensitive changes need no re-verification for a while.
    await markSessionFresh(ctx.db, session.token, ctx.now())
    if (!pendingVerification) await knownAddresses.remember(memberId, options.ip)
    await operateLog.record(grant, {
      type: OPERATE_TYPE.login,
      content: options.content,
      status: OPERATE_STATUS.success,
      ip: options.ip,
    })
    return session
  }

  /** A failed login is logged only when the member exists and holds a role: the log belongs to an account. */
  async function recordFailure(memberId: number, ip: string, content: string): Promise<void> {
    const grant = await roles.primaryRole(memberId)
    if (!grant) return
    await operateLog.record(grant, { type: OPERATE_TYPE.login, content, status: OPERATE_STATUS.failure, ip })
  }

  return { signIn, recordFailure }
}

export type SignIn = ReturnType<typeof createSignIn>
