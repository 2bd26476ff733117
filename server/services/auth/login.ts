// POST /api/app/loginByPassword (doc2 §2 Login, §5, §7): the same validation as the client's form,
// then the single-use image captcha, the rate limits, the password, and a new session on the
// member's primary role. From an address the member has not used, the session starts pending
// security verification (an SMS to the bound phone, services/account/security-verification.ts).
import { and, eq } from 'drizzle-orm'
import type { PasswordLoginRequest } from '../../../src/core/contract/auth'
import { MSG } from '../../../src/core/validation/messages'
import { validatePasswordLogin } from '../../../src/core/validation/rules'
import type { AppContext } from '../../context'
import { members as memberRows } from '../../db/schema'
import { invalid } from '../shared/errors'
import {
  decoyPasswordHash,
  decryptPassword,
  hashPassword,
  isCurrentPasswordHash,
  verifyPassword,
} from '../../security/password'
import type { CaptchaService } from './captchas'
import type { KnownAddresses } from '../account/known-addresses'
import { normaliseIdentifier, type AttemptSubject, type LoginLimits } from './login-limits'
import type { Member, MemberDirectory } from '../account/members'
import type { LoginResult } from '../../../src/core/contract/account'
import { LOGIN_SOURCE, type SignIn } from './sign-in'

export { NO_CONSOLE_ROLE } from './sign-in'

/** loginByPassword's body: any field may be missing (the form's own message answers it). */
export type PasswordLoginInput = Partial<PasswordLoginRequest>

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

  async function loginByPassword(input: PasswordLoginInput, ip: string): Promise<LoginResult> {
    const ciphertext = (input.password ?? '').trim()
    const password = ciphertext ? decryptPassword(ciphertext, ctx.config.passwordKey) : ''
    const error = formError(input, password)
    if (error) throw invalid(error)
    if (!(await captchas.verifyImage(input.uuId ?? '', input.verificationCode ?? ''))) {
      throw invalid(MSG.captchaWrong)
    }

    const identifier = normaliseIdentifier(input.phone ?? '')
    const member = await members.byLoginName(identifier)
    // Reserved (and counted as failed) before the password is checked: see login-limits.ts.
    const attempt = await limits.reserve(await subjectOf(identifier, member), ip)
    // An unknown account costs the same scrypt run as a wrong password and gets the same text.
    const plain = (password ?? '').trim()
    const storedHash = member?.passwordHash ?? (await decoyPasswordHash())
    const matches = await verifyPassword(plain, storedHash)
    if (!member || !member.passwordHash || !matches) {
      // A failure is logged only when the account exists: the log belongs to an account.
      if (member) await signIn.recordFailure(member.id, ip, '密码登录失败：密码错误', LOGIN_SOURCE.password)
      throw invalid(MSG.credentialsWrong)
    }

    // Without a bound phone there is nothing to verify against: such members are not asked.
    const pendingVerification = Boolean(member.phone) && !(await knownAddresses.isKnown(member.id, ip))
    const session = await signIn.signIn(member.id, {
      source: LOGIN_SOURCE.password,
      ip,
      content: pendingVerification ? '密码登录成功，待安全验证' : '密码登录成功',
      pendingVerification,
      asksSecondFactor: true,
      // From outside the account's login mask a right password answers, and counts, as a wrong one.
      outsideMask: () => invalid(MSG.credentialsWrong),
    })
    // Only a login that opened a session ends the failure run.
    await limits.succeeded(attempt)
    if (!isCurrentPasswordHash(member.passwordHash)) await rehash(member.id, member.passwordHash, plain)
    return session
  }

  /** The member's every login name shares its count: its phone and the member accounts it owns. */
  async function subjectOf(identifier: string, member: Member | null): Promise<AttemptSubject> {
    if (!member) return { identifier, member: null }
    const names = [member.phone ?? '', ...(await members.ownedMemberAccounts(member.id))].filter(Boolean)
    return { identifier, member: { id: member.id, loginNames: names } }
  }

  /**
   * A hash made with older scrypt parameters is replaced now that the password is known. The
   * password's age does not change, and a password changed meanwhile is left alone.
   */
  async function rehash(memberId: number, oldHash: string, plain: string): Promise<void> {
    await ctx.db
      .update(memberRows)
      .set({ passwordHash: await hashPassword(plain) })
      .where(and(eq(memberRows.id, memberId), eq(memberRows.passwordHash, oldHash)))
  }

  return { loginByPassword }
}

export type LoginService = ReturnType<typeof createLoginService>
