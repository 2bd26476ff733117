// The hourly SMS budgets: SMS_ACCOUNT_HOURLY_LIMIT for the account on whose behalf messages go
// (codes, links and notices alike), SMS_GLOBAL_HOURLY_LIMIT in all. A fifth of the global budget is
// kept for codes (login, registration, reset, security verification): links and notices stop at the
// other four fifths, so nothing an account triggers can starve anyone's login.
// The outbox checks it in front of every SMS it takes on, in the enqueueing transaction and under
// advisory locks (each account's in id order, then the server-wide one), so concurrent requests and
// instances cannot both slip under a budget.
import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import { hours, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import { outbox } from '../../db/schema'
import { tooManyRequests } from '../shared/errors'

export const SMS_BUDGET_WINDOW_MS = hours(1)
/** The share of the global budget only codes may use. */
export const CODE_RESERVE_SHARE = 0.2

export const SMS_BUDGET_MESSAGES = {
  /** The account's hourly budget is spent. */
  account: '发送次数过多，请1小时后再试',
  /** The server's hourly budget (or the share of it open to links and notices) is spent. */
  global: '发送过于频繁，请稍后再试',
} as const

/** A code (it carries a purpose) may use the whole global budget; anything else the unreserved part. */
export type SmsKind = 'code' | 'message'

export type BudgetTx = Pick<Database, 'select' | 'execute'>

/** The global budget open to `kind`. */
export function globalBudgetFor(kind: SmsKind, globalLimit: number): number {
  return kind === 'code' ? globalLimit : Math.floor(globalLimit * (1 - CODE_RESERVE_SHARE))
}

/**
 * How many of the SMS each account wants may go (in the order given), within each account's room
 * and the global room left.
 */
export function shareOut(
  wanted: Map<number | null, number>,
  accountRoom: Map<number, number>,
  globalRoom: number,
) {
  const allowed = new Map<number | null, number>()
  let left = Math.max(0, globalRoom)
  for (const [accountId, asked] of wanted) {
    const room = accountId === null ? asked : Math.max(0, accountRoom.get(accountId) ?? 0)
    const granted = Math.min(asked, room, left)
    allowed.set(accountId, granted)
    left -= granted
  }
  return allowed
}

export function createSmsBudget({ now, config }: Pick<AppContext, 'now' | 'config'>) {
  const hourAgo = () => new Date(now().getTime() - SMS_BUDGET_WINDOW_MS)
  /** SMS the outbox took on in the window, refused ones excluded. */
  const counted = () =>
    and(eq(outbox.channel, 'sms'), gt(outbox.createdAt, hourAgo()), ne(outbox.status, 'failed'))

  /** The accounts' locks in id order, then the global one: every holder takes them in this order. */
  async function lock(tx: BudgetTx, accountIds: number[]) {
    const ordered = [...new Set(accountIds)].sort((a, b) => a - b)
    for (const accountId of ordered)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-account:${accountId}`}))`)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms-global'))`)
  }

  async function accountRooms(tx: BudgetTx, accountIds: number[]): Promise<Map<number, number>> {
    const rooms = new Map(accountIds.map((accountId) => [accountId, config.smsAccountHourlyLimit]))
    if (!accountIds.length) return rooms
    const used = await tx
      .select({ accountId: outbox.accountId, total: count() })
      .from(outbox)
      .where(and(counted(), inArray(outbox.accountId, accountIds)))
      .groupBy(outbox.accountId)
    for (const { accountId, total } of used)
      if (accountId !== null) rooms.set(accountId, config.smsAccountHourlyLimit - total)
    return rooms
  }

  /** Room left for `kind` in the global budget: messages also stay within their four fifths. */
  async function globalRoom(tx: BudgetTx, kind: SmsKind): Promise<number> {
    const limit = config.smsGlobalHourlyLimit
    const [all] = await tx.select({ total: count() }).from(outbox).where(counted())
    const room = limit - (all?.total ?? 0)
    if (kind === 'code') return room
    const [messages] = await tx
      .select({ total: count() })
      .from(outbox)
      .where(and(counted(), isNull(outbox.purpose)))
    return Math.min(room, globalBudgetFor('message', limit) - (messages?.total ?? 0))
  }

  /** Takes the locks and refuses (429) one more SMS of `kind` for `accountId` that would overrun a budget. */
  async function admit(tx: BudgetTx, accountId: number | null, kind: SmsKind): Promise<void> {
    await lock(tx, accountId === null ? [] : [accountId])
    if (accountId !== null && ((await accountRooms(tx, [accountId])).get(accountId) ?? 0) < 1)
      throw tooManyRequests(SMS_BUDGET_MESSAGES.account)
    if ((await globalRoom(tx, kind)) < 1) throw tooManyRequests(SMS_BUDGET_MESSAGES.global)
  }

  /**
   * For a batch of messages (a reminder run): takes the locks and answers how many SMS each account
   * may send now; the rest are not sent by SMS (their notices are still written).
   */
  async function allowance(tx: BudgetTx, wanted: Map<number | null, number>) {
    const accountIds = [...wanted.keys()].filter((accountId): accountId is number => accountId !== null)
    await lock(tx, accountIds)
    return shareOut(wanted, await accountRooms(tx, accountIds), await globalRoom(tx, 'message'))
  }

  return { admit, allowance }
}

export type SmsBudget = ReturnType<typeof createSmsBudget>

/** Codes carry their purpose; links and notices do not. */
export const smsKindOf = (message: { purpose?: string | null }): SmsKind =>
  message.purpose ? 'code' : 'message'
