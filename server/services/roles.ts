// Which roles a member holds: its own main account (role 0) and the sub-administrator roles
// (role 1) it has been given on other accounts (account-area §6).
import { and, asc, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { accounts, subAccounts } from '../db/schema'

export const ROLE = { main: 0, subAdmin: 1 } as const
export type Role = (typeof ROLE)[keyof typeof ROLE]

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

export function createRoleService({ db }: AppContext) {
  /** The main account first, then sub-admin roles in the order they were granted. */
  async function memberRoles(memberId: number): Promise<RoleGrant[]> {
    const owned = await db
      .select({
        accountId: accounts.id,
        memberAccount: accounts.memberAccount,
        accountName: accounts.accountName,
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
      })
      .from(subAccounts)
      .innerJoin(accounts, eq(accounts.id, subAccounts.accountId))
      .where(and(eq(subAccounts.memberId, memberId), eq(subAccounts.activeState, ACTIVE)))
      .orderBy(asc(subAccounts.id))
    return [
      ...owned.map((row) => ({
        ...row,
        memberId,
        subAccountId: 0,
        role: ROLE.main,
        userName: row.accountName,
      })),
      ...granted.map((row) => ({ ...row, memberId, role: ROLE.subAdmin })),
    ]
  }

  /** The role a login lands on: the member's main account if it owns one, else its first sub-admin role. */
  async function primaryRole(memberId: number): Promise<RoleGrant | null> {
    return (await memberRoles(memberId))[0] ?? null
  }

  async function heldRole(memberId: number, target: RoleTarget): Promise<RoleGrant | null> {
    const roles = await memberRoles(memberId)
    const held = roles.find(
      (grant) =>
        grant.accountId === target.accountId &&
        grant.subAccountId === target.subAccountId &&
        grant.role === target.role,
    )
    return held ?? null
  }

  return { memberRoles, primaryRole, heldRole }
}

export type RoleService = ReturnType<typeof createRoleService>
