// SMS codes go to an outbox table instead of a carrier. In the development sandbox each is also
// printed to the server log and readable at GET /__dev/sms; production has no SMS gateway and
// refuses to send (codes never reach a log there).
// Codes (doc2 §5, §9): 6 random digits, bound to one purpose, valid 5 minutes, single use, void
// after 5 wrong entries; only the newest code for a phone and purpose counts. Sends are limited:
// one per phone per 60 s, 10 per phone and 10 per client address per hour.
import crypto from 'node:crypto'
import { and, count, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { SmsPurpose } from '../../src/core/contract/sms'
import { hours, minutes, type AppContext } from '../context'
import type { Database } from '../db/client'
import { smsOutbox } from '../db/schema'
import { notConfigured, tooManyRequests } from '../http/failure'

// What a code is sent for is part of the wire contract.
export type { SmsPurpose }

export const SMS_CODE_TTL_MS = minutes(5)
export const SMS_RESEND_MS = 60_000
export const SMS_LIMIT_WINDOW_MS = hours(1)
export const SMS_HOURLY_LIMIT = 10
export const SMS_MAX_FAILED_ATTEMPTS = 5

export const SMS_MESSAGES = {
  sent: '已发送',
  tooSoon: '发送过于频繁，请60秒后再试',
  tooMany: '发送次数过多，请1小时后再试',
} as const

/** doc2 §9: SMS codes are 6 digits. */
export function newSmsCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')
}

function sameCode(expected: string, given: string): boolean {
  const left = Buffer.from(expected)
  const right = Buffer.from(given)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export function createSmsService({ db, now, log, config }: AppContext) {
  async function sendsSince(tx: Tx, column: 'phone' | 'ip', value: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ total: count() })
      .from(smsOutbox)
      .where(and(eq(smsOutbox[column], value), gt(smsOutbox.createdAt, since)))
    return row?.total ?? 0
  }

  /** 429 when this phone or address may not get another SMS yet. */
  async function assertCanSend(tx: Tx, phone: string, ip: string): Promise<void> {
    const current = now().getTime()
    const hourAgo = new Date(current - SMS_LIMIT_WINDOW_MS)
    if (
      (await sendsSince(tx, 'phone', phone, hourAgo)) >= SMS_HOURLY_LIMIT ||
      (await sendsSince(tx, 'ip', ip, hourAgo)) >= config.smsHourlyLimitPerAddress
    ) {
      throw tooManyRequests(SMS_MESSAGES.tooMany)
    }
    if ((await sendsSince(tx, 'phone', phone, new Date(current - SMS_RESEND_MS))) > 0) {
      throw tooManyRequests(SMS_MESSAGES.tooSoon)
    }
  }

  /**
   * Checks the limits and records the send, under transaction-scoped advisory locks on the phone
   * and the address so concurrent requests (or instances) cannot both slip under a limit.
   * `deliver: false` (a login or reset code for a phone that is no member) records the request
   * without a code, so the answer and the limits look the same either way.
   */
  async function send(phone: string, purpose: SmsPurpose, ip: string, deliver = true): Promise<void> {
    if (config.production) throw notConfigured('短信服务')
    const code = deliver ? newSmsCode() : null
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${phone}`}))`)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${ip}`}))`)
      await assertCanSend(tx, phone, ip)
      await tx.insert(smsOutbox).values({ phone, code, purpose, ip, createdAt: now() })
    })
    // Only the sandbox gets here (see above): it prints the code, as a phone would show it.
    if (code) log.info({ phone, purpose, code }, `SMS code ${code} for ${phone} (${purpose})`)
    else log.info({ phone, purpose }, `SMS for ${phone} (${purpose}) not sent: no such member`)
  }

  /**
   * Uses up the newest code sent to `phone` for `purpose` when `given` matches it in time. A wrong
   * entry counts against that code; the fifth voids it.
   */
  async function consume(phone: string, purpose: SmsPurpose, given: string): Promise<boolean> {
    const current = now()
    const [latest] = await db
      .select()
      .from(smsOutbox)
      .where(
        and(
          eq(smsOutbox.phone, phone),
          eq(smsOutbox.purpose, purpose),
          gt(smsOutbox.createdAt, new Date(current.getTime() - SMS_CODE_TTL_MS)),
        ),
      )
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(1)
    if (!latest?.code || latest.usedAt) return false
    // Every entry first takes one of the code's 5 tries, atomically, so even simultaneous guesses
    // get no more than 5 comparisons; a right entry gives its try back and uses the code up.
    const [attempt] = await db
      .update(smsOutbox)
      .set({ failedAttempts: sql`${smsOutbox.failedAttempts} + 1` })
      .where(
        and(
          eq(smsOutbox.id, latest.id),
          isNull(smsOutbox.usedAt),
          lt(smsOutbox.failedAttempts, SMS_MAX_FAILED_ATTEMPTS),
        ),
      )
      .returning({ code: smsOutbox.code })
    if (!attempt?.code || !sameCode(attempt.code, given.trim())) return false
    const used = await db
      .update(smsOutbox)
      .set({ usedAt: current, failedAttempts: sql`${smsOutbox.failedAttempts} - 1` })
      .where(and(eq(smsOutbox.id, latest.id), isNull(smsOutbox.usedAt)))
      .returning({ id: smsOutbox.id })
    return used.length > 0
  }

  /** Dev sandbox: the newest code actually sent to a phone. */
  async function latestCode(phone: string): Promise<string | null> {
    const [row] = await db
      .select({ code: smsOutbox.code })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.phone, phone), isNotNull(smsOutbox.code)))
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(1)
    return row?.code ?? null
  }

  return { send, consume, latestCode }
}

export type SmsService = ReturnType<typeof createSmsService>
