// The `state` of a payment's snsapi_base authorisation: a single-use ticket naming the order it pays.
// WeChat's callback asks WeChat whose the code is only for a ticket this server issued and nobody
// used, so a stream of forged callbacks cannot spend the official account's call quota.
import crypto from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { later, minutes, type AppContext } from '../../context'
import { wechatTickets } from '../../db/schema'
import { hashToken } from '../../security/tokens'

/** Long enough for WeChat's consent redirect on a slow phone. */
export const PAYER_TICKET_TTL_MS = minutes(10)
const KIND = 'payer'

/** 48 hex digits: WeChat's state takes letters and digits only. */
export const isPayerTicket = (text: string) => /^[0-9a-f]{48}$/.test(text)

export function createPayerTickets({ db, now }: Pick<AppContext, 'db' | 'now'>) {
  async function issue(orderCode: string): Promise<string> {
    const ticket = crypto.randomBytes(24).toString('hex')
    const createdAt = now()
    await db.insert(wechatTickets).values({
      tokenHash: hashToken(ticket),
      kind: KIND,
      orderCode,
      createdAt,
      expiresAt: later(createdAt, PAYER_TICKET_TTL_MS),
    })
    return ticket
  }

  /** The order of a live ticket, which it uses up; null for an unknown, used or expired one. */
  async function take(ticket: string): Promise<string | null> {
    if (!isPayerTicket(ticket)) return null
    const [used] = await db
      .update(wechatTickets)
      .set({ usedAt: now() })
      .where(
        and(
          eq(wechatTickets.tokenHash, hashToken(ticket)),
          eq(wechatTickets.kind, KIND),
          isNull(wechatTickets.usedAt),
          gt(wechatTickets.expiresAt, now()),
        ),
      )
      .returning({ orderCode: wechatTickets.orderCode })
    return used?.orderCode ?? null
  }

  return { issue, take }
}
