// The viewer's own account on the wire (account-area §2, §3, §6, §7; doc2 §3 "Personal info",
// "Account list entries"): getPersonalInfo, getAccountList, switchAccount.
import type { PendingCancellation } from './cancellation'

/** account-area §6: the role a session acts in, the main account's own (0) or a sub-administrator's (1). */
export const ROLE = { main: 0, subAdmin: 1 } as const
export type Role = (typeof ROLE)[keyof typeof ROLE]

/** A session as every login and switchAccount answer it: the token and the role acted in. */
export interface LoginResult {
  token: string
  accountId: number
  subAccountId: number
  role: Role
  /** The account is 注销中: the console opens 账户管理, where 撤销注销 is offered. */
  cancellation?: PendingCancellation
}

/** getPersonalInfo. */
export interface PersonalInfo {
  memberId: number
  accountId: number
  subAccountId: number
  role: Role
  memberAccount: string
  accountName: string
  /** Sub-admin: its full name; main account: the account name. */
  userName: string
  /** The full number, '' when none is bound; the client masks it (account-area §2). */
  bindPhone: string
  email: string
  state: number
  weixin: string
  referralCode: string
  /** The account's first site, '' when it has none. */
  url: string
  passwordUpdatedAt: string | null
}

/**
 * GET /api/user/getPrersonalInfo: the spec's lookup of a profile by userId (the accountId, or
 * accountId_subAccountId for a sub-admin), answered for the viewer's own alone. The console itself
 * reads getPersonalInfo.
 */
export interface PersonalInfoQuery {
  userId: string
  accountId: string
}

export interface RelatedSite {
  siteName: string
  siteUrl: string
}

/** getAccountList: one entry per role the member holds. */
export interface AccountListItem {
  memberAccount: string
  accountName: string
  role: Role
  /** 1 for the role this session is acting in. */
  isLogin: number
  relationSite: RelatedSite[]
  accountId: number
  subAccountId: number
}

/** switchAccount's body: the role to act in, signed (core/crypto/switch-sign.ts). */
export interface SwitchAccountRequest {
  accountId: number
  subAccountId: number
  role: number
  sign: string
}

/** GET /api/pc/checkBindPhone: the phone's counterpart of checkBindWechat. */
export interface PhoneBindingStatus {
  bound: boolean
}

/** POST /api/pc/bindPhone: a bindPhone SMS code, and optionally a first password (encrypted). */
export interface PcBindPhoneRequest {
  phone: string
  code: string
  password?: string
}

/** POST /api/pc/updateMemberAccount: the main account's login name alone. */
export interface UpdateMemberAccountRequest {
  memberAccount: string
}
