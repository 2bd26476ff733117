// SMS codes (doc2 §5, §9): 6 random digits, bound to one purpose, valid 5 minutes, single use, void
// after 5 wrong entries; only the newest code for a phone and purpose counts. Sends are limited:
// one per phone per 60 s, 10 per phone and 10 per client address (an IPv6 address by its /64) an
// hour, and by the hourly budgets of the account and the server (sms-budget.ts).
// The code record (what the limits count and the check compares, sms_codes) keeps only an HMAC of
// the code (SMS_CODE_SECRET); the message itself goes through the outbox (services/outbox/outbox.ts) to the
// configured provider. A login or reset code is answered 已发送 as soon as it is queued, member or
// not, so neither the answer nor its time says who is registered; the other codes wait for the first
// attempt: a refusal is answered at once and leaves no trace in the limits; a timeout or a transient
// failure answers 已发送 and is retried.
import crypto from 'node:crypto'
import { normalizeIP } from '@fastify/rate-limit'
import { and, count, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { SmsPurpose, SmsResendWait } from '../../../src/core/contract/sms'
import { MSG } from '../../../src/core/validation/messages'
import { hours, minutes, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import { sandboxMessages, smsCodes } from '../../db/schema'
import { invalid, notConfigured, tooManyRequests, type Refusal } from '../shared/errors'
import type { RefusalReason } from '../../providers/delivery'
import { CODE_TEMPLATE } from '../../providers/sms/index'
import type { Outbox } from '../outbox/outbox'
import { createSmsBudget } from '../outbox/sms-budget'

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
  /** The provider's own rate limit, or the server's hourly budget spent. */
  busy: '发送过于频繁，请稍后再试',
  failed: '短信发送失败，请稍后重试',
} as const

/** Codes whose answer must not depend on whether the phone is a member's. */
const MEMBERSHIP_HIDDEN: ReadonlySet<SmsPurpose> = new Set(['login', 'forget'])

/** What a person is told when the provider refuses a send. */
export function refusalFailure(reason: RefusalReason): Refusal {
  if (reason === 'rateLimited') return tooManyRequests(SMS_MESSAGES.busy)
  if (reason === 'invalidRecipient') return invalid(MSG.phoneInvalid)
  return invalid(SMS_MESSAGES.failed)
}

/** Whole seconds until a phone last sent a code at `sentAt` may be sent another (at least 1). */
export function resendWaitSeconds(sentAt: number, now: number): number {
  return Math.max(1, Math.ceil((sentAt + SMS_RESEND_MS - now) / 1000))
}

/** doc2 §9: SMS codes are 6 digits. */
export function newSmsCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/** The per-address limit's key: an IPv6 client is counted by its /64, as the per-minute rules do. */
export function smsAddressKey(ip: string): string {
  return normalizeIP(ip, 64)
}

export interface SmsSendOptions {
  /** false: a login or reset code for a phone that is no member; recorded, not sent. */
  deliver?: boolean
  /** The account on whose behalf the code goes (its hourly budget); null for anonymous sends. */
  accountId?: number | null
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export function createSmsService(ctx: AppContext, outbox: Outbox) {
  const { db, now, config } = ctx
  const budget = createSmsBudget(ctx)
  /** HMAC of a code, bound to its phone and purpose: a leaked table gives no code away. */
  const codeHash = (phone: string, purpose: string, code: string) =>
    crypto.createHmac('sha256', config.smsCodeSecret).update(`${phone}:${purpose}:${code}`).digest('hex')

  async function codesSince(tx: Tx, column: 'phone' | 'ip', value: string, since: Date): Promise<number> {
    const [row] = await tx
      .select({ total: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes[column], value), gt(smsCodes.createdAt, since)))
    return row?.total ?? 0
  }

  /** The newest code record of `phone` (any purpose) since `since`, or null. */
  async function lastSentSince(tx: Tx, phone: string, since: Date): Promise<Date | null> {
    const [row] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
    return row?.createdAt ?? null
  }

  /** 429 when this phone or address may not be sent another code yet (the budgets are the outbox's). */
  async function assertCanSend(tx: Tx, phone: string, address: string) {
    const current = now().getTime()
    const hourAgo = new Date(current - SMS_LIMIT_WINDOW_MS)
    if (
      (await codesSince(tx, 'phone', phone, hourAgo)) >= SMS_HOURLY_LIMIT ||
      (await codesSince(tx, 'ip', address, hourAgo)) >= config.smsHourlyLimitPerAddress
    ) {
      throw tooManyRequests(SMS_MESSAGES.tooMany)
    }
    const lastSent = await lastSentSince(tx, phone, new Date(current - SMS_RESEND_MS))
    if (lastSent) {
      // The seconds left, so the button counts down the real wait (after a reload, on another form).
      const wait: SmsResendWait = { retryAfter: resendWaitSeconds(lastSent.getTime(), current) }
      throw tooManyRequests(SMS_MESSAGES.tooSoon, wait)
    }
  }

  /**
   * Checks the limits and records the code with its message, under transaction-scoped advisory
   * locks (phone, address, then the budgets' account and server-wide ones) so concurrent requests
   * or instances cannot both slip under a limit. A code nobody is sent (an unknown phone's) passes
   * the same checks, so its answer is the same.
   */
  async function send(
    phone: string,
    purpose: SmsPurpose,
    ip: string,
    options: SmsSendOptions = {},
  ): Promise<void> {
    const { deliver = true, accountId = null } = options
    if (!outbox.gateways.sms) throw notConfigured('短信服务')
    const code = deliver ? newSmsCode() : null
    const address = smsAddressKey(ip)
    const answerByAttempt = !MEMBERSHIP_HIDDEN.has(purpose)
    const { codeId, messageId } = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${phone}`}))`)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${address}`}))`)
      await assertCanSend(tx, phone, address)
      const [record] = await tx
        .insert(smsCodes)
        .values({
          phone,
          codeHash: code ? codeHash(phone, purpose, code) : null,
          purpose,
          ip: address,
          createdAt: now(),
        })
        .returning({ id: smsCodes.id })
      if (!code) {
        await budget.admit(tx, accountId, 'code')
        return { codeId: record.id, messageId: null }
      }
      const queued = await outbox.enqueue(
        tx,
        {
          channel: 'sms',
          recipient: phone,
          template: CODE_TEMPLATE[purpose],
          purpose,
          params: { code },
          accountId,
          ttlMs: SMS_CODE_TTL_MS,
        },
        { attemptNow: true },
      )
      return { codeId: record.id, messageId: queued }
    })
    if (messageId === null) return
    if (!answerByAttempt) return outbox.attemptInBackground(messageId)
    const first = await outbox.attempt(messageId)
    if (first.outcome === 'refused') {
      // Refused: no code went out, so none is owed a 60 s wait or a place in the hourly counts.
      await db.delete(smsCodes).where(eq(smsCodes.id, codeId))
      throw refusalFailure(first.reason)
    }
  }

  /**
   * Uses up the newest code sent to `phone` for `purpose` when `given` matches it in time. A wrong
   * entry counts against that code; the fifth voids it.
   */
  async function consume(phone: string, purpose: SmsPurpose, given: string): Promise<boolean> {
    const current = now()
    const [latest] = await db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, phone),
          eq(smsCodes.purpose, purpose),
          gt(smsCodes.createdAt, new Date(current.getTime() - SMS_CODE_TTL_MS)),
        ),
      )
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1)
    if (!latest?.codeHash || latest.usedAt) return false
    // Every entry first takes one of the code's 5 tries, atomically, so even simultaneous guesses
    // get no more than 5 comparisons; a right entry gives its try back and uses the code up.
    const [attempt] = await db
      .update(smsCodes)
      .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
      .where(
        and(
          eq(smsCodes.id, latest.id),
          isNull(smsCodes.usedAt),
          lt(smsCodes.failedAttempts, SMS_MAX_FAILED_ATTEMPTS),
        ),
      )
      .returning({ codeHash: smsCodes.codeHash })
    if (!attempt?.codeHash) return false
    const expected = Buffer.from(attempt.codeHash, 'hex')
    const actual = Buffer.from(codeHash(phone, purpose, given.trim()), 'hex')
    if (!crypto.timingSafeEqual(expected, actual)) return false
    const used = await db
      .update(smsCodes)
      .set({ usedAt: current, failedAttempts: sql`${smsCodes.failedAttempts} - 1` })
      .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id })
    return used.length > 0
  }

  /** Dev sandbox: the newest code its "phone" received (once the sends under way are done). */
  async function latestCode(phone: string): Promise<string | null> {
    await outbox.settle()
    const [row] = await db
      .select({ code: sandboxMessages.code })
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.recipient, phone), isNotNull(sandboxMessages.code)))
      .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
      .limit(1)
    return row?.code ?? null
  }

  return { send, consume, latestCode }
}

export type SmsService = ReturnType<typeof createSmsService>
