// Logins, registration and the password reset on the wire (doc2 §7 "Login and account"). The types
// are the bodies as the console sends them; the server takes each field as optional (the routes'
// schemas, server/routes/auth.ts) and answers a missing one with the form's own message.
import type { LoginResult } from './account'
import type { SecondFactorStep } from './second-factor'

/** POST /api/app/loginByPassword (and /api/app/login, the same call). */
export interface PasswordLoginRequest {
  /** A phone or a member account. */
  phone: string
  /** encryptPassword(trimmed password), core/crypto/password.ts. */
  password: string
  /** The image captcha (GET /api/app/code) and what was typed for it. */
  uuId: string
  verificationCode: string
}

/**
 * A phone and the SMS code sent to it: POST /api/app/phoneLogin, and /api/wechat/bindPhone (the
 * phone a WeChat login still needs).
 */
export interface PhoneCodeRequest {
  phone: string
  code: string
}

/** POST /api/pc/registerByPhone: both passwords encrypted like the login's. */
export interface RegistrationRequest {
  phone: string
  code: string
  password: string
  passwordAgain: string
  referralCode: string
  /** The agreements were accepted. */
  agreed: boolean
}

/** POST /api/pc/forgetPassword: a forget SMS code and the new password twice (encrypted). */
export interface PasswordResetRequest {
  phone: string
  code: string
  password: string
  passwordAgain: string
}

/**
 * An SMS code for the session's own bound phone: POST /api/app/securityVerification/confirm (a
 * login's security verification) and /api/app/account/reverify/confirm (a stale session's).
 */
export interface SmsCodeRequest {
  code: string
}

/** GET /api/feignApi/fkToken: the single-use token of an entry link (`?token=`, account-area §2). */
export interface EntryTokenQuery {
  token: string
}

/**
 * fkToken's session, with the source the link was issued for (`workOrder` for a work-order login);
 * the exchange does not report 注销中.
 */
export interface EntryExchangeResult extends Omit<LoginResult, 'cancellation'> {
  source: string
}

/** GET /api/app/securityVerification/checkLoginStatus: what a new session still owes. */
export interface LoginStatus {
  verified: boolean
  /** The bound phone, masked (138****0001); '' when none. */
  phone: string
  /** What the login still owes of the second factor (server/services/account/second-factor.ts). */
  secondFactor: SecondFactorStep
}
