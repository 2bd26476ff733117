import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { freshPhone, loginAs, registerViaApi } from './support/console'
import {
  apiOf,
  collapse,
  expectNoExecution,
  expectShown,
  installXssTrap,
  showAll,
  type Api,
} from './support/hostile-text'
import {
  MAILBOX_REFUSED,
  MAILBOX_VECTORS,
  SHORT_VECTORS,
  XSS_CORPUS,
  type XssVector,
} from './support/xss-corpus'

// Hostile text in a real browser (issue "Prove it survives"): the XSS corpus is written through
// every path that stores text another person or page shows, through the HTTP API as the member
// would, then every page that shows it is opened: no trap call, no dialog, no markup that could run
// script, no CSP violation (support/fixtures), and every payload's visible part shown as text. A
// payload the server refuses fails the test (each write must answer 200 and read back), so the
// vectors per field are chosen to fit its length and format. Each test runs on a member of its own.

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 750
// The work-order detail and the survey render the stored text with the same components at every
// width; the phone run keeps the lists whose markup differs (cards), so CI pays for the corpus once.
const PHONE_SKIP = 'same rendering as desktop; the phone run covers the list layouts'

let hits: string[] = []
test.beforeEach(async ({ context }) => {
  hits = await installXssTrap(context)
})

/** A fresh member, logged in, with its API. */
async function freshMember(page: Page): Promise<{ phone: string; api: Api }> {
  const phone = freshPhone()
  await registerViaApi(page.request, phone)
  await loginAs(page, phone)
  // A scrypt check and the home's first load: slow on a busy machine.
  await expect(page).toHaveURL(/\/index$/, { timeout: 30_000 })
  return { phone, api: await apiOf(page) }
}

/** Consecutive groups of vectors whose payloads, joined, fit `max` characters. */
function batches(vectors: XssVector[], max: number, joiner = '<br>'): XssVector[][] {
  const groups: XssVector[][] = [[]]
  let length = 0
  for (const vector of vectors) {
    const add = vector.payload.length + joiner.length
    if (add > max) throw new Error(`vector ${vector.id} is longer than ${max}`)
    if (length + add > max) {
      groups.push([])
      length = 0
    }
    groups[groups.length - 1]!.push(vector)
    length += add
  }
  return groups.filter((group) => group.length)
}

const html = (group: XssVector[]) => group.map((v) => v.payload).join('<br>')
const markers = (group: XssVector[]) => group.map((v) => v.marker)
/** Plain-text fields show the payload as written: the corpus vectors up to `max` characters. */
const fitting = (max: number) => XSS_CORPUS.filter((v) => v.payload.length <= max)

async function visit(page: Page, url: string, shown: string[], where = url) {
  await page.goto(url)
  await expectShown(page, shown, where)
  await expectNoExecution(page, hits, where)
}

// ---- notices ----

test('notices: the body, title, detail fields and attachment names render as text', async ({ page }) => {
  test.setTimeout(120_000)
  const { phone, api } = await freshMember(page)
  // One notice carries the whole corpus in its body; its detail fields and attachments carry more.
  const body = html(XSS_CORPUS)
  expect(body.length).toBeLessThanOrEqual(20_000)
  const titles = SHORT_VECTORS.slice(0, 4)
  const textFields = batches(fitting(300), 1000, ' | ').slice(0, 4)
  const fileNames = fitting(120)
    .slice(0, 6)
    .map((v) => v.payload)
  const notices = [
    {
      type: 2,
      title: titles[0],
      content: body,
      details: {
        alarmName: textFields[0]!.map((v) => v.payload).join(' | '),
        alarmType: SHORT_VECTORS[4],
        alarmContent: textFields[1]!.map((v) => v.payload).join(' | '),
        secondDomain: SHORT_VECTORS[5],
        targetUrl: 'https://example.com/?q=<script>__xssTrap(0)</script>',
      },
      fileList: fileNames.map((fileName) => ({
        fileUrl: '/api/pc/noticeFiles/service-guide.txt',
        fileName,
        filetype: 'txt',
        isPhoto: 0,
      })),
    },
    {
      type: 3,
      title: titles[1],
      content: html(XSS_CORPUS.slice(0, 20)),
      details: { questionReply: textFields[2]!.map((v) => v.payload).join(' | ') },
    },
    {
      type: 10,
      title: titles[2],
      content: html(XSS_CORPUS.slice(20, 40)),
      details: { productName: SHORT_VECTORS[6] },
    },
    {
      type: 21,
      title: titles[3],
      content: html(XSS_CORPUS.slice(40, 60)),
      details: { workOrderTitle: textFields[3]!.map((v) => v.payload).join(' | ') },
    },
  ]
  const ids: number[] = []
  for (const notice of notices) {
    const response = await page.request.post('/__dev/notices', { data: { phone, ...notice } })
    const answer = await response.json()
    expect(answer.code, answer.message).toBe(200)
    ids.push(answer.data.id)
  }

  // Stored: the body keeps every marker (its markup sanitised), the text fields exactly as sent.
  const detail = await api.get<Record<string, unknown>>('/api/pc/selectMessageInfoById', { id: ids[0]! })
  for (const marker of markers(XSS_CORPUS)) expect(String(detail.content)).toContain(marker)
  expect(detail.title).toBe(titles[0])
  expect(detail.alarmContent).toBe(notices[0]!.details.alarmContent)
  expect(detail.targetUrl).toBe(notices[0]!.details.targetUrl)
  expect((detail.fileList as { fileName: string }[]).map((f) => f.fileName)).toEqual(fileNames)

  // The home's popup announces the newest notice by its title.
  await visit(page, '/index', [titles[3]!], 'home popup')
  await page.goto('/notices')
  await showAll(page)
  await expectShown(page, titles, 'notice list')
  await expectNoExecution(page, hits, 'notice list')

  const textOf = (fields: XssVector[]) => fields.map((v) => v.payload)
  await visit(
    page,
    `/noticesDetail?id=${ids[0]}`,
    [
      titles[0]!,
      ...markers(XSS_CORPUS),
      ...textOf(textFields[0]!),
      ...textOf(textFields[1]!),
      SHORT_VECTORS[4]!,
      SHORT_VECTORS[5]!,
      ...fileNames,
    ],
    'notice detail (whole corpus)',
  )
  await visit(page, `/noticesDetail?id=${ids[1]}`, [titles[1]!, ...textOf(textFields[2]!)], 'notice detail 2')
  await visit(page, `/noticesDetail?id=${ids[3]}`, [titles[3]!, ...textOf(textFields[3]!)], 'notice detail 4')
})

// ---- work orders ----

// A one-page PDF: the server decides the type by these bytes; documents (unlike images, shown as
// thumbnails) are listed by name.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

/** File names the upload keeps as written: no folders (a `/` would cut the name), at most 100 characters. */
const FILE_NAMES = [...SHORT_VECTORS, ...fitting(90).map((v) => v.payload)]
  .filter((name) => !/[/\\\s]{2,}|[/\\\t\n]/.test(name))
  .slice(0, 10)
  .map((name) => `${name}.pdf`)

async function upload(page: Page, api: Api, name: string): Promise<string> {
  const response = await page.request.post('/api/workOrderFile/upload', {
    headers: { token: api.token },
    multipart: { file: { name, mimeType: 'application/pdf', buffer: PDF } },
  })
  const answer = await response.json()
  expect(answer.code, `${name}: ${answer.message}`).toBe(200)
  expect(answer.data.fileName).toBe(name)
  return answer.data.fileId
}

test('work orders: descriptions, customer and engineer records and file names render as text', async ({
  page,
}) => {
  test.skip(!isDesktop(page), PHONE_SKIP)
  // About 20 detail pages (one per 500 characters of the corpus): a few seconds each on a busy machine.
  test.setTimeout(420_000)
  const { phone, api } = await freshMember(page)
  const templates = await api.get<{ id: number; taskName: string }[]>('/api/acWorkOrder/getWorkList', {
    workType: 3,
    state: 1,
  })
  const template = templates.find((t) => t.taskName === '账号登录问题')
  // Every path carries the whole corpus: one work order per batch of about 500 characters, whose
  // description, customer reply, engineer reply and engineer note each hold that batch.
  const groups = batches(XSS_CORPUS, 500)
  const files: string[] = []
  for (const name of FILE_NAMES) files.push(await upload(page, api, name))
  const created: { id: number; number: string; group: XssVector[] }[] = []
  for (const [index, group] of groups.entries()) {
    const content = html(group)
    const order = await api.post<{ id: number; number: string }>('/api/acWorkOrder/createWorkOrder', {
      type: 3,
      templateId: template!.id,
      source: 1,
      acWorkOrderDataPos: [
        { fieldCode: 'telPhone', fieldValue: phone, sort: 1 },
        { fieldCode: 'description', fieldValue: content, sort: 3 },
      ],
      // The first work order carries the hostile file names.
      acWorkOrderFilePos: index === 0 ? files.slice(0, 5).map((fileId) => ({ fileId, type: 0 })) : [],
    })
    await api.post('/api/appWorkOrderCommunicationRecords/saveRecords', {
      workOrderId: order.id,
      content,
      acWorkOrderFilePos: index === 0 ? files.slice(5).map((fileId) => ({ fileId })) : [],
    })
    const reply = await page.request.post('/__dev/workorders/reply', {
      multipart: { workOrderId: String(order.id), content },
    })
    expect((await reply.json()).code).toBe(200)
    const note = await page.request.post('/__dev/workorders/note', { data: { id: order.id, content } })
    expect((await note.json()).code).toBe(200)
    created.push({ ...order, group })
  }

  // Stored: the description and the three records keep every marker of their batch.
  for (const { id, group } of created) {
    const detail = await api.get<{
      acWorkOrderDataPos: { fieldCode: string; fieldValue: string }[]
      recordsDtos: { role: number; content: string }[]
    }>('/api/acWorkOrder/getWorkDetail', { id })
    const description = detail.acWorkOrderDataPos.find((f) => f.fieldCode === 'description')!.fieldValue
    const records = detail.recordsDtos.filter((r) => [1, 2, 4].includes(r.role))
    expect(records).toHaveLength(3)
    for (const marker of markers(group)) {
      expect(description).toContain(marker)
      for (const record of records) expect(record.content).toContain(marker)
    }
  }

  // The engineer's page lists the open work orders with the start of their descriptions.
  await page.goto('/__dev/workorders')
  for (const { number } of created)
    await expect(page.getByRole('article', { name: `工单 ${number}` })).toBeVisible()
  await expectNoExecution(page, hits, 'engineer sandbox')

  await page.goto('/myWorkOrder')
  await showAll(page)
  await expectNoExecution(page, hits, 'work-order list')

  for (const [index, { id, group }] of created.entries()) {
    const names = index === 0 ? FILE_NAMES : []
    await visit(page, `/workOrderDetail?id=${id}`, [...markers(group), ...names], `work order ${index + 1}`)
  }
})

// ---- sub-admins and recipients ----

test('sub-admin and recipient names and mailboxes render as text', async ({ page }) => {
  test.setTimeout(120_000)
  const { phone, api } = await freshMember(page)
  const domain = `x${phone}.cn`
  const subAdmins = SHORT_VECTORS.slice(0, 10)
  const recipients = SHORT_VECTORS.slice(10, 20)
  const mailbox = (index: number) => `${MAILBOX_VECTORS[index % MAILBOX_VECTORS.length]}${index}@${domain}`
  for (const refused of MAILBOX_REFUSED) {
    const body = {
      fullName: '拒收',
      mailbox: `${refused}@${domain}`,
      phoneNumber: freshPhone(),
      position: '1',
    }
    const answer = await page.request.post('/api/app/account/addAccountSubAccount', {
      headers: { token: api.token },
      data: body,
    })
    expect(await answer.json()).toMatchObject({ code: 400, message: '请输入正确的邮箱' })
  }
  for (const [index, fullName] of subAdmins.entries())
    await api.post('/api/app/account/addAccountSubAccount', {
      fullName,
      mailbox: mailbox(index),
      phoneNumber: freshPhone(),
      position: '1',
    })
  for (const [index, fullName] of recipients.entries())
    await api.post('/api/pc/addRecipient', {
      fullName,
      mailbox: mailbox(index + 10),
      bingPhone: freshPhone(),
      position: '2',
    })

  const stored = await api.get<{ list: { fullName: string; mailbox: string }[] }>(
    '/api/app/account/getAccountSubAccountList',
    { pageNum: 1, pageSize: 100 },
  )
  expect(stored.list.map((s) => s.fullName).sort()).toEqual([...subAdmins].sort())
  const storedRecipients = await api.get<{ list: { fullName: string }[] }>('/api/pc/searchRecipientList', {
    pageNum: 1,
    pageSize: 100,
  })
  expect(storedRecipients.list.map((r) => r.fullName).sort()).toEqual([...subAdmins, ...recipients].sort())

  await page.goto('/subAccountManage')
  await showAll(page)
  await expectShown(page, subAdmins, 'sub-admin list')
  await expectNoExecution(page, hits, 'sub-admin list')
  await page.getByRole('tab', { name: '通知接收人' }).click()
  await showAll(page)
  await expectShown(page, recipients, 'recipient list')
  await expectNoExecution(page, hits, 'recipient list')

  // The pages the invited people open show the names too: activation and the recipient's confirmation.
  const mail = async (to: string) => {
    const answer = await (await page.request.get(`/__dev/mail?to=${encodeURIComponent(to)}`)).json()
    expect(answer.code).toBe(200)
    return answer.data as { url: string; subject: string }[]
  }
  const activation = (await mail(mailbox(0))).find((m) => m.url.includes('/activation'))!
  await visit(
    page,
    new URL(activation.url).pathname + new URL(activation.url).search,
    [subAdmins[0]!],
    'activation',
  )
  // The recipient's invitation names the account and the masked mailbox (not the name): opened for
  // its markup only.
  const confirmation = (await mail(mailbox(10))).find((m) => m.url.includes('/validate'))!
  const link = new URL(confirmation.url)
  await visit(page, `/uesrfrom${link.search}`, [], 'recipient invitation')
})

// ---- survey answers ----

interface SurveyItem {
  type: number
  data?: string[]
}

test('survey answers render as text once submitted', async ({ page }) => {
  test.skip(!isDesktop(page), PHONE_SKIP)
  test.setTimeout(120_000)
  const { phone, api } = await freshMember(page)
  // One order survey per batch: its one-line answer holds one vector, its paragraph up to 1000 characters.
  const paragraphs = batches(fitting(400), 1000, '\n').slice(0, 3)
  const oneLine = fitting(200)
  const surveys: { uuId: string; line: string; paragraph: string }[] = []
  for (const [index, group] of paragraphs.entries()) {
    const { orderCode } = await api.post<{ orderCode: string }>('/__dev/products/purchase', {
      skuId: 'SKU-SITE-STD',
      secondDomain: `xss${index}${phone}`,
    })
    const orders = await api.get<{ data: { id: number; orderCode: string }[] }>('/api/pc/getOrder', {
      pageNum: 1,
      pageSize: 100,
    })
    const order = orders.data.find((o) => o.orderCode === orderCode)!
    const url = await api.get<string>('/api/app/evaluate/getEvaluateUrl', { orderId: order.id })
    const uuId = new URL(url).searchParams.get('uuId')!
    const detail = await api.get<{ items: SurveyItem[] }>('/api/app/evaluate/getEvaluateDetail', { uuId })
    const line = oneLine[index % oneLine.length]!.payload
    const paragraph = group.map((v) => v.payload).join('\n')
    const answers = detail.items.map((item) => {
      if (item.type === 2) return item.data![0]
      if (item.type === 3) return [item.data![0]]
      if (item.type === 4) return line
      if (item.type === 5) return paragraph
      if (item.type === 6) return 5
      return null
    })
    await api.post('/api/app/evaluate/sumbit', { id: uuId, evaluateContent: JSON.stringify(answers) })
    const submitted = await api.get<{ answers: unknown[] }>('/api/app/evaluate/getEvaluateDetail', { uuId })
    expect(submitted.answers).toContain(line.trim())
    expect(submitted.answers).toContain(paragraph.trim())
    surveys.push({ uuId, line: line.trim(), paragraph: paragraph.trim() })
  }
  expect(paragraphs.flat().length).toBeGreaterThanOrEqual(30)

  for (const { uuId, line, paragraph } of surveys) {
    await page.goto(`/evaluate?uuId=${uuId}`)
    await expect(page.getByText('已提交').first()).toBeVisible()
    const values = () =>
      page
        .locator('input, textarea')
        .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))
    // Taro's fields render their <input> in a later task than the text around them.
    await expect.poll(values).toContain(line)
    await expect.poll(async () => (await values()).map(collapse)).toContain(collapse(paragraph))
    await expectNoExecution(page, hits, `survey ${uuId}`)
  }
})

// ---- invoice and contract applications ----

/** The text a PDF of server/services/invoices/pdf.ts draws: its `<UCS-2 hex> Tj` strings, in order. */
function pdfText(pdf: Buffer): string {
  const strings = [...pdf.toString('latin1').matchAll(/<([0-9A-F]+)> Tj/g)].map((m) =>
    Buffer.from(m[1]!, 'hex').swap16().toString('utf16le'),
  )
  return strings.join('')
}

test('invoice and contract fields are accepted; the contract PDF carries them as text', async ({ page }) => {
  test.skip(!isDesktop(page), PHONE_SKIP)
  const { phone, api } = await freshMember(page)
  const orderOf = async (index: number) => {
    const { orderCode } = await api.post<{ orderCode: string }>('/__dev/products/purchase', {
      skuId: 'SKU-SITE-STD',
      secondDomain: `bill${index}${phone}`,
    })
    const orders = await api.get<{ data: { id: number; orderCode: string }[] }>('/api/pc/getOrder', {
      pageNum: 1,
      pageSize: 100,
    })
    return orders.data.find((o) => o.orderCode === orderCode)!.id
  }
  // The invoice application is the issuer's input: no console page shows it back. Accepted (200)
  // and the order moves to 已申请 (billStatus 2).
  const invoiceOrder = await orderOf(1)
  await api.post('/api/pc/applyBill', {
    orderId: invoiceOrder,
    subject: 1,
    billType: 1,
    title: fitting(100)[0]!.payload,
    IdCard: '11010519491231002X',
    applicant: fitting(100)[1]!.payload,
    applicantPhone: phone,
    receiveMail: `bill@x${phone}.cn`,
  })
  expect(
    (await api.get<{ billStatus: number }>('/api/pc/getOrderById', { orderId: invoiceOrder })).billStatus,
  ).toBe(2)

  // The contract's title is printed in the signed PDF, which is sent as a PDF attachment.
  const contractOrder = await orderOf(2)
  const party = SHORT_VECTORS[1]!
  const { docs } = await api.post<{ docs: { fileUrl: string }[] }>('/api/esign/applyContract', {
    orderId: contractOrder,
    applyType: 0,
    name: party,
    idType: 'CRED_PSN_PASSPORT',
    idNumber: 'E12345678',
    mobile: phone,
    contacts: SHORT_VECTORS[2]!,
  })
  const file = await page.request.get(docs[0]!.fileUrl)
  expect(file.headers()['content-type']).toContain('application/pdf')
  expect(file.headers()['content-disposition']).toMatch(/^attachment/)
  expect(pdfText(await file.body())).toContain(`合同抬头 Party: ${party}`)
})
