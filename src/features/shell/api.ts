import { http } from '../../core/http/request'
import type { AccountListItem, LoginResult, SwitchAccountRequest } from '../../core/contract/accounts'

export type { AccountListItem }

export const shellApi = {
  // Badges poll in the background: a failed poll stays quiet.
  unreadNoticeCount: () => http.get<number>('/api/pc/getUnReadCount', undefined, { silent: true }),
  unreadWorkOrderRecordCount: () =>
    http.get<number>('/api/appWorkOrderCommunicationRecords/getRecordCount', undefined, { silent: true }),
  accountList: () => http.get<AccountListItem[]>('/api/app/account/getAccountList'),
  switchAccount: (payload: SwitchAccountRequest) =>
    http.post<LoginResult>('/api/app/account/switchAccount', { ...payload }),
}
