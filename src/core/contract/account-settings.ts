// The account settings' changes on the wire (account-area §7 "Account"; docs/api.md "Account
// settings"): the bodies as /accountManage sends them. The server takes each field as optional
// (server/routes/account-settings.ts) and answers a missing one with the form's own message.
import type { SolvedSlider } from './captcha'

/** POST /api/pc/editAccountFullNameAndMemberAccount: memberAccount '' when it may not change. */
export interface EditNameRequest {
  memberAccount: string
  fullName: string
}

/** §4 password action: model 0 sets a first password, model 1 changes it (old password required). */
export const PASSWORD_MODEL = { set: 0, change: 1 } as const
export type PasswordModel = (typeof PASSWORD_MODEL)[keyof typeof PASSWORD_MODEL]

/** GET /api/pc/checkPassword: whether the member has a password yet. */
export interface PasswordModelAnswer {
  model: PasswordModel
}

/** POST /api/pc/updatePassword: each password encryptPassword(trimmed), like the login's. */
export interface PasswordChangeRequest {
  /** '' when the member has no password yet (model 0). */
  oldPassword: string
  password: string
  passwordAgain: string
  /** The client's idea of the password model (0 none yet, 1 set); the server goes by its own. */
  model: number
}

/** POST /api/pc/sendSmsCode2 and /api/pc/transfer/sendSmsCode: a code to the phone named, the slider solved for it. */
export interface PhoneSmsRequest extends SolvedSlider {
  phone: string
}

/** POST /api/pc/updateBingPhone (and updateAccountPhone): the new phone, its code, an image captcha. */
export interface PhoneChangeRequest {
  bindPhone: string
  code: string
  /** The image captcha (GET /api/app/code) and what was typed for it. */
  uuId: string
  verificationCode: string
}

/** POST /api/pc/editAccountEmail. */
export interface EditEmailRequest {
  mailbox: string
}

/** POST /api/pc/updateAccountManagerByReferralCode: the customer manager's referral code. */
export interface ReferralCodeRequest {
  referralCode: string
}

/** GET /api/pc/getClientIp: the caller's address, partly hidden. */
export interface ClientAddress {
  ip: string
}

/**
 * The login mask (account-area §4): GET /api/pc/getMyIp answers it, POST /api/pc/saveMyIp takes it.
 * status 0 restricts logins to `ip`, the comma-joined list; status 1 is unrestricted, with ''.
 */
export interface LoginMask {
  status: number
  ip: string
}
