// The one outbox of SMS and mail: written in the causing transaction, woken by
// the insert's notification, delivered at least once under FOR UPDATE SKIP LOCKED with bounded
// retries (claims count, so a message that keeps killing its dispatcher is given up), looked up in
// the provider's records before being sent again, its text purged, each attempt counted for
// /metrics. The provider is the Aliyun fake, reached through the real SDK.
import * as promClient from '@prometheus-io/client'
import Fastify from 'fastify'
import { eq } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import { migrateDatabase } from '../../server/db/migrate'
import { seedDatabase } from '../../server/seed'
import { outbox as outboxTable } from '../../server/db/schema'
import { aliyunSms } from '../../server/providers/sms/aliyun'
import type { MessageGateways } from '../../server/providers/index'
import type { DeliveryResult } from '../../server/providers/delivery'
import {
  CLAIM_LEASE_MS,
  MAX_ATTEMPTS,
  createOutbox,
  pendingCount,
  retryDelayMs,
  type OutboxRow,
  type QueuedMessage,
} from '../../server/services/outbox/outbox'
import { createOutboxDispatcher } from '../../server/services/outbox/outbox-dispatcher'
import { createClock, openTestDatabase, testConfig, type TestClock } from './support/harness'
import { startFakeAliyunSms, templateIds, type FakeAliyun } from './support/fake-sms-providers'

let database: Awaited<ReturnType<typeof openTestDatabase>>
let fake: FakeAliyun
let gateways: MessageGateways
let clock: TestClock
const log = Fastify({ logger: false }).log

beforeAll(async () => {
  database = await openTestDatabase()
  await migrateDatabase(database.handle)
  await seedDatabase(database.handle, { seed: false })
  fake = await startFakeAliyunSms({ now: () => clock() })
  gateways = {
    sms: aliyunSms({
      accessKeyId: fake.accessKeyId,
      accessKeySecret: fake.accessKeySecret,
      endpoint: new URL(fake.url),
      signName: '会员中心',
      templates: templateIds('aliyun'),
    }),
    mail: null,
  }
}, 120_000)

afterAll(async () => {
  await fake?.close()
  await database?.dispose()
})

beforeEach(async () => {
  clock = createClock()
  fake.received.length = 0
  fake.behave('*', null)
  await database.handle.db.delete(outboxTable)
})

const outboxOn = (handle: DatabaseHandle) =>
  createOutbox({ db: handle.db, config: testConfig(), now: clock, log }, gateways)

let nextPhone = 13700000000
const codeMessage = (): QueuedMessage => ({
  channel: 'sms',
  recipient: String((nextPhone += 1)),
  template: 'login',
  purpose: 'login',
  params: { code: '123456' },
  ttlMs: 300_000,
})

async function enqueueMany(handle: DatabaseHandle, count: number, ttlMs = 300_000): Promise<number[]> {
  const outbox = outboxOn(handle)
  const ids: number[] = []
  for (let start = 0; start < count; start += 100) {
    await handle.db.transaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + 100); i += 1)
        ids.push(await outbox.enqueue(tx, { ...codeMessage(), ttlMs }))
    })
  }
  return ids
}

const rowOf = async (id: number) =>
  (await database.handle.db.select().from(outboxTable).where(eq(outboxTable.id, id)))[0]

/** member_centre_outbox_deliveries_total for one channel and result, from the process's registry. */
async function deliveries(result: string, channel = 'sms'): Promise<number> {
  const text = await promClient.register.getSingleMetricAsString('member_centre_outbox_deliveries_total')
  const sample = `member_centre_outbox_deliveries_total{channel="${channel}",result="${result}"} `
  const line = text.split('\n').find((candidate) => candidate.startsWith(sample))
  return line ? Number(line.slice(sample.length)) : 0
}

describe('the dispatcher', () => {
  it('is woken by the insert itself (LISTEN/NOTIFY), delivers with the correlation id and purges the code', async () => {
    const outbox = outboxOn(database.handle)
    let delivered!: (id: number) => void
    const attempted = new Promise<number>((resolve) => (delivered = resolve))
    // The idle poll is far beyond the test's timeout: only the notification can wake it.
    const dispatcher = createOutboxDispatcher(outbox, {
      listen: database.handle.listen,
      idlePollMs: 3_600_000,
      onAttempt: (row) => delivered(row.id),
    })
    await dispatcher.start()
    try {
      const id = await database.handle.db.transaction((tx) => outbox.enqueue(tx, codeMessage()))
      expect(await attempted).toBe(id)
      const row = await rowOf(id)
      expect(row).toMatchObject({ status: 'sent', params: null, attempts: 1 })
      expect(fake.received).toEqual([
        expect.objectContaining({ key: row.correlationId, params: { code: '123456' } }),
      ])
      // The provider's id for it (Aliyun's BizId) is kept.
      expect(row.providerMessageId).toBe(fake.received[0].messageId)
    } finally {
      await dispatcher.stop()
    }
  })

  it('writes nothing when the causing transaction rolls back', async () => {
    const outbox = outboxOn(database.handle)
    await expect(
      database.handle.db.transaction(async (tx) => {
        await outbox.enqueue(tx, codeMessage())
        throw new Error('the cause failed')
      }),
    ).rejects.toThrow('the cause failed')
    expect(await database.handle.db.select().from(outboxTable)).toEqual([])
  })

  it('picks up what was pending before a restart', async () => {
    const ids = await enqueueMany(database.handle, 5)
    const dispatcher = createOutboxDispatcher(outboxOn(database.handle))
    while ((await dispatcher.runOnce()) > 0) {
      // until nothing is due
    }
    for (const id of ids) expect((await rowOf(id)).status).toBe('sent')
    expect(fake.received).toHaveLength(5)
  })

  it('retries a transient failure with backoff, then gives up after a bounded number of attempts', async () => {
    fake.behave('*', { code: 'ServiceUnavailable', status: 503 })
    // A link's day (a code's 5 minutes would end the retries first: the next test).
    const [id] = await enqueueMany(database.handle, 1, 86_400_000)
    const dispatcher = createOutboxDispatcher(outboxOn(database.handle))
    expect(await dispatcher.runOnce()).toBe(1)
    const first = await rowOf(id)
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'ServiceUnavailable' })
    expect(first.nextAttemptAt.getTime() - clock().getTime()).toBe(retryDelayMs(1))
    // Not due again before its backoff.
    expect(await dispatcher.runOnce()).toBe(0)
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      clock.advance(retryDelayMs(attempt - 1))
      expect(await dispatcher.runOnce()).toBe(1)
    }
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, params: null })
    clock.advance(retryDelayMs(MAX_ATTEMPTS))
    expect(await dispatcher.runOnce()).toBe(0)
  })

  it('marks a refusal as a permanent failure at once and purges the code', async () => {
    fake.behave('*', { code: 'isv.MOBILE_NUMBER_ILLEGAL' })
    const [id] = await enqueueMany(database.handle, 1)
    await createOutboxDispatcher(outboxOn(database.handle)).runOnce()
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      lastError: 'isv.MOBILE_NUMBER_ILLEGAL',
      params: null,
    })
  })

  it('takes a RAM user without SMS permission for a configuration error: final, logged at error', async () => {
    fake.behave('*', { code: 'isp.RAM_PERMISSION_DENY' })
    const [id] = await enqueueMany(database.handle, 1, 86_400_000)
    const logged = jest.spyOn(log, 'error')
    const refusedBefore = await deliveries('refused')
    try {
      await createOutboxDispatcher(outboxOn(database.handle)).runOnce()
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ outboxId: id, code: 'isp.RAM_PERMISSION_DENY' }),
        expect.any(String),
      )
    } finally {
      logged.mockRestore()
    }
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      lastError: 'isp.RAM_PERMISSION_DENY',
      attempts: 1,
    })
    expect(await deliveries('refused')).toBe(refusedBefore + 1)
    // Not due again: no retry comes of it.
    clock.advance(retryDelayMs(MAX_ATTEMPTS))
    expect(await createOutboxDispatcher(outboxOn(database.handle)).runOnce()).toBe(0)
  })

  it('gives up a message whose claims all ended without a result, at its next claim', async () => {
    // A link's week: without the limit it would be claimed, and kill its dispatcher, until then.
    const [id] = await enqueueMany(database.handle, 1, 7 * 86_400_000)
    const outbox = outboxOn(database.handle)
    for (let claim = 1; claim <= MAX_ATTEMPTS; claim += 1) {
      // The dispatcher dies mid-send each time: nothing recorded; the lease runs out.
      expect(await outbox.claim(1)).toEqual([expect.objectContaining({ id, attempts: claim })])
      clock.advance(CLAIM_LEASE_MS)
    }
    const failedBefore = await deliveries('failed')
    expect(await createOutboxDispatcher(outbox).runOnce()).toBe(0)
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      params: null,
      claimedUntil: null,
      lastError: `no result after ${MAX_ATTEMPTS} claims`,
    })
    expect(fake.received).toEqual([])
    expect(await deliveries('failed')).toBe(failedBefore + 1)
  })

  it('looks a message whose answer was lost up in the provider records, and does not send it again', async () => {
    fake.behave('*', 'lose')
    const [id] = await enqueueMany(database.handle, 1)
    const dispatcher = createOutboxDispatcher(outboxOn(database.handle))
    expect(await dispatcher.runOnce()).toBe(1)
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 })
    expect(fake.received).toHaveLength(1)
    fake.behave('*', null)
    clock.advance(retryDelayMs(1))
    const sentBefore = await deliveries('sent')
    expect(await dispatcher.runOnce()).toBe(1)
    // Aliyun's records name the message by OutId, not by BizId: no provider id to keep.
    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      params: null,
      providerMessageId: null,
    })
    expect(fake.received).toHaveLength(1)
    expect(await deliveries('sent')).toBe(sentBefore + 1)
  })

  it('counts each attempt by channel and result, and the pending rows', async () => {
    const before = { sent: await deliveries('sent'), retry: await deliveries('retry') }
    const [retried, sent] = await enqueueMany(database.handle, 2)
    fake.behave((await rowOf(retried)).recipient, { code: 'ServiceUnavailable', status: 503 })
    expect(await pendingCount(database.handle.db)).toBe(2)
    await createOutboxDispatcher(outboxOn(database.handle)).runOnce()
    expect((await rowOf(sent)).status).toBe('sent')
    expect(await deliveries('sent')).toBe(before.sent + 1)
    expect(await deliveries('retry')).toBe(before.retry + 1)
    expect(await outboxOn(database.handle).pendingCount()).toBe(1)
  })

  it('does not send a message past its lifetime', async () => {
    const [id] = await enqueueMany(database.handle, 1)
    clock.advance(300_001)
    await createOutboxDispatcher(outboxOn(database.handle)).runOnce()
    expect(await rowOf(id)).toMatchObject({ status: 'expired', params: null })
    expect(fake.received).toEqual([])
  })

  it('the requester waits for its own first attempt; a hanging provider answers queued', async () => {
    const outbox = outboxOn(database.handle)
    const sent = await database.handle.db.transaction((tx) =>
      outbox.enqueue(tx, codeMessage(), { attemptNow: true }),
    )
    // A dispatcher leaves a row its requester is about to try.
    expect(await createOutboxDispatcher(outbox).runOnce()).toBe(0)
    expect(await outbox.attempt(sent)).toEqual({ outcome: 'sent' })
    fake.behave('*', 'hang')
    const hanging = await database.handle.db.transaction((tx) =>
      outbox.enqueue(tx, codeMessage(), { attemptNow: true }),
    )
    expect(await outbox.attempt(hanging, 50)).toEqual({ outcome: 'queued' })
    fake.release()
    await outbox.settle()
    expect(await rowOf(hanging)).toMatchObject({ status: 'sent' })
  })
})

describe('several dispatchers on one database', () => {
  /** A second connection to the same database where there is one (PostgreSQL); PGlite shares its handle. */
  async function secondHandle(): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
    if (!database.url) return { handle: database.handle, close: async () => undefined }
    const handle = await openDatabase(database.url)
    return { handle, close: () => handle.close() }
  }

  it('deliver 1,000 messages with each correlation id seen once', async () => {
    const ids = await enqueueMany(database.handle, 1000)
    const other = await secondHandle()
    let sent = 0
    let finished!: () => void
    const done = new Promise<void>((resolve) => (finished = resolve))
    const onAttempt = (row: OutboxRow, result: DeliveryResult) => {
      // A send that timed out on this loaded machine comes due again once its backoff has passed.
      if (result.outcome === 'retry') clock.advance(retryDelayMs(row.attempts))
      if (result.outcome === 'sent' && (sent += 1) === ids.length) finished()
    }
    const dispatchers = [
      createOutboxDispatcher(outboxOn(database.handle), { onAttempt, idlePollMs: 500 }),
      createOutboxDispatcher(outboxOn(other.handle), { onAttempt, idlePollMs: 500 }),
    ]
    try {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.start()))
      await done
    } finally {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()))
      await other.close()
    }
    const rows = await database.handle.db.select().from(outboxTable)
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([])
    // Each id reached the provider once, but for a send retried after a timeout whose message the
    // provider's records did not show yet (same id again).
    const seen = new Map<string, number>()
    for (const { key } of fake.received) seen.set(key, (seen.get(key) ?? 0) + 1)
    expect(seen.size).toBe(1000)
    for (const row of rows) {
      if (row.attempts === 1) expect(seen.get(row.correlationId)).toBe(1)
      else expect(seen.get(row.correlationId)).toBeLessThanOrEqual(row.attempts)
    }
  }, 240_000)

  it('a dispatcher killed mid-batch loses and repeats nothing: its claims come free after the lease', async () => {
    const ids = await enqueueMany(database.handle, 40)
    const doomed = outboxOn(database.handle)
    const claimed = await doomed.claim(20)
    // It got half of its batch to the provider and died before recording any of it.
    for (const row of claimed.slice(0, 10)) {
      await gateways.sms!.send({
        phone: row.recipient,
        template: 'login',
        params: { code: '123456' },
        text: '',
        correlationId: row.correlationId,
      })
    }
    const survivor = createOutboxDispatcher(outboxOn(database.handle))
    while ((await survivor.runOnce()) > 0) {
      // the unclaimed half
    }
    // Until its lease ends, nobody touches what the dead dispatcher claimed.
    const held = await database.handle.db.select().from(outboxTable).where(eq(outboxTable.status, 'pending'))
    const stillClaimed = held.filter((row) => row.claimedUntil !== null).map((row) => row.id)
    expect(stillClaimed.sort()).toEqual(claimed.map((row) => row.id).sort())
    clock.advance(CLAIM_LEASE_MS)
    while ((await survivor.runOnce()) > 0) {
      // the dead dispatcher's claims
    }
    const rows = await database.handle.db.select().from(outboxTable)
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'sent'))
    // The ten sent but never recorded were found in the provider's records and not sent again.
    const keys = fake.received.map((message) => message.key)
    expect(keys.sort()).toEqual(rows.map((row) => row.correlationId).sort())
  })
})
