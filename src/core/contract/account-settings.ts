// The account settings' changes on the wire (account-area §7 "Account"; docs/api.md "Account
// settings"): the bodies as /accountManage sends them. The server takes each field as optional
// (server/routes/account-settings.ts) and answers a missing one with the form's own message.
import type { SolvedSlider } from './captcha'

/** POST /api/pc/editAccountFullNameAndMemberAccount: memberAccount '' when it may not change. */
export interface EditNameRequest {
  memberAccount: string
  fullName: string
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

/** POST /api/pc/sendSmsCode2: a changePhone code to the new phone, the slider solved for it. */
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

/**
 * The login mask (account-area §4): GET /api/pc/getMyIp answers it, POST /api/pc/saveMyIp takes it.
 * status 0 restricts logins to `ip`, the comma-joined list; status 1 is unrestricted, with ''.
 */
export interface LoginMask {
  status: number
  ip: string
}
