// The one outbox of outgoing SMS and mail (issue 21 "Delivery"). A message is written in the
// transaction that causes it (`enqueue(tx, …)`), which also NOTIFYs the dispatchers; it is delivered
// at least once with the same idempotency key, by the requester's own first attempt (`attempt`,
// waited for at most 5 s) or by a dispatcher (services/outbox/outbox-dispatcher.ts), with bounded retries.
// The code or link it carries is purged once it is sent, refused for good or expired.
import crypto from 'node:crypto'
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Database } from '../../db/client'
import { outbox } from '../../db/schema'
import type { DeliveryResult, RefusalReason } from '../../providers/delivery'
import type { Gateways } from '../../providers/index'
import type { SmsTemplate } from '../../providers/sms/index'
import { mailContent, smsTemplateParams, smsText, type MessageParams } from './outgoing-texts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
export type OutboxRow = typeof outbox.$inferSelect

export const OUTBOX_CHANNEL = 'outbox'
/** How long a requester waits for the first delivery attempt before answering 已发送 anyway. */
export const FIRST_ATTEMPT_WAIT_MS = 5_000
/** A claim's lease: longer than a provider call may take (their timeouts are 10-20 s). */
export const CLAIM_LEASE_MS = 60_000
/** Attempts before a transient failure becomes final. */
export const MAX_ATTEMPTS = 6
/** Backoff after the n-th failed attempt: 10 s, 30 s, 90 s, 4.5 min, 13.5 min. */
export const retryDelayMs = (attempts: number) => 10_000 * 3 ** Math.max(0, attempts - 1)

export interface QueuedMessage {
  channel: 'sms' | 'email'
  recipient: string
  template: SmsTemplate
  /** An SMS code's purpose (for the sandbox's /__dev/sms). */
  purpose?: string
  params: MessageParams
  /** The account on whose behalf it goes (the hourly SMS budget). */
  accountId?: number | null
  /** After this the message is not worth sending (a code's 5 minutes, a link's lifetime). */
  ttlMs: number
}

/** What the requester learns from its first attempt. */
export type AttemptOutcome =
  { outcome: 'sent' } | { outcome: 'queued' } | { outcome: 'refused'; reason: RefusalReason }

const PENDING = 'pending'

export function createOutbox({ db, now, log }: AppContext, gateways: Gateways) {
  const inFlight = new Set<Promise<unknown>>()

  /**
   * Writes a message in the caller's transaction and wakes the dispatchers (PostgreSQL delivers the
   * NOTIFY at commit). `attemptNow`: the caller will make the first attempt itself right after the
   * commit, so dispatchers leave the row alone for FIRST_ATTEMPT_WAIT_MS (and take it if it does not).
   */
  async function enqueue(tx: Tx, message: QueuedMessage, { attemptNow = false } = {}): Promise<number> {
    const createdAt = now()
    const [row] = await tx
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.recipient,
        template: message.template,
        purpose: message.purpose ?? null,
        params: message.params as Record<string, string>,
        idempotencyKey: crypto.randomUUID(),
        accountId: message.accountId ?? null,
        nextAttemptAt: new Date(createdAt.getTime() + (attemptNow ? FIRST_ATTEMPT_WAIT_MS : 0)),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + message.ttlMs),
      })
      .returning({ id: outbox.id })
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(row.id)})`)
    return row.id
  }

  /** Sends one claimed row through its provider; never throws. */
  async function send(row: OutboxRow): Promise<DeliveryResult> {
    const params = row.params as MessageParams | null
    if (!params || row.expiresAt <= now()) return { outcome: 'refused', reason: 'other', code: 'expired' }
    const template = row.template as SmsTemplate
    const link = 'path' in params ? params.path : undefined
    try {
      if (row.channel === 'sms') {
        if (!gateways.sms) return { outcome: 'refused', reason: 'other', code: 'not configured' }
        return await gateways.sms.send({
          phone: row.recipient,
          template,
          purpose: row.purpose,
          params: smsTemplateParams(params),
          text: smsText(template, params),
          link,
          idempotencyKey: row.idempotencyKey,
        })
      }
      if (!gateways.mail) return { outcome: 'refused', reason: 'other', code: 'not configured' }
      return await gateways.mail.send({
        to: row.recipient,
        ...mailContent(template, params),
        link,
        idempotencyKey: row.idempotencyKey,
      })
    } catch (error) {
      // A provider that throws is a bug or an outage: try again later.
      log.warn({ outboxId: row.id, err: (error as Error)?.name }, 'outbox provider threw')
      return { outcome: 'retry', code: 'provider error' }
    }
  }

  /** Records an attempt's result on the row it claimed (a row another claim finished stays as it is). */
  async function record(row: OutboxRow, result: DeliveryResult): Promise<void> {
    const at = now()
    const done = (status: string, lastError: string | null) =>
      db
        .update(outbox)
        .set({ status, lastError, params: null, claimedUntil: null, doneAt: at })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, PENDING)))
    if (result.outcome === 'sent') await done('sent', null)
    else if (result.outcome === 'refused')
      await done(result.code === 'expired' ? 'expired' : 'failed', result.code)
    else if (row.attempts >= MAX_ATTEMPTS)
      await done('failed', `${result.code} (after ${row.attempts} attempts)`)
    else
      await db
        .update(outbox)
        .set({
          lastError: result.code,
          claimedUntil: null,
          nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts)),
        })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, PENDING)))
    if (result.outcome !== 'sent')
      log.warn(
        { outboxId: row.id, channel: row.channel, outcome: result.outcome, code: result.code },
        'outbox delivery not sent',
      )
  }

  /** Claims, sends and records one row; the promise is tracked so stop() can wait for it. */
  function deliver(row: OutboxRow): Promise<DeliveryResult> {
    const running = send(row).then(async (result) => {
      await record(row, result)
      return result
    })
    inFlight.add(running)
    void running.finally(() => inFlight.delete(running)).catch(() => undefined)
    return running
  }

  /** A free (unclaimed or lease-expired) pending row's condition. */
  const claimable = (at: Date) =>
    and(eq(outbox.status, PENDING), or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, at)))

  /**
   * Takes up to `limit` rows under FOR UPDATE SKIP LOCKED, so two instances never take one row; the
   * lease lets another take it again if this one dies before recording the result.
   */
  async function claim(limit: number, only?: number): Promise<OutboxRow[]> {
    const at = now()
    const due =
      only === undefined
        ? and(claimable(at), lte(outbox.nextAttemptAt, at))
        : and(claimable(at), eq(outbox.id, only))
    const candidates = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(due)
      .orderBy(outbox.nextAttemptAt, outbox.id)
      .limit(limit)
      .for('update', { skipLocked: true })
    return db
      .update(outbox)
      .set({ claimedUntil: new Date(at.getTime() + CLAIM_LEASE_MS), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, candidates))
      .returning()
  }

  /**
   * The requester's first attempt at a message it just wrote: waits for the provider at most
   * `waitMs`; after that the attempt goes on (its result is recorded) and the answer is 'queued'.
   */
  async function attempt(id: number, waitMs = FIRST_ATTEMPT_WAIT_MS): Promise<AttemptOutcome> {
    const [row] = await claim(1, id)
    if (!row) return { outcome: 'queued' }
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs)
    })
    const result = await Promise.race([deliver(row), timedOut])
    clearTimeout(timer)
    if (!result || result.outcome === 'retry') return { outcome: 'queued' }
    if (result.outcome === 'refused') return { outcome: 'refused', reason: result.reason }
    return { outcome: 'sent' }
  }

  /** Waits for the deliveries this process has under way (shutdown). */
  async function settle(): Promise<void> {
    while (inFlight.size) await Promise.allSettled([...inFlight])
  }

  return { enqueue, attempt, claim, deliver, settle, gateways }
}

export type Outbox = ReturnType<typeof createOutbox>
