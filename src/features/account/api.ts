import { http } from '../../core/http/request'
import type { PersonalInfo } from '../../core/contract/account'
import type {
  ClientAddress,
  EditEmailRequest,
  EditNameRequest,
  LoginMask,
  PasswordChangeRequest,
  PasswordModelAnswer,
  PhoneChangeRequest,
  PhoneSmsRequest,
  ReferralCodeRequest,
} from '../../core/contract/account-settings'
import type { SmsCodeRequest } from '../../core/contract/auth'
import type { NotificationSettings, SaveNotificationSettingsRequest } from '../../core/contract/notifications'
import type { SolvedSlider } from '../../core/ui/captcha/api'

/** getPersonalInfo as the account settings read it (the session's UserInfo plus what it leaves out). */
export type AccountInfo = PersonalInfo

// Form calls are silent: the forms show their failures themselves (next to the field or as a toast),
// and a refusal for a stale session opens the re-verification instead (fresh-session.ts).
const silent = { silent: true }

export const accountApi = {
  info: () => http.get<AccountInfo>('/api/pc/getPersonalInfo', undefined, silent),
  editName: (memberAccount: string, fullName: string) =>
    http.post<null>(
      '/api/pc/editAccountFullNameAndMemberAccount',
      { memberAccount, fullName } satisfies EditNameRequest,
      silent,
    ),
  passwordModel: () => http.get<PasswordModelAnswer>('/api/pc/checkPassword', undefined, silent),
  updatePassword: (payload: PasswordChangeRequest) =>
    http.post<null>('/api/pc/updatePassword', { ...payload }, silent),
  sendPhoneCode: (phone: string, slider: SolvedSlider) =>
    http.post<null>('/api/pc/sendSmsCode2', { phone, ...slider } satisfies PhoneSmsRequest, silent),
  changePhone: (payload: PhoneChangeRequest) =>
    http.post<null>('/api/pc/updateBingPhone', { ...payload }, silent),
  editEmail: (mailbox: string) =>
    http.post<null>('/api/pc/editAccountEmail', { mailbox } satisfies EditEmailRequest, silent),
  updateReferralCode: (referralCode: string) =>
    http.post<null>(
      '/api/pc/updateAccountManagerByReferralCode',
      { referralCode } satisfies ReferralCodeRequest,
      silent,
    ),
  loginMask: () => http.get<LoginMask>('/api/pc/getMyIp', undefined, silent),
  clientIp: () => http.get<ClientAddress>('/api/pc/getClientIp', undefined, silent),
  saveLoginMask: (mask: LoginMask) => http.post<null>('/api/pc/saveMyIp', { ...mask }, silent),
  cancelAccount: () => http.post<null>('/api/pc/cancelAccount', { confirmed: true }, silent),
  notificationSettings: () => http.get<NotificationSettings>('/api/notify/settings', undefined, silent),
  saveNotificationSettings: (settings: SaveNotificationSettingsRequest) =>
    http.post<null>('/api/notify/settings', { ...settings }, silent),

  sendReverifyCode: (slider: SolvedSlider) =>
    http.post<null>('/api/app/account/reverify/sendSmsCode', { ...slider }, silent),
  confirmReverify: (code: string) =>
    http.post<null>('/api/app/account/reverify/confirm', { code } satisfies SmsCodeRequest, silent),
}
