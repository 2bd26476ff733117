// Uploads that cannot stall the server or fill its disk: the bytes stay out of
// PGlite (a folder beside it; PostgreSQL keeps them in stored_files for every instance), the
// per-minute slot is reserved before the body is read, a per-account quota, unattached uploads
// purged after a day on one instance at a time, and downloads limited and cacheable (ETag, 304).
import { eq, inArray } from 'drizzle-orm'
import { storedFiles, uploadedFiles } from '../../server/db/schema'
import { CODE } from '../../server/http/envelope'
import { DOWNLOADS_FACTOR, RATE_LIMITED } from '../../server/http/rate-limits'
import { createCheckoutService } from '../../server/services/checkout/checkout'
import { createHousekeeping } from '../../server/services/housekeeping'
import {
  createUploadService,
  DELETED_WORK_ORDER_FILES_TTL_MS,
  UNATTACHED_UPLOAD_TTL_MS,
  UPLOAD_DAY_MS,
  uploadDailyMessage,
  uploadQuotaMessage,
  UPLOADS_PER_MINUTE,
  UPLOADS_RATE_LIMITED,
} from '../../server/services/work-orders/uploads'
import type { UploadedFile } from '../../src/core/contract/work-orders'
import type { FastifyInstance } from 'fastify'
import { DEMO, testConfig, useTestServer } from './support/harness'
import { multipart, SAMPLE, type FilePart } from './support/multipart'

// The machine running the suite may be slow; nothing here is timed.
jest.setTimeout(120_000)

const server = useTestServer()
const tokens = { owner: '', other: '', subAdmin: '' }

beforeAll(async () => {
  tokens.owner = await server.tokenFor(DEMO.owner)
  tokens.other = await server.tokenFor(DEMO.otherOwner)
  tokens.subAdmin = await server.tokenFor(DEMO.subAdmin)
}, 180_000)

type UploadAnswer = { code: number; message: string; data: UploadedFile | null }

async function upload(files: FilePart[], token: string, app: FastifyInstance = server.app) {
  const body = multipart(files)
  const response = await app.inject({
    method: 'POST',
    url: '/api/workOrderFile/upload',
    headers: { ...body.headers, token },
    payload: body.payload,
    remoteAddress: '127.0.0.1',
  })
  expect(response.statusCode).toBe(200)
  return response.json() as UploadAnswer
}

/** A real PDF header followed by `size` bytes in all. */
const pdfOf = (size: number) => Buffer.concat([SAMPLE.pdf, Buffer.alloc(size - SAMPLE.pdf.length, 0x20)])

const download = (url: string, headers: Record<string, string> = {}, app = server.app) =>
  app.inject({ method: 'GET', url, headers, remoteAddress: '198.51.100.7' })

describe('the per-minute limit', () => {
  it(`accepts exactly ${UPLOADS_PER_MINUTE} of 40 parallel uploads by one account`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => upload([{ name: `p${i}.png`, bytes: SAMPLE.png }], tokens.owner)),
    )
    const accepted = answers.filter((answer) => answer.code === 200)
    const refused = answers.filter((answer) => answer.code !== 200)
    expect(accepted).toHaveLength(UPLOADS_PER_MINUTE)
    expect(refused).toHaveLength(40 - UPLOADS_PER_MINUTE)
    for (const answer of refused)
      expect(answer).toEqual({ code: CODE.tooManyRequests, message: UPLOADS_RATE_LIMITED, data: null })
    // The sub-admin shares the account's minute; a minute later there is room again.
    expect((await upload([{ name: 's.png', bytes: SAMPLE.png }], tokens.subAdmin)).code).toBe(
      CODE.tooManyRequests,
    )
    server.clock.advance(61_000)
    expect((await upload([{ name: 's.png', bytes: SAMPLE.png }], tokens.subAdmin)).code).toBe(200)
  }, 120_000)
})

describe('where the bytes live', () => {
  it('keeps them out of the database on PGlite and in stored_files on PostgreSQL', async () => {
    const { fileId, url } = (await upload([{ name: 'w.pdf', bytes: pdfOf(300_000) }], tokens.other)).data!
    const inDatabase = await server.db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(eq(storedFiles.key, fileId))
    expect(inDatabase).toHaveLength(server.databaseUrl ? 1 : 0)
    const served = await download(url)
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(pdfOf(300_000))).toBe(true)
  })

  it('keeps nothing of a refused upload (wrong type, too large)', async () => {
    const before = await server.db.select({ key: storedFiles.key }).from(storedFiles)
    expect((await upload([{ name: 'x.png', bytes: SAMPLE.elf }], tokens.other)).code).toBe(CODE.invalid)
    const tooBig = await upload([{ name: 'big.pdf', bytes: pdfOf(5 * 1024 * 1024 + 1) }], tokens.other)
    expect(tooBig).toMatchObject({ code: CODE.invalid, message: '上传文件大小不能超过5MB!' })
    expect(await server.db.select({ key: storedFiles.key }).from(storedFiles)).toHaveLength(before.length)
  }, 60_000)
})

describe('the storage quota', () => {
  it('refuses an upload past the account quota, also when uploads race, with a clear message', async () => {
    const quota = 1024 * 1024
    const small = await server.buildVariant({ uploadQuotaBytes: quota })
    const login = await server.login(DEMO.otherOwner)
    const { token, accountId } = login.data
    server.clock.advance(61_000)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        upload([{ name: `q${i}.pdf`, bytes: pdfOf(300_000) }], token, small),
      ),
    )
    const message = uploadQuotaMessage(quota)
    expect(message).toBe('附件存储空间已满（1MB），请删除已关闭且不再需要的工单，其附件7天后释放')
    const refused = answers.filter((answer) => answer.code !== 200)
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused) expect(answer).toEqual({ code: CODE.invalid, message, data: null })
    const held = await server.db
      .select({ size: uploadedFiles.size })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.accountId, accountId))
    expect(held.reduce((sum, row) => sum + row.size, 0)).toBeLessThanOrEqual(quota)
    // Nearly full: a file that does not fit is refused, and nothing of it is kept.
    expect(await upload([{ name: 'more.pdf', bytes: pdfOf(800_000) }], token, small)).toEqual({
      code: CODE.invalid,
      message,
      data: null,
    })
    expect(
      await server.db
        .select({ id: uploadedFiles.id })
        .from(uploadedFiles)
        .where(eq(uploadedFiles.accountId, accountId)),
    ).toHaveLength(held.length)
  }, 120_000)
  /** What the account's files take now. */
  async function storedBytes(accountId: number) {
    const rows = await server.db
      .select({ size: uploadedFiles.size })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.accountId, accountId))
    return rows.reduce((sum, row) => sum + row.size, 0)
  }

  /** An after-sales work order of the demo owner with these files, closed and deleted. */
  async function deletedWorkOrderWith(token: string, fileIds: string[]) {
    const templates = await server.get<{ id: number; taskName: string }[]>(
      '/api/acWorkOrder/getWorkList?workType=2&state=1',
      { token },
    )
    const template = templates.data.find((t) => t.taskName === '网站功能异常')!
    const created = await server.post<{ id: number }>(
      '/api/acWorkOrder/createWorkOrder',
      {
        type: 2,
        templateId: template.id,
        source: 1,
        acWorkOrderDataPos: [
          { fieldCode: 'orderCode', fieldValue: 'MC202611000006', sort: 1 },
          { fieldCode: 'telPhone', fieldValue: DEMO.owner, sort: 2 },
          { fieldCode: 'description', fieldValue: '附件占用', sort: 3 },
        ],
        acWorkOrderFilePos: fileIds.map((fileId) => ({ fileId, type: 0 })),
      },
      { token },
    )
    expect(created.code).toBe(200)
    const { id } = created.data
    const close = { id, isClose: 1, closeReason: '自己已解决' }
    expect((await server.post('/api/acWorkOrder/closeWorkOrder', close, { token })).code).toBe(200)
    expect((await server.post('/api/acWorkOrder/deleteWorkOrder', { id }, { token })).code).toBe(200)
  }

  it("counts a deleted work order's files until they are deleted, seven days later", async () => {
    server.clock.advance(61_000)
    const login = await server.login(DEMO.owner)
    const { token, accountId } = login.data
    const quota = (await storedBytes(accountId)) + 700_000
    const small = await server.buildVariant({ uploadQuotaBytes: quota })
    const files = [
      (await upload([{ name: 'a.pdf', bytes: pdfOf(300_000) }], token, small)).data!,
      (await upload([{ name: 'b.pdf', bytes: pdfOf(300_000) }], token, small)).data!,
    ]
    await deletedWorkOrderWith(
      token,
      files.map((file) => file.fileId),
    )
    // Deleting the work order once freed its space at once, with its files still stored.
    expect(await upload([{ name: 'c.pdf', bytes: pdfOf(300_000) }], token, small)).toEqual({
      code: CODE.invalid,
      message: uploadQuotaMessage(quota),
      data: null,
    })
    const ctx = { db: server.db, config: testConfig(), now: server.clock, log: server.app.log }
    const uploads = createUploadService(ctx, { storage: server.fileStorage })
    server.clock.advance(DELETED_WORK_ORDER_FILES_TTL_MS - 120_000)
    expect(await uploads.purgeDeletedWorkOrders()).toBe(0)
    server.clock.advance(120_000 + 1000)
    expect(await uploads.purgeDeletedWorkOrders()).toBe(2)
    for (const file of files) expect(await server.fileStorage.get(file.fileId)).toBeNull()
    expect(await uploads.purgeDeletedWorkOrders()).toBe(0)
    // A week on, the session has ended: a new one.
    const again = await server.tokenFor(DEMO.owner)
    expect((await upload([{ name: 'c.pdf', bytes: pdfOf(300_000) }], again, small)).code).toBe(200)
  })

  it('holds an account to its daily upload budget, then lets it go on a day later', async () => {
    const daily = 700_000
    const budget = await server.buildVariant({ uploadDailyBytes: daily })
    // A day after the other tests' uploads; each day needs a new session.
    server.clock.advance(UPLOAD_DAY_MS)
    let token = await server.tokenFor(DEMO.otherOwner)
    const send = (name: string) => upload([{ name, bytes: pdfOf(300_000) }], token, budget)
    expect((await send('d1.pdf')).code).toBe(200)
    expect((await send('d2.pdf')).code).toBe(200)
    expect(await send('d3.pdf')).toEqual({ code: 429, message: uploadDailyMessage(daily), data: null })
    expect(uploadDailyMessage(100 * 1024 * 1024)).toBe('24小时内最多上传100MB，请稍后再试')
    server.clock.advance(UPLOAD_DAY_MS)
    token = await server.tokenFor(DEMO.otherOwner)
    expect((await send('d3.pdf')).code).toBe(200)
  })
})

describe('unattached uploads', () => {
  function purger() {
    const ctx = { db: server.db, config: testConfig(), now: server.clock, log: server.app.log }
    const uploads = createUploadService(ctx, { storage: server.fileStorage })
    return {
      uploads,
      housekeeping: createHousekeeping(ctx, { checkout: createCheckoutService(ctx), uploads }),
    }
  }

  it('are deleted with their bytes a day after upload, once, while attached ones stay', async () => {
    server.clock.advance(61_000)
    const token = await server.tokenFor(DEMO.owner)
    const loose = (await upload([{ name: 'loose.png', bytes: SAMPLE.png }], token)).data!
    const kept = (await upload([{ name: 'kept.png', bytes: SAMPLE.png }], token)).data!
    const list = await server.get<{ data: { id: number; number: string }[] }>(
      '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=100',
      { token },
    )
    const open = list.data.data.find((w) => w.number === '20260001')!.id
    expect(
      await server.post(
        '/api/appWorkOrderCommunicationRecords/saveRecords',
        { workOrderId: open, content: '补充截图', acWorkOrderFilePos: [{ fileId: kept.fileId }] },
        { token },
      ),
    ).toMatchObject({ code: 200 })

    const stored = async () =>
      (
        await server.db
          .select({ id: uploadedFiles.id })
          .from(uploadedFiles)
          .where(inArray(uploadedFiles.id, [loose.fileId, kept.fileId]))
      ).map((row) => row.id)
    const first = purger()
    server.clock.advance(UNATTACHED_UPLOAD_TTL_MS - 120_000)
    await first.uploads.purgeUnattached()
    expect((await stored()).sort()).toEqual([loose.fileId, kept.fileId].sort())
    server.clock.advance(120_000 + 1000)
    // Two instances at once: one purges, the other skips or finds nothing; never twice.
    const second = purger()
    const counts = await Promise.all([first.uploads.purgeUnattached(), second.uploads.purgeUnattached()])
    expect(await stored()).toEqual([kept.fileId])
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1)
    expect(await server.fileStorage.get(loose.fileId)).toBeNull()
    expect(await server.fileStorage.get(kept.fileId)).not.toBeNull()
    // Housekeeping runs it; again, nothing more goes.
    await first.housekeeping.purgeExpired()
    expect(await first.uploads.purgeUnattached()).toBe(0)
    expect(await server.fileStorage.get(kept.fileId)).not.toBeNull()
  }, 120_000)
})

describe('downloads', () => {
  it('are private, tagged, and answer 304 to the tag', async () => {
    server.clock.advance(61_000)
    const token = await server.tokenFor(DEMO.otherOwner)
    const { url, fileId } = (await upload([{ name: 'c.png', bytes: SAMPLE.png }], token)).data!
    const first = await download(url)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
    expect(first.headers.etag).toBe(`"${fileId}"`)
    const again = await download(url, { 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload).toHaveLength(0)
    expect(again.headers.etag).toBe(`"${fileId}"`)
    // Another tag gets the bytes; a forged address gets no 304.
    expect((await download(url, { 'if-none-match': '"other"' })).statusCode).toBe(200)
    const forged = url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`)
    const refused = await download(forged, { 'if-none-match': String(first.headers.etag) })
    expect(refused.statusCode).toBe(200)
    expect(refused.json()).toMatchObject({ code: CODE.forbidden })
  })

  it('are limited per address', async () => {
    const perMinute = 2
    const limited = await server.buildVariant({ anonymousCallsPerMinute: perMinute })
    const token = await server.tokenFor(DEMO.otherOwner)
    server.clock.advance(61_000)
    const { url } = (await upload([{ name: 'l.png', bytes: SAMPLE.png }], token)).data!
    for (let i = 0; i < perMinute * DOWNLOADS_FACTOR; i++)
      expect((await download(url, {}, limited)).statusCode).toBe(200)
    const over = await download(url, {}, limited)
    expect(over.json()).toEqual({ code: CODE.tooManyRequests, message: RATE_LIMITED, data: null })
  })
})
