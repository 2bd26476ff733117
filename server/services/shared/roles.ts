// Which roles a member holds: its own main account (role 0) and the sub-administrator roles
// (role 1) it has been given on other accounts (account-area §6). A cancelled account's roles are
// no longer listed, but heldRole still finds them so the login gate (sign-in.ts `admit`) can say
// why the account is refused instead of pretending the role is unknown.
import { and, asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { ROLE, type Role } from '../../../src/core/contract/account'
import { accounts, subAccounts } from '../../db/schema'

/** accounts.state (account-area §3): 1 normal, 0 cancelled (the operation log link hides, §2). */
export const ACCOUNT_STATE = { normal: 1, cancelled: 0 } as const

/** Sub-admin rows that can be used: activated through their link (account-area §4). */
export const ACTIVE = 1

export interface RoleGrant {
  memberId: number
  accountId: number
  /** 0 for the main account. */
  subAccountId: number
  role: Role
  memberAccount: string
  accountName: string
  /** Who the member is in this role: the account name, or the sub-admin's full name. */
  userName: string
}

export interface RoleTarget {
  accountId: number
  subAccountId: number
  role: number
}

/** A role with whether its account is cancelled. */
interface Holding {
  grant: RoleGrant
  cancelled: boolean
}

export function createRoleService({ db }: AppContext) {
  /** Every role, cancelled accounts included: the main account first, then sub-admin roles in the order they were granted. */
  async function holdings(memberId: number): Promise<Holding[]> {
    const owned = await db
      .select({
        accountId: accounts.id,
        memberAccount: accounts.memberAccount,
        accountName: accounts.accountName,
        state: accounts.state,
      })
      .from(accounts)
      .where(eq(accounts.ownerMemberId, memberId))
    const granted = await db
      .select({
        accountId: accounts.id,
        subAccountId: subAccounts.id,
        memberAccount: accounts.memberAccount,
        accountName: accounts.accountName,
        userName: subAccounts.fullName,
        state: accounts.state,
      })
      .from(subAccounts)
      .innerJoin(accounts, eq(accounts.id, subAccounts.accountId))
      .where(and(eq(subAccounts.memberId, memberId), eq(subAccounts.activeState, ACTIVE)))
      .orderBy(asc(subAccounts.id))
    const cancelled = (state: number) => state === ACCOUNT_STATE.cancelled
    return [
      ...owned.map(({ state, ...row }) => ({
        cancelled: cancelled(state),
        grant: { ...row, memberId, subAccountId: 0, role: ROLE.main, userName: row.accountName },
      })),
      ...granted.map(({ state, ...row }) => ({
        cancelled: cancelled(state),
        grant: { ...row, memberId, role: ROLE.subAdmin },
      })),
    ]
  }

  /** The roles the header's account switch lists (account-area §6): cancelled accounts left out. */
  async function memberRoles(memberId: number): Promise<RoleGrant[]> {
    return (await holdings(memberId)).filter((held) => !held.cancelled).map((held) => held.grant)
  }

  /**
   * The role a login lands on: the member's live main account, else its first live sub-admin role;
   * a member whose every account is cancelled lands on its first, which the login gate refuses.
   */
  async function primaryRole(memberId: number): Promise<RoleGrant | null> {
    const all = await holdings(memberId)
    return (all.find((held) => !held.cancelled) ?? all[0])?.grant ?? null
  }

  /** The role if the member holds it, even on a cancelled account (the login gate says why it is refused). */
  async function heldRole(memberId: number, target: RoleTarget): Promise<RoleGrant | null> {
    const held = (await holdings(memberId)).find(
      ({ grant }) =>
        grant.accountId === target.accountId &&
        grant.subAccountId === target.subAccountId &&
        grant.role === target.role,
    )
    return held?.grant ?? null
  }

  return { memberRoles, primaryRole, heldRole }
}

export type RoleService = ReturnType<typeof createRoleService>
