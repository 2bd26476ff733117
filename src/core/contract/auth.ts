// Logins, registration and the password reset on the wire (doc2 §7 "Login and account"). The types
// are the bodies as the console sends them; the server takes each field as optional (the routes'
// schemas, server/routes/auth.ts) and answers a missing one with the form's own message.

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
