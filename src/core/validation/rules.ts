import { MSG } from './messages'

/** Mainland mobile: 11 digits starting with 1 (spec account-area §5). */
export const PHONE_PATTERN = /^1\d{10}$/
export const PASSWORD_MIN_LENGTH = 8

/** RFC 5321's limits: 254 characters in all, 64 before the @. */
export const MAILBOX_MAX = 254
const LOCAL_PART_MAX = 64
/**
 * A mailbox: a local part without spaces, control characters or the characters that make an address
 * list or a display name (`,;:<>()[]\"`), and a domain of letters, digits and hyphens with a TLD.
 * `a,victim@example.com` is no mailbox: a mail library would read it as two.
 */
const MAILBOX_PATTERN =
  // eslint-disable-next-line no-control-regex
  /^[^\s@,;:<>()[\]\\"\u0000-\u001f\u007f]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/

export function isMailbox(value: string): boolean {
  const mailbox = value.trim()
  return (
    mailbox.length <= MAILBOX_MAX && mailbox.indexOf('@') <= LOCAL_PART_MAX && MAILBOX_PATTERN.test(mailbox)
  )
}

/** A person's name as stored and written into mail: trimmed, without control characters (CR, LF …). */
// eslint-disable-next-line no-control-regex
export const plainName = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, '').trim()

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim())
}

/** At least 8 characters mixing at least three of lower, upper, digit and symbol. */
export function isStrongPassword(value: string): boolean {
  const password = value.trim()
  if (password.length < PASSWORD_MIN_LENGTH) return false
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d\s]/].filter((re) => re.test(password))
  return classes.length >= 3
}

/** The account field takes a phone or a member account; a string of digits must be a valid phone. */
export function accountError(value: string): string | null {
  const account = value.trim()
  if (!account) return MSG.accountRequired
  if (/^\d+$/.test(account) && !isPhone(account)) return MSG.phoneInvalid
  return null
}

/** Login applies the same rule as a new password: no account can hold a weaker one. */
export const loginPasswordError = newPasswordError

export function phoneError(value: string): string | null {
  if (!value.trim()) return MSG.phoneRequired
  return isPhone(value) ? null : MSG.phoneInvalid
}

export const SMS_CODE_LENGTH = 6
export const REFERRAL_CODE_MAX = 6

export function smsCodeError(value: string): string | null {
  const code = value.trim()
  if (!code) return MSG.smsCodeRequired
  return code.length === SMS_CODE_LENGTH ? null : MSG.smsCodeLength
}

/** A new password: required, then the strength rule. */
export function newPasswordError(value: string): string | null {
  if (!value.trim()) return MSG.passwordRequired
  return isStrongPassword(value) ? null : MSG.passwordRule
}

export function passwordAgainError(password: string, again: string): string | null {
  if (!again.trim()) return MSG.passwordAgainRequired
  return password.trim() === again.trim() ? null : MSG.passwordMismatch
}

export function referralCodeError(value: string): string | null {
  return value.trim().length > REFERRAL_CODE_MAX ? MSG.referralTooLong : null
}

export function captchaError(value: string): string | null {
  return value.trim() ? null : MSG.captchaRequired
}

/** Image captchas are compared case-insensitively (spec account-area §5). */
export function captchaMatches(expected: string, given: string): boolean {
  return expected.trim().toLowerCase() === given.trim().toLowerCase()
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>

export interface PasswordLoginForm {
  account: string
  password: string
  captcha: string
}

/** Collects the first error of each field; an empty object means the form is valid. */
export function collectErrors<K extends string>(checks: Record<K, string | null>): FieldErrors<K> {
  const errors: FieldErrors<K> = {}
  for (const key of Object.keys(checks) as K[]) {
    const error = checks[key]
    if (error) errors[key] = error
  }
  return errors
}

export function validatePasswordLogin(form: PasswordLoginForm): FieldErrors<keyof PasswordLoginForm> {
  return collectErrors({
    account: accountError(form.account),
    password: loginPasswordError(form.password),
    captcha: captchaError(form.captcha),
  })
}

export interface SmsLoginForm {
  phone: string
  code: string
}

export function validateSmsLogin(form: SmsLoginForm): FieldErrors<keyof SmsLoginForm> {
  return collectErrors({ phone: phoneError(form.phone), code: smsCodeError(form.code) })
}

export interface RegistrationForm {
  phone: string
  code: string
  password: string
  passwordAgain: string
  referralCode: string
  agreed: boolean
}

export function validateRegistration(form: RegistrationForm): FieldErrors<keyof RegistrationForm> {
  return collectErrors({
    phone: phoneError(form.phone),
    code: smsCodeError(form.code),
    password: newPasswordError(form.password),
    passwordAgain: passwordAgainError(form.password, form.passwordAgain),
    referralCode: referralCodeError(form.referralCode),
    agreed: form.agreed ? null : MSG.agreementRequired,
  })
}

export interface PasswordResetForm {
  phone: string
  code: string
  password: string
  passwordAgain: string
}

export function validatePasswordReset(form: PasswordResetForm): FieldErrors<keyof PasswordResetForm> {
  return collectErrors({
    phone: phoneError(form.phone),
    code: smsCodeError(form.code),
    password: newPasswordError(form.password),
    passwordAgain: passwordAgainError(form.password, form.passwordAgain),
  })
}
