// Who is calling: the session's member and the role it is acting in. Every domain reads it, so it
// lives at the bottom with the roles; services/auth/sessions.ts makes it from a session.
import type { SecondFactorStep } from '../../../src/core/contract/second-factor'
import { ROLE, type Role } from '../../../src/core/contract/account'

export interface Viewer {
  sessionId: number
  memberId: number
  accountId: number
  /** 0 for the main account. */
  subAccountId: number
  role: Role
  source: string
  /** A password login from a new address that has not yet confirmed an SMS code. */
  pendingVerification: boolean
  /** A login that still owes its second factor: a code ('verify') or enrolment ('enrol'). */
  pendingSecondFactor: PendingSecondFactor | null
}

export type PendingSecondFactor = Exclude<SecondFactorStep, 'none'>

/** Whom an answer cached per viewer is about: the account's main view or one sub-admin's. */
export const addresseeKey = (viewer: Pick<Viewer, 'accountId' | 'subAccountId' | 'role'>) =>
  `${viewer.accountId}:${viewer.role === ROLE.main ? 'main' : viewer.subAccountId}`
