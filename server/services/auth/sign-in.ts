// What every successful login does (doc2 §2 Login; account-area §4): land on the member's primary
// role, open a session, remember the address (unless the session still awaits security
// verification) and write a type-0 operation-log entry. `admit` is the one gate for the account's
// login mask and cancellation (account-area §2): every way a session is issued passes it (logins
// here, the account switch, entry-link tokens, sub-admin activation).
import type { AppContext } from '../../context'
import { forbidden, type Refusal } from '../shared/errors'
import type { LoginMasks } from '../account/account-login-mask'
import type { SecondFactorService } from '../account/second-factor'
import type { KnownAddresses } from '../account/known-addresses'
import type { LoginDevices } from '../account/login-devices'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import type { LoginResult } from '../../../src/core/contract/account'
import { pendingCancellationOf } from '../account/account-cancellation'
import { type RoleGrant, type RoleService, type RoleTarget } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import { markSessionFresh, type SessionService } from './sessions'

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
  /** A password or SMS login: a member with the second factor owes its code (second-factor.ts). */
  asksSecondFactor?: boolean
  /** Land on this held role instead of the primary one (sub-admin activation). */
  role?: RoleTarget
  /**
   * The answer to a login from outside the account's mask instead of its 403 (a password login
   * answers like a wrong password, so the mask does not tell a right password from a wrong one).
   */
  outsideMask?: () => Refusal
}

interface SignInDeps {
  roles: RoleService
  sessions: SessionService
  knownAddresses: KnownAddresses
  operateLog: OperateLog
  loginMasks: LoginMasks
  loginDevices: LoginDevices
  secondFactor: Pick<SecondFactorService, 'stepFor'>
}

export function createSignIn(
  ctx: AppContext,
  { roles, sessions, knownAddresses, operateLog, loginMasks, loginDevices, secondFactor }: SignInDeps,
) {
  /**
   * Refuses (and logs a failed login on the account and in the member's login history) when it is
   * cancelled or `ip` is outside its mask. `method` is the login's source, '' for other ways in.
   */
  async function admit(
    grant: RoleGrant,
    ip: string,
    outsideMask?: () => Refusal,
    method = '',
  ): Promise<void> {
    const refusal = await loginMasks.loginRefusal(grant.accountId, ip)
    if (!refusal) return
    await loginDevices.recordFailure(grant.memberId, ip, method)
    // The account's own log tells its owner the real reason, whatever the caller is answered.
    await operateLog.record(grant, {
      type: OPERATE_TYPE.login,
      content: `登录被拒绝：${refusal.message}`,
      status: OPERATE_STATUS.failure,
      ip,
    })
    throw refusal.reason === 'outsideMask' && outsideMask ? outsideMask() : forbidden(refusal.message)
  }

  /** The session, and 注销中 when the owner logs into an account being cancelled (撤销注销 is offered). */
  async function signIn(memberId: number, options: SignInOptions): Promise<LoginResult> {
    const grant = options.role
      ? await roles.heldRole(memberId, options.role)
      : await roles.primaryRole(memberId)
    if (!grant) throw forbidden(NO_CONSOLE_ROLE)
    await admit(grant, options.ip, options.outsideMask, options.source)
    const pendingVerification = options.pendingVerification ?? false
    const session = await sessions.issue(grant, {
      source: options.source,
      ip: options.ip,
      pendingVerification,
      pendingSecondFactor: options.asksSecondFactor ? await secondFactor.stepFor(grant) : null,
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
    await loginDevices.recordSuccess(grant, session.token, options.ip, options.source)
    const cancellation =
      grant.role === ROLE.main ? await pendingCancellationOf(ctx.db, grant.accountId) : null
    return cancellation ? { ...session, cancellation } : session
  }

  /** A failed login is logged only when the member exists and holds a role: the log belongs to an account. */
  async function recordFailure(memberId: number, ip: string, content: string, method = ''): Promise<void> {
    await loginDevices.recordFailure(memberId, ip, method)
    const grant = await roles.primaryRole(memberId)
    if (!grant) return
    await operateLog.record(grant, { type: OPERATE_TYPE.login, content, status: OPERATE_STATUS.failure, ip })
  }

  return { admit, signIn, recordFailure }
}

export type SignIn = ReturnType<typeof createSignIn>
