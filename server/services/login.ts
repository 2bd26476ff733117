// POST /api/app/loginByPassword (doc2 §2 Login, §5, §7): the same validation as the client's form,
// then the single-use image captcha, the rate limits, the password, and a new session on the
// member's primary role. From an address the member has not used, the session starts pending
// security verification (an SMS to the bound phone, services/security-verification.ts).
import { MSG } from '../../src/core/validation/messages'
import { validatePasswordLogin } from '../../src/core/validation/rules'
import type { AppContext } from '../context'
import { invalid } from '../http/failure'
import { decoyPasswordHash, decryptPassword, verifyPassword } from '../security/password'
import type { CaptchaService } from './captchas'
import type { KnownAddresses } from './known-addresses'
import { normaliseIdentifier, type LoginLimits } from './login-limits'
import type { MemberDirectory } from './members'
import type { IssuedSession } from './sessions'
import { LOGIN_SOURCE, type SignIn } from './sign-in'

export { NO_CONSOLE_ROLE } from './sign-in'

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
  knownAddresses: KnownAddresses
  signIn: SignIn
}

export function createLoginService(ctx: AppContext, deps: LoginDeps) {
  const { captchas, limits, members, knownAddresses, signIn } = deps
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
      if (member) await signIn.recordFailure(member.id, ip, '密码登录失败：密码错误')
      throw invalid(MSG.credentialsWrong)
    }
    // The credentials were right: this resets the identifier's failure run even if no role follows.
    await limits.record(identifier, ip, true)

    // Without a bound phone there is nothing to verify against: such members are not asked.
    const pendingVerification = Boolean(member.phone) && !(await knownAddresses.isKnown(member.id, ip))
    return signIn.signIn(member.id, {
      source: LOGIN_SOURCE.password,
      ip,
      content: pendingVerification ? '密码登录成功，待安全验证' : '密码登录成功',
      pendingVerification,
    })
  }

  return { loginByPassword }
}

export type LoginService = ReturnType<typeof createLoginService>
