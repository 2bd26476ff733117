// Members: finding the one behind what a user typed in the account field (a phone or a member
// account, doc2 §2 Login), behind a WeChat openid, and creating new ones with their main account
// (phone registration, WeChat registration, mini-program binding).
import crypto from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { isPhone } from '../../../src/core/validation/rules'
import type { AppContext } from '../../context'
import { accounts, members } from '../../db/schema'

export type Member = typeof members.$inferSelect

export interface NewMember {
  phone: string | null
  passwordHash: string | null
  wxOpenId: string | null
  /** Login name of the new main account (role 0). */
  memberAccount: string
  accountName: string
  referralCode?: string | null
}

/** WeChat-registered members get `wx` + 8 random lower-case letters and digits as their member account. */
export function wechatMemberAccount(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'
  return `wx${Array.from({ length: 8 }, () => alphabet[crypto.randomInt(0, alphabet.length)]).join('')}`
}

export function createMemberDirectory({ db, now }: AppContext) {
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

  async function byOpenId(openid: string): Promise<Member | null> {
    const [member] = await db.select().from(members).where(eq(members.wxOpenId, openid)).limit(1)
    return member ?? null
  }

  /** The member accounts a member owns (login names the lockout may be keyed by). */
  async function ownedMemberAccounts(memberId: number): Promise<string[]> {
    const rows = await db
      .select({ memberAccount: accounts.memberAccount })
      .from(accounts)
      .where(eq(accounts.ownerMemberId, memberId))
    return rows.map((row) => row.memberAccount)
  }

  /** A member and its main account, together or not at all. Unique violations propagate. */
  async function createWithAccount(input: NewMember): Promise<Member> {
    const createdAt = now()
    return db.transaction(async (tx) => {
      const [member] = await tx
        .insert(members)
        .values({
          phone: input.phone,
          passwordHash: input.passwordHash,
          passwordUpdatedAt: input.passwordHash ? createdAt : null,
          wxOpenId: input.wxOpenId,
          createdAt,
        })
        .returning()
      await tx.insert(accounts).values({
        ownerMemberId: member.id,
        memberAccount: input.memberAccount,
        accountName: input.accountName,
        referralCode: input.referralCode || null,
        createdAt,
      })
      return member
    })
  }

  async function setPassword(memberId: number, passwordHash: string): Promise<void> {
    await db.update(members).set({ passwordHash, passwordUpdatedAt: now() }).where(eq(members.id, memberId))
  }

  /** A password for a member that has none; false when it has one (set meanwhile). */
  async function setFirstPassword(memberId: number, passwordHash: string): Promise<boolean> {
    const set = await db
      .update(members)
      .set({ passwordHash, passwordUpdatedAt: now() })
      .where(and(eq(members.id, memberId), isNull(members.passwordHash)))
      .returning({ id: members.id })
    return set.length > 0
  }

  async function setPhone(memberId: number, phone: string): Promise<void> {
    await db.update(members).set({ phone }).where(eq(members.id, memberId))
  }

  /** Links an openid to a member that has none; false when it already has one. */
  async function linkOpenId(memberId: number, openid: string): Promise<boolean> {
    const linked = await db
      .update(members)
      .set({ wxOpenId: openid })
      .where(and(eq(members.id, memberId), isNull(members.wxOpenId)))
      .returning({ id: members.id })
    return linked.length > 0
  }

  return {
    byPhone,
    byMemberAccount,
    byLoginName,
    byId,
    byOpenId,
    ownedMemberAccounts,
    createWithAccount,
    setPassword,
    setFirstPassword,
    setPhone,
    linkOpenId,
  }
}

export type MemberDirectory = ReturnType<typeof createMemberDirectory>
