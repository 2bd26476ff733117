// 注销账号: the blockers that keep an account from being cancelled, the 注销中 state and the requests
// (GET /api/pc/cancellationCheck, POST /api/pc/cancelAccount, POST /api/pc/withdrawCancellation).

/** What still keeps the account from being cancelled, each fixed on its own page. */
export const BLOCKER_KIND = {
  products: 'products',
  unpaidOrders: 'unpaidOrders',
  refundingOrders: 'refundingOrders',
  workOrders: 'workOrders',
  invoices: 'invoices',
  contracts: 'contracts',
  subAdmins: 'subAdmins',
} as const
export type BlockerKind = (typeof BLOCKER_KIND)[keyof typeof BLOCKER_KIND]

export interface CancellationBlocker {
  kind: BlockerKind
  count: number
  text: string
  /** The console page where it is dealt with. */
  path: string
}

/** 注销中: asked at requestedAt, cancelled by the job from dueAt on (ISO times). */
export interface PendingCancellation {
  requestedAt: string
  dueAt: string
}

export interface CancellationCheck {
  /** A sub-admin's 注销 only leaves this account, at once, with nothing to check. */
  subAdmin: boolean
  /** Empty when the account may be cancelled; the main account's only (a sub-admin leaves freely). */
  blockers: CancellationBlocker[]
  cancellation: PendingCancellation | null
  /** Accounts where the owner is also a sub-admin: they stay, and the owner is asked first. */
  otherAccounts: string[]
}

export interface CancelAccountRequest {
  confirmed: boolean
  /** The owner's yes to 「你同时是其他账号的子管理员…」: needed when otherAccounts is not empty. */
  keepOtherRoles?: boolean
}
