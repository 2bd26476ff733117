// Product transfer form rules (account-area §5 Transfer), checked by the page and by the server.
import { MSG } from './messages'
import { phoneError, smsCodeError } from './rules'

export const TRANSFER_MSG = {
  receiverRequired: '请输入新手机号码',
  codeRequired: '请输入短信验证码',
  noProducts: '您尚未选择移交的产品',
} as const

/** The receiving phone: required first (请输入新手机号码), then the mainland pattern. */
export function receiverPhoneError(phone: string): string | null {
  if (!phone.trim()) return TRANSFER_MSG.receiverRequired
  return phoneError(phone)
}

/** An SMS code of the transfer: required (请输入短信验证码), then 6 characters. */
export function transferCodeError(code: string): string | null {
  if (!code.trim()) return TRANSFER_MSG.codeRequired
  const error = smsCodeError(code)
  return error === MSG.smsCodeRequired ? TRANSFER_MSG.codeRequired : error
}

/** At least one product (您尚未选择移交的产品); ids are positive integers, each once. */
export function productsError(ids: readonly number[]): string | null {
  return ids.length ? null : TRANSFER_MSG.noProducts
}

/** The chosen ids as the server keeps them: positive integers, duplicates dropped. */
export function distinctIds(ids: readonly number[]): number[] {
  return [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))]
}
