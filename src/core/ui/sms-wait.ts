// The wait between SMS codes (spec: resend countdown 60 s). The server counts it per phone, whatever
// the code is for (server/services/sms/sms.ts), so the buttons key it by phone too: after a reload,
// or on another form for that phone, 获取验证码 keeps counting down instead of costing a slider only
// to be refused.
import { REFUSAL_CODE } from '../contract/envelope'
import type { SmsResendWait } from '../contract/sms'
import { ApiError } from '../http/api-error'

export const SMS_RESEND_SECONDS = 60

/**
 * The countdown key of a send: the typed phone, or for the session's bound phone (not known here)
 * the form's `boundKey`.
 */
export function smsWaitKey(phone: string | null, boundKey = 'bound'): string {
  return phone === null ? `sms-bound:${boundKey}` : `sms:${phone.trim()}`
}

/**
 * Seconds to count down after a refused send: what the server says is left of the phone's wait
 * (发送过于频繁，请60秒后再试 carries `retryAfter`), at most the 60 s; 0 for any other refusal.
 */
export function waitAfterRefusal(failure: unknown): number {
  if (!(failure instanceof ApiError) || failure.code !== REFUSAL_CODE.tooManyRequests) return 0
  const retryAfter = (failure.data as Partial<SmsResendWait> | null | undefined)?.retryAfter
  if (typeof retryAfter !== 'number' || !Number.isFinite(retryAfter) || retryAfter <= 0) return 0
  return Math.min(Math.ceil(retryAfter), SMS_RESEND_SECONDS)
}
