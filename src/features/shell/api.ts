import { http } from '../../core/http/request'
import type { LoginResult } from '../../core/session/store'

export interface RelatedSite {
  siteName: string
  siteUrl: string
}

export interface AccountListItem {
  memberAccount: string
  accountName: string
  role: number
  /** 1 for the role this session is using. */
  isLogin: number
  relationSite: RelatedSite[]
  accountId: number
  subAccountId: number
}

export interface SwitchAccountPayload {
  accountId: number
  subAccountId: number
  role: number
  sign: string
}

export const shellApi = {
  // Badges poll in the background: a failed poll stays quiet.
  unreadNoticeCount: () => http.get<number>('/api/pc/getUnReadCount', undefined, { silent: true }),
  unreadWorkOrderRecordCount: () =>
    http.get<number>('/api/appWorkOrderCommunicationRecords/getRecordCount', undefined, { silent: true }),
  accountList: () => http.get<AccountListItem[]>('/api/app/account/getAccountList'),
  switchAccount: (payload: SwitchAccountPayload) =>
    http.post<LoginResult>('/api/app/account/switchAccount', { ...payload }),
}
