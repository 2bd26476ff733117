// Durability: SIGKILL in the middle of a burst of writes (work-order replies, new orders,
// sub-admin changes and uploads from several clients at once), then a restart on the same PGlite folder (or the same PostgreSQL database with
// TEST_DATABASE_URL). Every write the server acknowledged is there, once; a restart after the crash
// opens the folder without manual steps (the dead process's lock is taken over).
import { and, eq, isNull, like } from 'drizzle-orm'
import { PASSWORD_AES_KEY } from '../../src/core/config/shared'
import { encryptPassword } from '../../src/core/crypto/password'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import { DEMO, DEMO_PASSWORD } from '../../server/db/demo'
import { migrateDatabase } from '../../server/db/migrate'
import { seedDatabase } from '../../server/seed'
import { orders, subAccounts, workOrderRecords, workOrders } from '../../server/db/schema'
import { hostPGlite } from './support/harness'
import { multipart, SAMPLE } from './support/multipart'
import { killStrayServers, request, serverDatabase, spawnServer, stopCleanly } from './support/spawned-server'

// Two starts of the real server (and a first PGlite folder): seconds alone, far more on a busy machine.
jest.setTimeout(300_000)

let database: Awaited<ReturnType<typeof serverDatabase>>

const openHere = (): Promise<DatabaseHandle> =>
  openDatabase(database.url, database.folder ? { PGlite: hostPGlite() } : {})

beforeAll(async () => {
  database = await serverDatabase()
})

afterAll(async () => {
  killStrayServers()
  await database?.dispose()
})

async function envelope(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
) {
  const answer = await request(base, method, url, options)
  return JSON.parse(answer.body) as { code: number; message: string; data: any } // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function login(base: string, phone: string): Promise<string> {
  const issued = await envelope(base, 'GET', '/api/app/code?type=6')
  const answer = await envelope(base, 'GET', `/__dev/captcha?id=${issued.data.uuid}`)
  const result = await envelope(base, 'POST', '/api/app/loginByPassword', {
    body: {
      phone,
      password: encryptPassword(DEMO_PASSWORD, PASSWORD_AES_KEY),
      uuId: issued.data.uuid,
      verificationCode: answer.data.answer,
      type: 1,
      platform: 'h5',
    },
  })
  if (result.code !== 200) throw new Error(`login refused: ${result.message}`)
  return result.data.token
}

const CLIENTS = 8
/** SIGKILL once this many writes (at least one of each kind) are acknowledged: others are in flight. */
const KILL_AFTER = 24

it('keeps every acknowledged write across a SIGKILL and restarts without manual steps', async () => {
  // Seeded beforehand, so the test knows the work order the replies go to.
  const setup = await openHere()
  await migrateDatabase(setup)
  await seedDatabase(setup, { seed: true })
  const [order] = await setup.db.select().from(workOrders).where(eq(workOrders.number, '20260001'))
  const subAdmins = await setup.db
    .select()
    .from(subAccounts)
    .where(and(eq(subAccounts.accountId, order.accountId), isNull(subAccounts.deletedAt)))
    .orderBy(subAccounts.id)
    .limit(2)
  expect(subAdmins).toHaveLength(2)
  await setup.close()

  const server = await spawnServer(database.url)
  const token = await login(server.url, DEMO.owner)
  // Each writer makes one kind of write and keeps what was acknowledged: a reply's text, an order's
  // code; a sub-admin's name (each of two sub-admins renamed by one writer, the last acknowledged
  // name or the one in flight at the kill must be stored).
  const acknowledged = { replies: [] as string[], orders: [] as string[], uploads: [] as string[] }
  const renames = new Map<number, { acked: string | null; inFlight: string | null }>()
  let renamed = 0
  const total = () =>
    acknowledged.replies.length + acknowledged.orders.length + acknowledged.uploads.length + renamed
  const writers: ((n: number, i: number) => Promise<void>)[] = [
    async (n, i) => {
      const content = `durable-${n}-${i}`
      const saved = await envelope(server.url, 'POST', '/api/appWorkOrderCommunicationRecords/saveRecords', {
        body: { workOrderId: order.id, content },
        token,
      })
      if (saved.code !== 200) throw new Error(`reply refused: ${saved.message}`)
      acknowledged.replies.push(content)
    },
    async () => {
      const answer = await request(server.url, 'POST', '/oapi/newac/GenerateOrder', {
        body: { SkuId: 'SKU-SITE-STD', OrderTypeId: 1, BuyCycle: 1 },
        token,
      })
      const generated = JSON.parse(answer.body) as { IsSuccess?: boolean; Data?: { OrderNo: string }[] }
      if (!generated.IsSuccess) throw new Error(`order refused: ${answer.body}`)
      acknowledged.orders.push(generated.Data![0]!.OrderNo)
    },
    async (n, i) => {
      const subAdmin = subAdmins[Math.floor(n / writersCount)]!
      const rename = renames.get(subAdmin.id) ?? { acked: null, inFlight: null }
      renames.set(subAdmin.id, rename)
      rename.inFlight = `持久-${n}-${i}`
      const saved = await envelope(server.url, 'POST', '/api/app/account/editAccountSubAccount', {
        body: {
          id: subAdmin.id,
          fullName: rename.inFlight,
          mailbox: subAdmin.mailbox,
          position: subAdmin.position,
        },
        token,
      })
      if (saved.code !== 200) throw new Error(`sub-admin change refused: ${saved.message}`)
      rename.acked = rename.inFlight
      rename.inFlight = null
      renamed += 1
    },
    async () => {
      const form = multipart([{ name: 'durable.png', bytes: SAMPLE.png, contentType: 'image/png' }])
      const answer = await fetch(new URL('/api/workOrderFile/upload', server.url), {
        method: 'POST',
        headers: { ...form.headers, token },
        body: form.payload,
      })
      const uploaded = (await answer.json()) as { code: number; message: string; data: { url: string } }
      if (uploaded.code !== 200) throw new Error(`upload refused: ${uploaded.message}`)
      acknowledged.uploads.push(uploaded.data.url)
    },
  ]
  const writersCount = writers.length
  const everyKindAcknowledged = () =>
    acknowledged.replies.length > 0 &&
    acknowledged.orders.length > 0 &&
    acknowledged.uploads.length > 0 &&
    renamed > 0
  let killed = false
  const client = async (n: number) => {
    const write = writers[n % writers.length]!
    for (let i = 0; !killed; i += 1) {
      try {
        await write(n, i)
      } catch (error) {
        if (!killed) throw error
      }
      if (!killed && total() >= KILL_AFTER && everyKindAcknowledged()) {
        killed = true
        server.child.kill('SIGKILL')
      }
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)))
  expect(await server.exit).toEqual({ code: null, signal: 'SIGKILL' })

  // The restart opens the same database as it is (no repair step) and serves.
  const restarted = await spawnServer(database.url)
  expect((await request(restarted.url, 'GET', '/readyz')).status).toBe(200)
  const afterCrash = await envelope(
    restarted.url,
    'POST',
    '/api/appWorkOrderCommunicationRecords/saveRecords',
    {
      body: { workOrderId: order.id, content: 'durable-after-restart' },
      token: await login(restarted.url, DEMO.owner),
    },
  )
  expect(afterCrash.code).toBe(200)
  // Every acknowledged upload is whole: its row and its bytes.
  for (const url of acknowledged.uploads) {
    const file = await fetch(new URL(url, restarted.url))
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer())).toEqual(SAMPLE.png)
  }
  await stopCleanly(restarted)

  const check = await openHere()
  try {
    const stored = await check.db
      .select({ content: workOrderRecords.content })
      .from(workOrderRecords)
      .where(and(eq(workOrderRecords.workOrderId, order.id), like(workOrderRecords.content, 'durable-%')))
    const contents = stored.map((row) => row.content)
    expect(total()).toBeGreaterThanOrEqual(KILL_AFTER)
    for (const content of acknowledged.replies) expect(contents).toContain(content)
    expect(contents).toContain('durable-after-restart')
    // Each reply at most once: a write is there whole or not at all.
    expect(new Set(contents).size).toBe(contents.length)

    const storedOrders = (await check.db.select({ code: orders.orderCode }).from(orders)).map(
      (row) => row.code,
    )
    // Every kind of write was acknowledged at least once before the kill.
    expect(acknowledged.orders.length).toBeGreaterThan(0)
    expect(renamed).toBeGreaterThan(0)
    for (const code of acknowledged.orders) expect(storedOrders).toContain(code)
    expect(acknowledged.uploads.length).toBeGreaterThan(0)
    for (const [id, rename] of renames) {
      const [row] = await check.db.select().from(subAccounts).where(eq(subAccounts.id, id))
      expect([rename.acked, rename.inFlight].filter(Boolean)).toContain(row!.fullName)
    }
  } finally {
    await check.close()
  }
})
