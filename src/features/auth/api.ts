import { http } from '../../core/http/request'
import type { LoginResult, UserInfo } from '../../core/session/store'

export interface PasswordLoginPayload {
  /** A phone or a member account. */
  phone: string
  /** Encrypted with encryptPassword. */
  password: string
  uuId: string
  verificationCode: string
}

export interface EntryExchangeResult extends LoginResult {
  source: string
}

export const authApi = {
  // Errors are shown next to the form and refresh the captcha, so no toast here.
  loginByPassword: (payload: PasswordLoginPayload) =>
    http.post<LoginResult>(
      '/api/app/loginByPassword',
      { ...payload, type: 1, platform: process.env.TARO_ENV },
      { silent: true },
    ),
  personalInfo: () => http.get<UserInfo>('/api/pc/getPersonalInfo'),
  logout: () => http.get<null>('/api/pc/logout', undefined, { silent: true }),
  exchangeEntryToken: (token: string) =>
    http.get<EntryExchangeResult>('/api/feignApi/fkToken', { token }, { silent: true }),
}
