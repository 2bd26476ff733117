import { http } from '../../core/http/request'
import type { AccountListItem, LoginResult, SwitchAccountRequest } from '../../core/contract/account'
import type { PasswordModelAnswer } from '../../core/contract/account-settings'

export type { AccountListItem }

export const shellApi = {
  // Badges poll in the background: a failed poll stays quiet.
  unreadNoticeCount: () => http.get<number>('/api/pc/getUnReadCount', undefined, { silent: true }),
  unreadWorkOrderRecordCount: () =>
    http.get<number>('/api/appWorkOrderCommunicationRecords/getRecordCount', undefined, { silent: true }),
  accountList: () => http.get<AccountListItem[]>('/api/app/account/getAccountList'),
  switchAccount: (payload: SwitchAccountRequest) =>
    http.post<LoginResult>('/api/app/account/switchAccount', { ...payload }),
  // The header's 修改密码 asks whether a password exists (model 0 sets one, 1 changes it).
  passwordModel: () => http.get<PasswordModelAnswer>('/api/pc/checkPassword', undefined, { silent: true }),
}
