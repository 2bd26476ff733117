// SMS codes on the wire (doc2 §5, §7 sendSmsCode): what a code is sent for, and the send itself.
import type { SolvedSlider } from './captcha'

export const SMS_PURPOSES = [
  'login',
  'register',
  'forget',
  'bindPhone',
  'securityVerification',
  'reverify',
  'changePhone',
  'activation',
  // Product transfer: step 1 to the bound phone, step 3 to the receiving phone.
  'transferVerify',
  'transferReceive',
] as const
export type SmsPurpose = (typeof SMS_PURPOSES)[number]

/** The purposes /api/pc/sendSmsCode accepts as `type` (the login page's own sends). */
export const PUBLIC_SMS_PURPOSES = ['login', 'register', 'forget'] as const satisfies readonly SmsPurpose[]
export type PublicSmsPurpose = (typeof PUBLIC_SMS_PURPOSES)[number]

/**
 * POST /api/pc/sendSmsCode (`type` one of PUBLIC_SMS_PURPOSES), /api/wechat/getCode and
 * /api/app/account/sendSmsCode (`type` 'bindPhone'): the slider solved for `phone`. The security
 * verification's send (/api/app/securityVerification/sendSmsCode) takes the slider alone: its code
 * goes to the session's bound phone.
 */
export interface SendSmsRequest extends SolvedSlider {
  phone: string
  /** Text on the wire: the server refuses a purpose the call does not send with 非法参数. */
  type: string
}

/**
 * The `data` of the 429 发送过于频繁，请60秒后再试 (another code to this phone within 60 s): the whole
 * seconds until the phone may be sent a code again, so a button counts down the server's own wait.
 */
export interface SmsResendWait {
  retryAfter: number
}
