// The one outbox of outgoing SMS and mail. A message is written in the
// transaction that causes it (`enqueue(tx, …)`), which also NOTIFYs the dispatchers; it is delivered
// at least once, by the requester's own first attempt (`attempt`, waited for at most 5 s) or by a
// dispatcher (services/outbox/outbox-dispatcher.ts), with bounded retries. Every attempt carries the
// row's correlation id; providers do not deduplicate on it, so before sending again an SMS that may
// have gone out, the outbox looks it up in the provider's send records.
// The code or link it carries is purged once it is sent, refused for good or expired.
import crypto from 'node:crypto'
import { and, count, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Database } from '../../db/client'
import { outbox } from '../../db/schema'
import {
  errorCode,
  sendRecordsOf,
  sentAs,
  type DeliveryResult,
  type RefusalReason,
} from '../../providers/delivery'
import type { MessageGateways } from '../../providers/index'
import type { SmsTemplate } from '../../config/providers'
import { countOutboxDelivery } from '../shared/counters'
import { createSmsBudget, smsKindOf } from './sms-budget'
import {
  mailContent,
  smsTemplateParams,
  smsText,
  type MessageParams,
  type OutboxParams,
} from './outgoing-texts'

export type Tx = Pick<Database, 'insert' | 'execute' | 'select'>
export type OutboxRow = typeof outbox.$inferSelect

export const OUTBOX_CHANNEL = 'outbox'
/** How long a requester waits for the first delivery attempt before answering 已发送 anyway. */
export const FIRST_ATTEMPT_WAIT_MS = 5_000
/** A claim's lease: longer than a provider call may take (their timeouts are 10-20 s). */
export const CLAIM_LEASE_MS = 60_000
/**
 * Attempts before a transient failure becomes final. Claims are what counts: a row claimed this
 * many times whose last claim never recorded a result (its dispatcher died mid-send) is given up.
 */
export const MAX_ATTEMPTS = 6
/** Backoff after the n-th failed attempt: 10 s, 30 s, 90 s, 4.5 min, 13.5 min. */
export const retryDelayMs = (attempts: number) => 10_000 * 3 ** Math.max(0, attempts - 1)

/** The kind of a mail the notifier wrote out that no SMS template matches (a security notice). */
export const WRITTEN_MAIL = 'notice'

/**
 * SMS and mail go through the gateways; the other channels (a WeChat subscription message, a group
 * robot's post) through the sender their service registers with `useChannel`.
 */
export type OutboxChannel = 'sms' | 'email' | 'wechat' | 'robot'

/** How a registered channel sends one claimed row (`params` present and not expired); never throws. */
export type ChannelSender = (row: OutboxRow, params: OutboxParams) => Promise<DeliveryResult>

export interface QueuedMessage {
  channel: OutboxChannel
  /** A phone, a mailbox, an openid, or a robot's id. */
  recipient: string
  /** The SMS template, the kind of mail, or the channel's own template key. */
  template: SmsTemplate | typeof WRITTEN_MAIL | (string & {})
  /** An SMS code's purpose (for the sandbox's /__dev/sms). */
  purpose?: string
  params: OutboxParams
  /** The account on whose behalf it goes (the hourly SMS budget). */
  accountId?: number | null
  /** After this the message is not worth sending (a code's 5 minutes, a link's lifetime). */
  ttlMs: number
}

export interface EnqueueOptions {
  attemptNow?: boolean
  notBefore?: Date
}

/** What the requester learns from its first attempt. */
export type AttemptOutcome =
  { outcome: 'sent' } | { outcome: 'queued' } | { outcome: 'refused'; reason: RefusalReason }

const PENDING = 'pending'
const EXPIRED = 'expired'

/** What an attempt's result makes of its row, and how the deliveries counter labels it. */
type Verdict =
  | { status: typeof PENDING; lastError: string; counted: 'retry' }
  | {
      status: 'sent' | 'failed' | typeof EXPIRED
      lastError: string | null
      counted: 'sent' | 'refused' | 'failed'
    }

function verdictOf(row: OutboxRow, result: DeliveryResult): Verdict {
  if (result.outcome === 'sent') return { status: 'sent', lastError: null, counted: 'sent' }
  if (result.outcome === 'refused')
    return result.code === EXPIRED
      ? { status: EXPIRED, lastError: result.code, counted: 'failed' }
      : { status: 'failed', lastError: result.code, counted: 'refused' }
  if (row.attempts >= MAX_ATTEMPTS)
    return {
      status: 'failed',
      lastError: `${result.code} (after ${row.attempts} attempts)`,
      counted: 'failed',
    }
  return { status: PENDING, lastError: result.code, counted: 'retry' }
}

/** Rows not yet sent, refused or given up (the member_centre_outbox_pending gauge). */
export async function pendingCount(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(outbox).where(eq(outbox.status, PENDING))
  return row?.total ?? 0
}

export function createOutbox(ctx: AppContext, gateways: MessageGateways) {
  const { db, now, log } = ctx
  const inFlight = new Set<Promise<unknown>>()
  const smsBudget = createSmsBudget(ctx)
  const senders = new Map<OutboxChannel, ChannelSender>()

  /** Registers the sender of a channel beyond SMS and mail (its service builds it after the outbox). */
  function useChannel(channel: Exclude<OutboxChannel, 'sms' | 'email'>, sender: ChannelSender): void {
    senders.set(channel, sender)
  }

  /** The row of a message; its ttl counts from its first attempt (a quiet-hours wait does not eat it). */
  function rowOf(message: QueuedMessage, createdAt: Date, { attemptNow = false, notBefore }: EnqueueOptions) {
    const start = notBefore && notBefore > createdAt ? notBefore : createdAt
    return {
      channel: message.channel,
      recipient: message.recipient,
      template: message.template,
      purpose: message.purpose ?? null,
      params: message.params as unknown as Record<string, string>,
      correlationId: crypto.randomUUID(),
      accountId: message.accountId ?? null,
      nextAttemptAt: attemptNow ? new Date(createdAt.getTime() + FIRST_ATTEMPT_WAIT_MS) : start,
      createdAt,
      expiresAt: new Date(start.getTime() + message.ttlMs),
    }
  }

  /**
   * Writes a message in the caller's transaction and wakes the dispatchers (PostgreSQL delivers the
   * NOTIFY at commit). `attemptNow`: the caller will make the first attempt itself right after the
   * commit, so dispatchers leave the row alone for FIRST_ATTEMPT_WAIT_MS (and take it if it does not).
   * `notBefore`: no attempt before then (an SMS held by the account's quiet hours).
   * An SMS past its budget (services/outbox/sms-budget.ts) is refused with 429, nothing written.
   */
  async function enqueue(tx: Tx, message: QueuedMessage, options: EnqueueOptions = {}): Promise<number> {
    if (message.channel === 'sms') await smsBudget.admit(tx, message.accountId ?? null, smsKindOf(message))
    const [row] = await tx
      .insert(outbox)
      .values(rowOf(message, now(), options))
      .returning({ id: outbox.id })
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(row.id)})`)
    return row.id
  }

  /**
   * Many messages in one insert and one NOTIFY (a reminder run writes thousands). SMS past an
   * account's or the server's budget are left out (the caller's notices still say it all).
   */
  async function enqueueMany(
    tx: Tx,
    batch: { message: QueuedMessage; notBefore?: Date }[],
  ): Promise<number[]> {
    const messages = await withinSmsBudget(tx, batch)
    if (!messages.length) return []
    const createdAt = now()
    const rows = await tx
      .insert(outbox)
      .values(messages.map(({ message, notBefore }) => rowOf(message, createdAt, { notBefore })))
      .returning({ id: outbox.id })
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(rows[0].id)})`)
    return rows.map((row) => row.id)
  }

  async function withinSmsBudget<T extends { message: QueuedMessage }>(tx: Tx, batch: T[]): Promise<T[]> {
    const wanted = new Map<number | null, number>()
    for (const { message } of batch)
      if (message.channel === 'sms')
        wanted.set(message.accountId ?? null, (wanted.get(message.accountId ?? null) ?? 0) + 1)
    if (!wanted.size) return batch
    const left = await smsBudget.allowance(tx, wanted)
    const kept = batch.filter(({ message }) => {
      if (message.channel !== 'sms') return true
      const accountId = message.accountId ?? null
      const room = left.get(accountId) ?? 0
      left.set(accountId, room - 1)
      return room > 0
    })
    const dropped = batch.length - kept.length
    if (dropped) log.warn({ dropped }, 'SMS past the hourly budget not queued (their notices are written)')
    return kept
  }

  /**
   * A row claimed before may have reached the provider already (an answer lost to a timeout or a
   * dropped connection, a dispatcher that died mid-send): its send records say whether it did, so
   * the member does not get it twice. Records that cannot be read mean sending again (at least once).
   */
  async function sentEarlier(row: OutboxRow): Promise<DeliveryResult | null> {
    const records = sendRecordsOf(gateways.sms)
    if (row.attempts <= 1 || !records) return null
    try {
      const found = await records.findSent({
        recipient: row.recipient,
        correlationId: row.correlationId,
        since: row.createdAt,
        until: now(),
      })
      if (!found) return null
      log.info({ outboxId: row.id }, 'outbox message found in the provider records: not sent again')
      return sentAs(found.messageId)
    } catch (error) {
      const { code, name } = (error ?? {}) as { code?: string; name?: string }
      log.warn({ outboxId: row.id, code: errorCode(code ?? name) }, 'outbox send records unreadable')
      return null
    }
  }

  /** Sends one claimed row through its provider; never throws. */
  async function send(row: OutboxRow): Promise<DeliveryResult> {
    const params = row.params as MessageParams | null
    if (!params || row.expiresAt <= now()) return { outcome: 'refused', reason: 'other', code: EXPIRED }
    const template = row.template as SmsTemplate
    const link = 'path' in params ? params.path : undefined
    try {
      const sender = senders.get(row.channel as OutboxChannel)
      if (sender) return await sender(row, params)
      if (row.channel !== 'sms' && row.channel !== 'email')
        return { outcome: 'refused', reason: 'other', code: 'not configured' }
      if (row.channel === 'sms') {
        if (!gateways.sms) return { outcome: 'refused', reason: 'other', code: 'not configured' }
        return (
          (await sentEarlier(row)) ??
          (await gateways.sms.send({
            phone: row.recipient,
            template,
            purpose: row.purpose,
            params: smsTemplateParams(params),
            text: smsText(template, params),
            link,
            correlationId: row.correlationId,
          }))
        )
      }
      if (!gateways.mail) return { outcome: 'refused', reason: 'other', code: 'not configured' }
      return await gateways.mail.send({
        to: row.recipient,
        ...mailContent(template, params),
        link,
        correlationId: row.correlationId,
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
    const verdict = verdictOf(row, result)
    const changes =
      verdict.status === PENDING
        ? {
            lastError: verdict.lastError,
            claimedUntil: null,
            nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts)),
          }
        : {
            status: verdict.status,
            lastError: verdict.lastError,
            providerMessageId: result.outcome === 'sent' ? (result.messageId ?? null) : null,
            params: null,
            claimedUntil: null,
            doneAt: at,
          }
    await db
      .update(outbox)
      .set(changes)
      .where(and(eq(outbox.id, row.id), eq(outbox.status, PENDING)))
    countOutboxDelivery(row.channel, verdict.counted)
    logUnsent(row, result)
  }

  function logUnsent(row: OutboxRow, result: DeliveryResult): void {
    if (result.outcome === 'sent') return
    const fields = { outboxId: row.id, channel: row.channel, outcome: result.outcome, code: result.code }
    // Every message to this provider will be refused alike until an operator fixes the settings.
    if (result.outcome === 'refused' && result.misconfigured)
      log.error(fields, 'outbox delivery refused: provider settings or permissions')
    else log.warn(fields, 'outbox delivery not sent')
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
    await giveUpUnfinished(due, at)
    const candidates = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(due, lt(outbox.attempts, MAX_ATTEMPTS)))
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
   * Fails the due rows already claimed MAX_ATTEMPTS times: their last claim ran out without a
   * result (a recorded one would have ended them), so each is likely a message whose sending kills
   * its dispatcher; trying it until it expires (a link's week) would take one down every minute.
   */
  async function giveUpUnfinished(due: SQL | undefined, at: Date): Promise<void> {
    const given = await db
      .update(outbox)
      .set({
        status: 'failed',
        lastError: `no result after ${MAX_ATTEMPTS} claims`,
        params: null,
        claimedUntil: null,
        doneAt: at,
      })
      .where(and(due, gte(outbox.attempts, MAX_ATTEMPTS)))
      .returning({ id: outbox.id, channel: outbox.channel })
    if (!given.length) return
    for (const row of given) countOutboxDelivery(row.channel, 'failed')
    log.error(
      { outboxIds: given.map((row) => row.id) },
      'outbox messages given up: every claim ended without a result',
    )
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

  /** Starts the first attempt and does not wait for it: an answer that must not depend on the provider. */
  function attemptInBackground(id: number): void {
    const running = attempt(id).catch(() => undefined)
    inFlight.add(running)
    void running.finally(() => inFlight.delete(running))
  }

  /** Waits for the deliveries this process has under way (shutdown; the sandbox's inbox). */
  async function settle(): Promise<void> {
    while (inFlight.size) await Promise.allSettled([...inFlight])
  }

  return {
    enqueue,
    enqueueMany,
    attempt,
    attemptInBackground,
    claim,
    deliver,
    settle,
    pendingCount: () => pendingCount(db),
    gateways,
    useChannel,
  }
}

export type Outbox = ReturnType<typeof createOutbox>
