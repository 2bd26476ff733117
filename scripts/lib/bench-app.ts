// The reference server as `npm run bench:server` measures it: a child process (so the load generator
// has its own event loop) running the sandbox app on loopback with its logger off, on an in-memory
// PGlite or a throwaway database on the PostgreSQL named by BENCH_DATABASE_URL. The parent drives
// it over IPC: `login` answers a session token, `seed` grows the bench account's list tables,
// `sessions` answers many session tokens of one account at once (the soak's clients). A second
// instance joins the first one's database with BENCH_JOIN_DATABASE_URL (npm run bench:soak).
// `clearUploads` deletes an account's upload slots and unattached uploads (so the upload load is not
// stopped by the per-minute limit or the quota, which are not what it measures).
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import { PASSWORD_AES_KEY } from '../../src/core/config/shared'
import { encryptPassword } from '../../src/core/crypto/password'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { MEMORY_URL, openDatabase, type DatabaseHandle } from '../../server/db/client'
import { migrateDatabase } from '../../server/db/migrate'
import { seedDatabase } from '../../server/seed'
import { throwawayDatabase } from '../../server/db/throwaway'
import {
  accounts,
  captchas,
  orders,
  sessions,
  uploadedFiles,
  uploadReservations,
} from '../../server/db/schema'
import { hashToken, newToken } from '../../server/security/tokens'
import { DEMO, DEMO_PASSWORD } from '../../server/seed'
import { fileStorageFor } from '../../server/services/work-orders/file-storage'

type Request = { id: number } & (
  | { kind: 'login'; account: string }
  | { kind: 'seed'; account: string; rows: number }
  | { kind: 'sessions'; account: string; count: number }
  | { kind: 'clearUploads'; account: string }
)

const send = (message: unknown) => process.send?.(message)

/** Rows of orders, notices, operation-log entries and work orders of one account, up to `rows` each. */
async function seedLists(handle: DatabaseHandle, accountId: number, rows: number) {
  const run = (query: ReturnType<typeof sql>) => handle.db.execute(query)
  const [{ have }] = await handle.db
    .select({ have: count() })
    .from(orders)
    .where(eq(orders.accountId, accountId))
  const from = have + 1
  if (rows < from) return
  // Spread over the last year, newest last, with a mix of statuses as the console would see.
  await run(sql`
    insert into orders (order_code, account_id, sku_id, product_name, product_type, order_type, status,
      original_amount, pay_amount, created_at)
    select 'BENCH' || ${accountId} || '-' || g, ${accountId}, 'sku-bench', '云建站 标准版', 1, 1 + g % 3,
      g % 4, 199.00, 199.00, now() - (${rows} - g) * interval '5 minutes'
    from generate_series(${from}::int, ${rows}::int) g`)
  await run(sql`
    insert into notices (account_id, type, title, content, read_status, popped, created_at)
    select ${accountId}, 1 + g % 9, '性能测试消息 ' || g, '<p>性能测试</p>', g % 2, true,
      now() - (${rows} - g) * interval '5 minutes'
    from generate_series(${from}::int, ${rows}::int) g`)
  await run(sql`
    insert into operate_records (account_id, member_account, type, content, status, ip, created_at)
    select ${accountId}, ${DEMO.otherAccount}, g % 11, '性能测试操作 ' || g, g % 2, '127.0.0.1',
      now() - (${rows} - g) * interval '5 minutes'
    from generate_series(${from}::int, ${rows}::int) g`)
  // Work order numbers are 8 characters and unique: B and the row's number.
  await run(sql`
    insert into work_orders (account_id, number, type, description, status, created_at)
    select ${accountId}, 'B' || lpad(g::text, 7, '0'), 2, '<p>性能测试工单 ' || g || '</p>', g % 6,
      now() - (${rows} - g) * interval '5 minutes'
    from generate_series(${from}::int, ${rows}::int) g`)
  // What autovacuum would do on a server: give the planner the new row counts.
  await run(sql`analyze orders`)
  await run(sql`analyze notices`)
  await run(sql`analyze operate_records`)
  await run(sql`analyze work_orders`)
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL
  // Joining: the first instance made, migrated and seeded the database, and drops it.
  const joinUrl = process.env.BENCH_JOIN_DATABASE_URL
  const throwaway = serverUrl && !joinUrl ? await throwawayDatabase(serverUrl, 'mc_bench') : null
  const handle = await openDatabase(joinUrl || (throwaway?.url ?? MEMORY_URL))
  if (!joinUrl) {
    await migrateDatabase(handle)
    await seedDatabase(handle, { seed: true })
  }
  const config = {
    ...loadConfig({ NODE_ENV: 'development' }),
    host: '127.0.0.1',
    port: 0,
    logger: false,
    staticDir: null,
    databaseUrl: throwaway || joinUrl ? 'postgres://' : MEMORY_URL,
  }
  const fileStorage = fileStorageFor(handle)
  const app = buildApp({
    db: handle.db,
    config,
    listen: handle.listen,
    fileStorage,
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  async function login(account: string) {
    const code = await app.inject({ method: 'GET', url: '/api/app/code?type=6' })
    const uuid = (code.json() as { data: { uuid: string } }).data.uuid
    const [captcha] = await handle.db.select().from(captchas).where(eq(captchas.id, uuid))
    const answer = await app.inject({
      method: 'POST',
      url: '/api/app/loginByPassword',
      payload: {
        phone: account,
        password: encryptPassword(DEMO_PASSWORD, PASSWORD_AES_KEY),
        uuId: uuid,
        verificationCode: captcha.answer,
        type: 1,
        platform: 'h5',
      },
    })
    const body = answer.json() as { code: number; message: string; data: { token: string } }
    if (body.code !== 200) throw new Error(`login ${account}: ${body.code} ${body.message}`)
    return body.data.token
  }

  /** `count` more sessions like one fresh login's (a password login per client would take minutes). */
  async function sessionsOf(account: string, count: number) {
    const token = await login(account)
    const [template] = await handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
    const { id: _id, tokenHash: _hash, ...row } = template
    const tokens = Array.from({ length: count }, () => newToken())
    for (let from = 0; from < count; from += 500)
      await handle.db
        .insert(sessions)
        .values(tokens.slice(from, from + 500).map((t) => ({ ...row, tokenHash: hashToken(t) })))
    return tokens
  }

  async function accountIdOf(memberAccount: string) {
    const [row] = await handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.memberAccount, memberAccount))
    return row.id
  }

  async function clearUploads(accountId: number) {
    await handle.db.delete(uploadReservations).where(eq(uploadReservations.accountId, accountId))
    const loose = await handle.db
      .delete(uploadedFiles)
      .where(and(eq(uploadedFiles.accountId, accountId), isNull(uploadedFiles.workOrderId)))
      .returning({ id: uploadedFiles.id })
    for (const { id } of loose) await fileStorage.delete(id)
  }

  let closing = false
  const close = async () => {
    if (closing) return
    closing = true
    await app.close()
    await handle.close()
    await throwaway?.drop()
    process.exit(0)
  }
  process.on('disconnect', () => void close())
  process.on('message', async (request: Request) => {
    try {
      if (request.kind === 'login') send({ id: request.id, token: await login(request.account) })
      else if (request.kind === 'sessions')
        send({ id: request.id, tokens: await sessionsOf(request.account, request.count) })
      else if (request.kind === 'clearUploads') {
        await clearUploads(await accountIdOf(request.account))
        send({ id: request.id, done: true })
      } else {
        await seedLists(handle, await accountIdOf(request.account), request.rows)
        send({ id: request.id, done: true })
      }
    } catch (error) {
      send({ id: request.id, error: error instanceof Error ? error.message : String(error) })
    }
  })
  send({
    ready: true,
    port,
    database: throwaway || joinUrl ? 'PostgreSQL' : 'in-memory PGlite',
    // For a second instance to join (bench:soak); loopback only, a throwaway database.
    databaseUrl: throwaway?.url ?? joinUrl ?? null,
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
