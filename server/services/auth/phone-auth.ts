// Logins and account changes proven by an SMS code (doc2 §2 Login, §5, §7): phone + code login,
// registration by phone, and the forgotten-password reset. Passwords arrive encrypted like on the
// password login; the rules and texts are the client's (src/core/validation).
import { forgetTrustedDevices } from '../account/second-factor'
import type {
  PasswordResetRequest,
  PhoneCodeRequest,
  RegistrationRequest,
} from '../../../src/core/contract/auth'
import { maskPhone } from '../../../src/core/format/mask'
import { MSG } from '../../../src/core/validation/messages'
import {
  validatePasswordReset,
  validateRegistration,
  validateSmsLogin,
} from '../../../src/core/validation/rules'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { invalid } from '../shared/errors'
import { decryptPassword, hashPassword } from '../../security/password'
import type { LoginLimits } from './login-limits'
import type { Member, MemberDirectory } from '../account/members'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import type { RoleService } from '../shared/roles'
import type { LoginResult } from '../../../src/core/contract/account'
import type { SessionService } from './sessions'
import { LOGIN_SOURCE, type SignIn } from './sign-in'
import { freeGeneratedName } from './generated-name'
import type { SmsService } from '../sms/sms'

export const PHONE_AUTH_MESSAGES = {
  phoneAndCodeRequired: '请输入手机号、验证码',
  wrongCode: '请输入正确的手机号和验证码',
  alreadyRegistered: '该手机号已注册，请直接登录',
  registered: '注册成功',
  reset: '重置成功',
} as const

// The bodies as the contract declares them; any field may be missing (the form's own message answers it).
export type SmsLoginInput = Partial<PhoneCodeRequest>
export type RegistrationInput = Partial<RegistrationRequest>
export type PasswordResetInput = Partial<PasswordResetRequest>

interface PhoneAuthDeps {
  members: MemberDirectory
  roles: RoleService
  sessions: SessionService
  limits: LoginLimits
  operateLog: OperateLog
  signIn: SignIn
  sms: SmsService
}

/** The first error in field order, or null. */
function firstError(errors: Partial<Record<string, string>>, order: string[]): string | null {
  for (const field of order) if (errors[field]) return errors[field] ?? null
  return null
}

export function createPhoneAuth(ctx: AppContext, deps: PhoneAuthDeps) {
  const { members, roles, sessions, limits, operateLog, signIn, sms } = deps

  /** A password field's plain text; null when it is not a ciphertext made with the shared key. */
  function plainPassword(ciphertext: string | undefined): string | null {
    const text = (ciphertext ?? '').trim()
    return text ? decryptPassword(text, ctx.config.passwordKey) : ''
  }

  /** Registration and reset: the form's own errors, an undecryptable password counting as wrong. */
  function passwordFormError(
    errors: Partial<Record<string, string>>,
    password: string | null,
    again: string | null,
  ): string | null {
    return firstError(
      {
        ...errors,
        ...(password === null ? { password: MSG.credentialsWrong } : {}),
        ...(again === null ? { passwordAgain: MSG.credentialsWrong } : {}),
      },
      ['phone', 'code', 'password', 'passwordAgain', 'referralCode', 'agreed'],
    )
  }

  /** POST /api/app/phoneLogin. */
  async function phoneLogin(input: SmsLoginInput, ip: string): Promise<LoginResult> {
    const phone = (input.phone ?? '').trim()
    const code = (input.code ?? '').trim()
    if (!phone && !code) throw invalid(PHONE_AUTH_MESSAGES.phoneAndCodeRequired)
    const error = firstError(validateSmsLogin({ phone, code }), ['phone', 'code'])
    if (error) throw invalid(error)
    const member = await members.byPhone(phone)
    // An unknown phone was never sent a login code, so this fails for it like a wrong code.
    if (!(await sms.consume(phone, 'login', code)) || !member) {
      if (member) await signIn.recordFailure(member.id, ip, '短信登录失败：验证码错误', LOGIN_SOURCE.sms)
      throw invalid(PHONE_AUTH_MESSAGES.wrongCode)
    }
    return signIn.signIn(member.id, {
      source: LOGIN_SOURCE.sms,
      ip,
      content: '短信验证码登录成功',
      asksSecondFactor: true,
    })
  }

  /** POST /api/pc/registerByPhone: a member with a main account, logged in. */
  async function registerByPhone(input: RegistrationInput, ip: string): Promise<LoginResult> {
    const phone = (input.phone ?? '').trim()
    const code = (input.code ?? '').trim()
    const password = plainPassword(input.password)
    const again = plainPassword(input.passwordAgain)
    const referralCode = (input.referralCode ?? '').trim()
    const error = passwordFormError(
      validateRegistration({
        phone,
        code,
        password: password ?? '',
        passwordAgain: again ?? '',
        referralCode,
        agreed: input.agreed === true,
      }),
      password,
      again,
    )
    if (error) throw invalid(error)
    if (!(await sms.consume(phone, 'register', code))) throw invalid(PHONE_AUTH_MESSAGES.wrongCode)
    if (await members.byPhone(phone)) throw invalid(PHONE_AUTH_MESSAGES.alreadyRegistered)

    let member: Member
    try {
      member = await members.createWithAccount({
        phone,
        passwordHash: await hashPassword((password ?? '').trim()),
        wxOpenId: null,
        memberAccount: await freeGeneratedName(ctx, phone),
        accountName: maskPhone(phone),
        referralCode: referralCode || null,
      })
    } catch (failure) {
      // Registered in the meantime (the phone, or its member account, is taken).
      if (isUniqueViolation(failure)) throw invalid(PHONE_AUTH_MESSAGES.alreadyRegistered)
      throw failure
    }
    return signIn.signIn(member.id, { source: LOGIN_SOURCE.register, ip, content: '手机号注册成功' })
  }

  /**
   * POST /api/pc/forgetPassword: a new password; every session of the member ends and the
   * password-login lockout of its phone and member account is lifted.
   */
  async function forgetPassword(input: PasswordResetInput, ip: string): Promise<void> {
    const phone = (input.phone ?? '').trim()
    const code = (input.code ?? '').trim()
    const password = plainPassword(input.password)
    const again = plainPassword(input.passwordAgain)
    const error = passwordFormError(
      validatePasswordReset({ phone, code, password: password ?? '', passwordAgain: again ?? '' }),
      password,
      again,
    )
    if (error) throw invalid(error)
    const member = await members.byPhone(phone)
    if (!(await sms.consume(phone, 'forget', code)) || !member) throw invalid(PHONE_AUTH_MESSAGES.wrongCode)

    await members.setPassword(member.id, await hashPassword((password ?? '').trim()))
    await sessions.revokeAllOf(member.id)
    await forgetTrustedDevices(ctx.db, member.id)
    await limits.clearFailures([phone, ...(await members.ownedMemberAccounts(member.id))])
    const grant = await roles.primaryRole(member.id)
    if (grant) {
      await operateLog.record(grant, {
        type: OPERATE_TYPE.changePassword,
        content: '通过短信验证码重置密码',
        status: OPERATE_STATUS.success,
        ip,
      })
    }
  }

  return { phoneLogin, registerByPhone, forgetPassword }
}

export type PhoneAuth = ReturnType<typeof createPhoneAuth>
