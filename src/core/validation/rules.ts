import { MSG } from './messages'

/** Mainland mobile: 11 digits starting with 1 (spec account-area §5). */
export const PHONE_PATTERN = /^1\d{10}$/
export const PASSWORD_MIN_LENGTH = 8

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

export function loginPasswordError(value: string): string | null {
  if (!value.trim()) return MSG.passwordRequired
  if (!isStrongPassword(value)) return MSG.passwordRule
  return null
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

/** First error per field, in the order the form shows them. */
export function validatePasswordLogin(form: PasswordLoginForm): FieldErrors<keyof PasswordLoginForm> {
  const errors: FieldErrors<keyof PasswordLoginForm> = {}
  const account = accountError(form.account)
  const password = loginPasswordError(form.password)
  const captcha = captchaError(form.captcha)
  if (account) errors.account = account
  if (password) errors.password = password
  if (captcha) errors.captcha = captcha
  return errors
}
