// Account settings rules (account-area §5, §9; doc2 §5 passwords), checked by the forms and again by
// the reference server: the account name, the login mask, the referral code, the password change.
import { PASSWORD_MODEL, type PasswordModel } from '../contract/account-settings'
import { collectErrors, newPasswordError, passwordAgainError, type FieldErrors } from './rules'

export const ACCOUNT_MSG = {
  memberAccountRequired: '请输入新的账号',
  memberAccountDigits: '账号不能为纯数字',
  fullNameRequired: '请输入姓名',
  nameInvalid: '不能包含特殊字符，且不超过32个字符（中文算2个）',
  oldPasswordRequired: '请输入当前密码',
  maskRequired: '请输入登录掩码',
  maskInvalid: '登录掩码格式有误',
  maskDuplicate: '登录掩码重复',
  referralCodeInvalid: '请输入6位数字+字母的推荐码',
  newPhoneRequired: '请输入新手机号',
  smsCodeRequired: '请输入短信验证码',
  cancelUnconfirmed: '请先勾选确认注销选项',
} as const

/** §9: names are capped at 32 width units, a Chinese character counting 2. */
export const NAME_WIDTH_MAX = 32

const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/
/** What a name may hold: letters, digits, underscore and Chinese; everything else is stripped. */
const NAME_CHARACTER = /[A-Za-z0-9_\u4e00-\u9fa5]/

export function textWidth(text: string): number {
  return Array.from(text).reduce((sum, char) => sum + (WIDE.test(char) ? 2 : 1), 0)
}

/** §5: strips special characters, then cuts at 32 width units (as the user types). */
export function sanitizeName(typed: string): string {
  let width = 0
  let kept = ''
  for (const char of Array.from(typed)) {
    if (!NAME_CHARACTER.test(char)) continue
    width += WIDE.test(char) ? 2 : 1
    if (width > NAME_WIDTH_MAX) break
    kept += char
  }
  return kept
}

function nameError(value: string, required: string): string | null {
  const name = value.trim()
  if (!name) return required
  return sanitizeName(name) === name ? null : ACCOUNT_MSG.nameInvalid
}

/** 账号 (member account, the login name): digits alone would be taken for a phone at login. */
export function memberAccountError(value: string): string | null {
  const error = nameError(value, ACCOUNT_MSG.memberAccountRequired)
  if (error) return error
  return /^\d+$/.test(value.trim()) ? ACCOUNT_MSG.memberAccountDigits : null
}

export function accountFullNameError(value: string): string | null {
  return nameError(value, ACCOUNT_MSG.fullNameRequired)
}

/** §5: the referral code is 6 letters or digits. */
export function accountReferralCodeError(value: string): string | null {
  return /^[A-Za-z0-9]{6}$/.test(value.trim()) ? null : ACCOUNT_MSG.referralCodeInvalid
}

export interface PasswordChangeForm {
  oldPassword: string
  password: string
  passwordAgain: string
}

export function validatePasswordChange(
  form: PasswordChangeForm,
  model: PasswordModel,
): FieldErrors<keyof PasswordChangeForm> {
  return collectErrors({
    oldPassword:
      model === PASSWORD_MODEL.change && !form.oldPassword.trim() ? ACCOUNT_MSG.oldPasswordRequired : null,
    password: newPasswordError(form.password),
    passwordAgain: passwordAgainError(form.password, form.passwordAgain),
  })
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

export function isIpv4(value: string): boolean {
  return IPV4.test(value.trim())
}

/** The first offending entry of a login mask (§5) and why; null when every entry is good. */
export interface MaskEntryError {
  index: number
  message: string
}

export function maskEntriesError(entries: readonly string[]): MaskEntryError | null {
  if (entries.length === 0) return { index: 0, message: ACCOUNT_MSG.maskRequired }
  const seen = new Set<string>()
  for (const [index, raw] of entries.entries()) {
    const entry = raw.trim()
    if (!entry) return { index, message: ACCOUNT_MSG.maskRequired }
    if (!isIpv4(entry)) return { index, message: ACCOUNT_MSG.maskInvalid }
    if (seen.has(entry)) return { index, message: ACCOUNT_MSG.maskDuplicate }
    seen.add(entry)
  }
  return null
}

/** §3: the mask travels as one comma-joined list. */
export function splitMask(list: string): string[] {
  return list.trim() ? list.split(',').map((entry) => entry.trim()) : []
}

export function joinMask(entries: readonly string[]): string {
  return entries.map((entry) => entry.trim()).join(',')
}

/**
 * A client address as the mask compares it: IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address
 * and IPv6 loopback is 127.0.0.1; any other IPv6 address matches no IPv4 entry.
 */
export function maskAddress(ip: string): string {
  const address = ip.trim().toLowerCase()
  if (address === '::1') return '127.0.0.1'
  return address.startsWith('::ffff:') && isIpv4(address.slice(7)) ? address.slice(7) : address
}

/** Whether a login from `ip` passes a mask: off, or the address is one of its entries. */
export function maskAllows(mask: { enabled: boolean; ips: string }, ip: string): boolean {
  return !mask.enabled || splitMask(mask.ips).includes(maskAddress(ip))
}
