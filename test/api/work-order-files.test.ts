// Uploads and signed file addresses (doc2 §5 attachments, §7 upload calls, "Uploads and
// files"): the type by magic bytes, the 5 MB limit, one file a request, anonymous refused, per-account
// rate limit, signed addresses that expire and cannot be forged; and the engineer's sandbox page.
import { eq } from 'drizzle-orm'
import { uploadedFiles } from '../../server/db/schema'
import { CODE } from '../../server/http/envelope'
import { FILE_URL_TTL_SECONDS } from '../../server/services/work-orders/file-urls'
import {
  sanitizeFileName,
  UPLOADS_PER_MINUTE,
  UPLOADS_RATE_LIMITED,
} from '../../server/services/work-orders/uploads'
import { WORK_ORDER_MSG } from '../../src/core/validation/work-orders'
import type { UploadedFile, WorkOrderDetail } from '../../src/core/contract/work-orders'
import { DEMO, useTestServer } from './support/harness'
import { multipart, SAMPLE, type FilePart } from './support/multipart'

const server = useTestServer()
const tokens = { owner: '', other: '', subAdmin: '' }

beforeAll(async () => {
  tokens.owner = await server.tokenFor(DEMO.owner)
  tokens.other = await server.tokenFor(DEMO.otherOwner)
  tokens.subAdmin = await server.tokenFor(DEMO.subAdmin)
}, 60_000)

async function upload(files: FilePart[], token: string = tokens.owner, url = '/api/workOrderFile/upload') {
  const body = multipart(files)
  const response = await server.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...(token ? { token } : {}) },
    payload: body.payload,
    remoteAddress: '127.0.0.1',
  })
  expect(response.statusCode).toBe(200)
  return response.json() as { code: number; message: string; data: UploadedFile | null }
}

const fetchUrl = (url: string) => server.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })

describe('uploads', () => {
  it.each([
    ['a.png', SAMPLE.png, 'image/png'],
    ['a.JPG', SAMPLE.jpg, 'image/jpeg'],
    ['a.jpeg', SAMPLE.jpg, 'image/jpeg'],
    ['a.pdf', SAMPLE.pdf, 'application/pdf'],
    ['a.zip', SAMPLE.zip, 'application/zip'],
    ['a.docx', SAMPLE.zip, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a.doc', SAMPLE.cfb, 'application/msword'],
    ['a.rar', SAMPLE.rar, 'application/vnd.rar'],
  ])('accepts %s by its bytes and answers UploadedFile', async (name, bytes, mime) => {
    const answer = await upload([{ name, bytes }])
    expect(answer).toMatchObject({ code: 200, data: { fileName: name, fileSize: bytes.length } })
    const [row] = await server.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.id, answer.data!.fileId))
    expect(row).toMatchObject({ mime, workOrderId: null })
    expect(answer.data!.url).toMatch(/^\/api\/user\/downLoadFile\?fileId=[0-9a-f]{32}&expires=\d+&sig=/)
  })

  it('answers the same on /api/account/upload', async () => {
    expect(
      await upload([{ name: 'b.png', bytes: SAMPLE.png }], tokens.owner, '/api/account/upload'),
    ).toMatchObject({
      code: 200,
    })
  })

  it.each([
    ['an ELF named x.png', 'x.png', SAMPLE.elf],
    ['an MZ executable named x.png', 'x.png', SAMPLE.mz],
    ['an executable under its own name', 'x.exe', SAMPLE.mz],
    ['a PDF named x.png', 'x.png', SAMPLE.pdf],
    ['a PNG named x.pdf', 'x.pdf', SAMPLE.png],
    ['a zip named x.doc', 'x.doc', SAMPLE.zip],
    ['plain text named x.pdf', 'x.pdf', Buffer.from('just text, no magic')],
    ['a name without extension', 'png', SAMPLE.png],
  ])('refuses %s: 文件格式不支持', async (_what, name, bytes) => {
    expect(await upload([{ name, bytes, contentType: 'image/png' }])).toEqual({
      code: CODE.invalid,
      message: WORK_ORDER_MSG.fileTypeUnsupported,
      data: null,
    })
  })

  it('takes exactly 5 MB and refuses 5 MB + 1 byte: 上传文件大小不能超过5MB!', async () => {
    const fiveMb = Buffer.concat([SAMPLE.pdf, Buffer.alloc(5 * 1024 * 1024 - SAMPLE.pdf.length)])
    expect((await upload([{ name: 'big.pdf', bytes: fiveMb }])).code).toBe(200)
    expect(await upload([{ name: 'big.pdf', bytes: Buffer.concat([fiveMb, Buffer.alloc(1)]) }])).toEqual({
      code: CODE.invalid,
      message: WORK_ORDER_MSG.fileTooLarge,
      data: null,
    })
  }, 60_000)

  it('refuses two files in one request, no file, a JSON body and an empty file: envelopes only', async () => {
    const two = await upload([
      { name: 'a.png', bytes: SAMPLE.png },
      { name: 'b.png', bytes: SAMPLE.png },
    ])
    expect(two).toMatchObject({ code: CODE.invalid, message: WORK_ORDER_MSG.tooManyFiles })
    expect(await upload([])).toMatchObject({ code: CODE.invalid, message: WORK_ORDER_MSG.uploadFailed })
    expect(await upload([{ name: 'a.png', bytes: Buffer.alloc(0) }])).toMatchObject({
      message: WORK_ORDER_MSG.uploadFailed,
    })
    const json = await server.post('/api/workOrderFile/upload', { file: 'x' }, { token: tokens.owner })
    expect(json).toMatchObject({ code: CODE.invalid, message: WORK_ORDER_MSG.uploadFailed })
  })

  it('refuses anonymous uploads with 996 before reading the file', async () => {
    expect(await upload([{ name: 'a.png', bytes: SAMPLE.png }], '')).toMatchObject({
      code: CODE.sessionEnded,
    })
  })

  it('stores a sanitised name: no folders, no control characters, bounded length', async () => {
    const answer = await upload([{ name: '..\\..\\etc/pass\u0007wd\u202e.png', bytes: SAMPLE.png }])
    expect(answer.data!.fileName).toBe('passwd.png')
    expect(sanitizeFileName(`${'长'.repeat(300)}.pdf`)).toBe(`${'长'.repeat(96)}.pdf`)
    expect(sanitizeFileName('/')).toBe('file')
  })

  it(`limits an account to ${UPLOADS_PER_MINUTE} uploads a minute (429), per account`, async () => {
    const token = tokens.subAdmin // 星辰科技, counted with the owner's uploads above
    let last = { code: 200, message: '' }
    for (let i = 0; i < UPLOADS_PER_MINUTE + 1 && last.code === 200; i++)
      last = await upload([{ name: 'r.png', bytes: SAMPLE.png }], token)
    expect(last).toMatchObject({ code: CODE.tooManyRequests, message: UPLOADS_RATE_LIMITED })
    // Another account is not affected; a minute later the account may upload again.
    expect((await upload([{ name: 'r.png', bytes: SAMPLE.png }], tokens.other)).code).toBe(200)
    server.clock.advance(61_000)
    expect((await upload([{ name: 'r.png', bytes: SAMPLE.png }], token)).code).toBe(200)
  })
})

describe('signed file addresses', () => {
  it('serve an image inline and other files as attachments, with the detected type and nosniff', async () => {
    const png = (await upload([{ name: '截图 1.png', bytes: SAMPLE.png }])).data!
    const image = await fetchUrl(png.url)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.headers['x-content-type-options']).toBe('nosniff')
    expect(image.headers['content-disposition']).toBe(
      `inline; filename="__ 1.png"; filename*=UTF-8''${encodeURIComponent('截图 1.png')}`,
    )
    expect(image.rawPayload.equals(SAMPLE.png)).toBe(true)
    const pdf = (await upload([{ name: '说明.pdf', bytes: SAMPLE.pdf }])).data!
    const file = await fetchUrl(pdf.url)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="__.pdf"; filename\*=UTF-8''/)
  })

  it('refuse a stale, a forged and a far-future address with an envelope', async () => {
    const { url, fileId } = (await upload([{ name: 'a.png', bytes: SAMPLE.png }])).data!
    const params = new URL(url, 'http://x').searchParams
    const forged = `/api/user/downLoadFile?fileId=${fileId}&expires=${params.get('expires')}&sig=${'A'.repeat(43)}`
    const otherFile = url.replace(fileId, 'f'.repeat(32))
    const later = url.replace(/expires=\d+/, `expires=${Number(params.get('expires')) + 3600}`)
    for (const address of [forged, otherFile, later]) {
      const response = await fetchUrl(address)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        code: CODE.forbidden,
        message: '文件链接已失效，请刷新页面后重试',
      })
    }
    server.clock.advance((FILE_URL_TTL_SECONDS + 1) * 1000)
    expect((await fetchUrl(url)).json()).toMatchObject({ code: CODE.forbidden })
  })
})

describe('the engineer sandbox', () => {
  // The clock moved past the session's idle limit above.
  beforeAll(async () => {
    tokens.owner = await server.tokenFor(DEMO.owner)
  })

  async function ownWorkOrder(number: string) {
    const list = await server.get<{ data: { id: number; number: string }[] }>(
      '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=100',
      { token: tokens.owner },
    )
    return list.data.data.find((w) => w.number === number)!.id
  }

  it('lists open work orders on a page with a nonce script and no inline handlers', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/__dev/workorders' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('工单 20260001')
    expect(page.body).not.toContain('工单 20260006') // closed
    expect(page.body).not.toMatch(/\son\w+=/)
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))![1]
    expect(page.body).toContain(`<script nonce="${nonce}">`)
  })

  it('replies as the engineer with an attachment, notes, and sets 1, 2 or 5; the badge counts the reply', async () => {
    const id = await ownWorkOrder('20260003')
    const before = (
      await server.get<number>('/api/appWorkOrderCommunicationRecords/getRecordCount', {
        token: tokens.owner,
      })
    ).data
    const body = multipart([{ name: '处理结果.pdf', bytes: SAMPLE.pdf }], {
      workOrderId: String(id),
      content: '已处理，请查看附件',
    })
    const reply = await server.app.inject({ method: 'POST', url: '/__dev/workorders/reply', ...body })
    expect(reply.json()).toMatchObject({ code: 200 })
    expect(await server.post('/__dev/workorders/note', { id, content: '内部备注' })).toMatchObject({
      code: 200,
    })
    expect(await server.post('/__dev/workorders/status', { id, status: 1 })).toMatchObject({ code: 200 })
    const after = (
      await server.get<number>('/api/appWorkOrderCommunicationRecords/getRecordCount', {
        token: tokens.owner,
      })
    ).data
    expect(after).toBe(before + 1)
    const detail = (
      await server.get<WorkOrderDetail>(`/api/acWorkOrder/getWorkDetail?id=${id}`, { token: tokens.owner })
    ).data
    expect(detail.status).toBe(1)
    const roles = detail.recordsDtos.map((r) => r.role)
    expect(roles.slice(-3)).toEqual([2, 4, 0])
    const engineer = detail.recordsDtos.at(-3)!
    expect(engineer).toMatchObject({ content: '已处理，请查看附件', userTelPhone: null })
    expect(engineer.acWorkOrderFilePos).toHaveLength(1)
    expect((await fetchUrl(engineer.acWorkOrderFilePos[0].fileUrl)).headers['content-type']).toBe(
      'application/pdf',
    )
    expect(await server.post('/__dev/workorders/status', { id, status: 2 })).toMatchObject({ code: 200 })
    // 5 (processing again) is set only by the vendor's side: the sandbox reaches it.
    expect(await server.post('/__dev/workorders/status', { id, status: 5 })).toMatchObject({ code: 200 })
    const again = (
      await server.get<WorkOrderDetail>(`/api/acWorkOrder/getWorkDetail?id=${id}`, { token: tokens.owner })
    ).data
    expect(again.status).toBe(5)
    expect(again.recordsDtos.at(-1)).toMatchObject({ role: 0, content: '工程师已重新跟进您的问题' })
    expect(await server.post('/__dev/workorders/status', { id, status: 3 })).toMatchObject({
      code: CODE.invalid,
    })
  })

  it('refuses an engineer reply with nothing in it, to a closed order, and with a renamed executable', async () => {
    const closed = await ownWorkOrder('20260006')
    const open = await ownWorkOrder('20260001')
    const send = (fields: Record<string, string>, files: FilePart[] = []) => {
      const body = multipart(files, fields)
      return server.app
        .inject({ method: 'POST', url: '/__dev/workorders/reply', ...body })
        .then((r) => r.json())
    }
    expect(await send({ workOrderId: String(open), content: ' ' })).toMatchObject({
      message: WORK_ORDER_MSG.replyRequired,
    })
    expect(await send({ workOrderId: String(closed), content: '你好' })).toMatchObject({
      code: CODE.notFound,
    })
    expect(
      await send({ workOrderId: String(open), content: '附件' }, [{ name: 'x.png', bytes: SAMPLE.elf }]),
    ).toMatchObject({
      message: WORK_ORDER_MSG.fileTypeUnsupported,
    })
  })

  it('is gone in production', async () => {
    const production = await server.buildVariant({ production: true, payNotifySecret: null })
    for (const [method, url] of [
      ['GET', '/__dev/workorders'],
      ['POST', '/__dev/workorders/note'],
      ['POST', '/__dev/workorders/status'],
      ['POST', '/__dev/workorders/reply'],
    ] as const) {
      const response = await production.inject({ method, url, payload: method === 'POST' ? {} : undefined })
      expect(response.json()).toMatchObject({ code: CODE.notFound })
    }
  })
})
