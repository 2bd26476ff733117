// POST /api/app/loginByPassword (doc2 §2 Login, §5, §7): the same validation as the client's form,
// then the single-use image captcha, the rate limits, the password, and a new session on the
// member's primary role.
import { MSG } from '../../src/core/validation/messages'
import { validatePasswordLogin } from '../../src/core/validation/rules'
import type { AppContext } from '../context'
import { forbidden, invalid } from '../http/failure'
import { decoyPasswordHash, decryptPassword, verifyPassword } from '../security/password'
import type { CaptchaService } from './captchas'
import type { KnownAddresses } from './known-addresses'
import { normaliseIdentifier, type LoginLimits } from './login-limits'
import type { MemberDirectory } from './members'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from './operate-log'
import type { RoleGrant, RoleService } from './roles'
import type { IssuedSession, SessionService } from './sessions'

export const NO_CONSOLE_ROLE = '当前账号未开通会员中心'
export const LOGIN_SOURCE = 'password'

export interface PasswordLoginInput {
  /** A phone or a member account. */
  phone?: string
  /** encryptPassword(trimmed password). */
  password?: string
  uuId?: string
  verificationCode?: string
}

interface LoginDeps {
  captchas: CaptchaService
  limits: LoginLimits
  members: MemberDirectory
  roles: RoleService
  sessions: SessionService
  knownAddresses: KnownAddresses
  operateLog: OperateLog
}

export function createLoginService(ctx: AppContext, deps: LoginDeps) {
  const { captchas, limits, members, roles, sessions, knownAddresses, operateLog } = deps
  // Computed now, so the first unknown-account login costs no more than later ones.
  void decoyPasswordHash()

  /** The first message the client's form would show, or null (undecryptable counts as a wrong password). */
  function formError(input: PasswordLoginInput, password: string | null): string | null {
    const errors = validatePasswordLogin({
      account: input.phone ?? '',
      password: password ?? '',
      captcha: input.verificationCode ?? '',
    })
    return (
      errors.account ?? (password === null ? MSG.credentialsWrong : errors.password) ?? errors.captcha ?? null
    )
  }

  /** Type 0 entries (account-area §4), under the role the login lands on. */
  async function recordLoginLog(actor: RoleGrant | null, ip: string, succeeded: boolean) {
    if (!actor) return
    await operateLog.record(actor, {
      type: OPERATE_TYPE.login,
      content: succeeded ? '密码登录成功' : '密码登录失败：密码错误',
      status: succeeded ? OPERATE_STATUS.success : OPERATE_STATUS.failure,
      ip,
    })
  }

  async function loginByPassword(input: PasswordLoginInput, ip: string): Promise<IssuedSession> {
    const ciphertext = (input.password ?? '').trim()
    const password = ciphertext ? decryptPassword(ciphertext, ctx.config.passwordKey) : ''
    const error = formError(input, password)
    if (error) throw invalid(error)
    if (!(await captchas.verifyImage(input.uuId ?? '', input.verificationCode ?? ''))) {
      throw invalid(MSG.captchaWrong)
    }

    const identifier = normaliseIdentifier(input.phone ?? '')
    await limits.assertAllowed(identifier, ip)
    const member = await members.byLoginName(identifier)
    // An unknown account costs the same scrypt run as a wrong password and gets the same text.
    const storedHash = member?.passwordHash ?? (await decoyPasswordHash())
    const matches = await verifyPassword((password ?? '').trim(), storedHash)
    if (!member || !member.passwordHash || !matches) {
      await limits.record(identifier, ip, false)
      // A failure is logged only when the account exists: the log belongs to an account.
      if (member) await recordLoginLog(await roles.primaryRole(member.id), ip, false)
      throw invalid(MSG.credentialsWrong)
    }
    // The credentials were right: this resets the identifier's failure run even if no role follows.
    await limits.record(identifier, ip, true)

    const grant = await roles.primaryRole(member.id)
    if (!grant) throw forbidden(NO_CONSOLE_ROLE)
    const session = await sessions.issue(grant, { source: LOGIN_SOURCE, ip })
    await knownAddresses.remember(member.id, ip)
    await recordLoginLog(grant, ip, true)
    return session
  }

  return { loginByPassword }
}

export type LoginService = ReturnType<typeof createLoginService>
