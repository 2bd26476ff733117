// Finding the member behind what a user typed in the account field: a phone or a member account
// (doc2 §2 Login, "account plus password").
import { eq, sql } from 'drizzle-orm'
import { isPhone } from '../../src/core/validation/rules'
import type { AppContext } from '../context'
import { accounts, members } from '../db/schema'

export type Member = typeof members.$inferSelect

export function createMemberDirectory({ db }: AppContext) {
  async function byPhone(phone: string): Promise<Member | null> {
    const [member] = await db.select().from(members).where(eq(members.phone, phone.trim())).limit(1)
    return member ?? null
  }

  async function byMemberAccount(memberAccount: string): Promise<Member | null> {
    const [row] = await db
      .select({ member: members })
      .from(accounts)
      .innerJoin(members, eq(members.id, accounts.ownerMemberId))
      .where(eq(sql`lower(${accounts.memberAccount})`, memberAccount.trim().toLowerCase()))
      .limit(1)
    return row?.member ?? null
  }

  /** A valid phone is looked up as a phone; anything else as a member account. */
  function byLoginName(typed: string): Promise<Member | null> {
    return isPhone(typed) ? byPhone(typed) : byMemberAccount(typed)
  }

  async function byId(memberId: number): Promise<Member | null> {
    const [member] = await db.select().from(members).where(eq(members.id, memberId)).limit(1)
    return member ?? null
  }

  return { byPhone, byMemberAccount, byLoginName, byId }
}

export type MemberDirectory = ReturnType<typeof createMemberDirectory>
