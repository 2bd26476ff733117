// Work-order calls (doc2 §7 "Work orders"): templates, consultable orders, create with the §5
// messages, the list's filters and count, the detail, records and the unread badge; and ownership:
// another account's work order is answered exactly like a missing one on every call, a sub-admin
// sees only the ones it submitted.
import { eq } from 'drizzle-orm'
import {
  IN_SERVICE_STATUS_QUERY,
  type CreatedWorkOrder,
  type CreateWorkOrderRequest,
  type ProblemTemplate,
  type UploadedFile,
  type WorkOrderDetail,
  type WorkOrderSummary,
} from '../../src/core/contract/work-orders'
import { WORK_ORDER_MSG } from '../../src/core/validation/work-orders'
import { workOrders } from '../../server/db/schema'
import { CODE } from '../../server/http/envelope'
import type { Page } from '../../server/services/shared/paging'
import { DEMO, useTestServer } from './support/harness'
import { multipart, SAMPLE } from './support/multipart'

const server = useTestServer()
const tokens = { owner: '', subAdmin: '', other: '' }
let templates: Record<string, ProblemTemplate>

beforeAll(async () => {
  tokens.owner = await server.tokenFor(DEMO.owner)
  tokens.subAdmin = await server.tokenFor(DEMO.subAdmin)
  tokens.other = await server.tokenFor(DEMO.otherOwner)
  templates = {}
  for (const workType of [2, 3, 4]) {
    const list = await server.get<ProblemTemplate[]>(
      `/api/acWorkOrder/getWorkList?workType=${workType}&state=1`,
      {
        token: tokens.owner,
      },
    )
    for (const template of list.data) templates[template.taskName] = template
  }
}, 60_000)

const as = (who: keyof typeof tokens) => ({ token: tokens[who] })

async function listOf(who: keyof typeof tokens, query = '') {
  const answer = await server.get<Page<WorkOrderSummary>>(
    `/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=100${query}`,
    as(who),
  )
  expect(answer.code).toBe(200)
  return answer.data
}

async function idOf(number: string) {
  const [row] = await server.db.select().from(workOrders).where(eq(workOrders.number, number))
  return row.id
}

async function uploadPng(who: keyof typeof tokens = 'owner'): Promise<UploadedFile> {
  const body = multipart([{ name: 'shot.png', bytes: SAMPLE.png }])
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/workOrderFile/upload',
    headers: { ...body.headers, token: tokens[who] },
    payload: body.payload,
  })
  return response.json().data
}

function afterSales(
  values: Partial<Record<string, string>> = {},
  files: CreateWorkOrderRequest['acWorkOrderFilePos'] = [],
) {
  const template = templates['网站功能异常']
  const fields = {
    orderCode: 'MC202611000006',
    telPhone: '13900001111',
    description: '页面打不开',
    ...values,
  }
  return {
    type: 2 as const,
    templateId: template.id,
    source: 1,
    acWorkOrderDataPos: Object.entries(fields).map(([fieldCode, fieldValue], sort) => ({
      fieldCode: fieldCode as never,
      fieldValue: fieldValue ?? '',
      sort,
    })),
    acWorkOrderFilePos: files,
  }
}

describe('templates (GET /api/acWorkOrder/getWorkList?workType=&state=1)', () => {
  it('lists the offered templates of a type with their fields in sort order', async () => {
    const list = await server.get<ProblemTemplate[]>(
      '/api/acWorkOrder/getWorkList?workType=3&state=1',
      as('owner'),
    )
    expect(list.data.map((t) => t.taskName)).toEqual(['账号主体变更', '账号登录问题'])
    const fields = list.data[0].fieldChild
    expect(fields.map((f) => f.fieldCode)).toEqual([
      'telPhone',
      'corporateName',
      'call',
      'description',
      'businessLicense',
      'identityDocument',
    ])
    expect(fields.map((f) => f.sort)).toEqual([...fields.map((f) => f.sort)].sort((a, b) => a - b))
    expect(templates['网站代维服务'].fieldChild.map((f) => f.fieldCode)).toContain('serviceProject')
  })

  it('never lists a template out of service, nor anything for another state', async () => {
    const two = await server.get<ProblemTemplate[]>(
      '/api/acWorkOrder/getWorkList?workType=2&state=1',
      as('owner'),
    )
    expect(two.data.map((t) => t.taskName)).not.toContain('已停用的分类')
    expect((await server.get('/api/acWorkOrder/getWorkList?workType=2&state=0', as('owner'))).data).toEqual(
      [],
    )
    expect((await server.get('/api/acWorkOrder/getWorkList?workType=9&state=1', as('owner'))).code).toBe(
      CODE.invalid,
    )
  })
})

describe('consultable orders (getOrderList, getNewOrderList)', () => {
  it("lists the account's own paid and refunded orders, another account's never", async () => {
    const own = await server.post<{ orderCode: string }[]>('/api/acWorkOrder/getOrderList', {}, as('owner'))
    const codes = own.data.map((o) => o.orderCode)
    expect(codes).toEqual(expect.arrayContaining(['MC202611000006', 'MC202611000008']))
    expect(codes).not.toContain('MC202611000007') // voided
    expect(codes).not.toContain('MC202611000102') // 云帆贸易's
    const other = await server.post<{ orderCode: string }[]>('/api/acWorkOrder/getOrderList', {}, as('other'))
    expect(other.data.map((o) => o.orderCode)).not.toContain('MC202611000006')
    const recent = await server.post<{ orderCode: string }[]>(
      '/api/acWorkOrder/getNewOrderList',
      {},
      as('owner'),
    )
    expect(recent.data.map((o) => o.orderCode)).toContain('MC202611000001')
    expect(recent.data.map((o) => o.orderCode)).not.toContain('MC202611000007')
  })
})

describe('createWorkOrder', () => {
  it('creates an assigned work order with its fields and files, and answers 提交成功', async () => {
    const file = await uploadPng()
    const created = await server.post<CreatedWorkOrder>(
      '/api/acWorkOrder/createWorkOrder',
      afterSales({ description: '  <b>首页</b><script>alert(1)</script>打不开  ' }, [
        { fileId: file.fileId, type: 0 },
      ]),
      as('owner'),
    )
    expect(created).toMatchObject({ code: 200, message: WORK_ORDER_MSG.submitted })
    // One series with the demo's numbers (20260001 …), after the last of them.
    expect(created.data.number).toMatch(/^2026\d{4}$/)
    expect(Number(created.data.number)).toBe(20_260_000 + created.data.id)
    const seeded = await server.db.select({ number: workOrders.number }).from(workOrders)
    expect(seeded.filter((w) => w.number === created.data.number)).toHaveLength(1)
    const detail = await server.get<WorkOrderDetail>(
      `/api/acWorkOrder/getWorkDetail?id=${created.data.id}`,
      as('owner'),
    )
    expect(detail.data).toMatchObject({
      status: 0,
      type: 2,
      taskName: '网站功能异常',
      orderCode: 'MC202611000006',
      description: '首页打不开',
    })
    expect(detail.data.acWorkOrderDataPos.find((f) => f.fieldCode === 'description')!.fieldValue).toBe(
      '<b>首页</b>打不开',
    )
    expect(detail.data.acWorkOrderFilePos).toEqual([
      expect.objectContaining({ fileId: file.fileId, fileName: 'shot.png', type: 0 }),
    ])
    expect(detail.data.recordsDtos.map((r) => r.role)).toEqual([0])
    // A file attaches once.
    const again = await server.post(
      '/api/acWorkOrder/createWorkOrder',
      afterSales({}, [{ fileId: file.fileId, type: 0 }]),
      as('owner'),
    )
    expect(again).toMatchObject({ code: CODE.invalid, message: WORK_ORDER_MSG.uploadFailed })
  })

  it.each([
    ['no template', { templateId: 999_999 }, WORK_ORDER_MSG.templateRequired],
    ['an out-of-service template', 'disabled', WORK_ORDER_MSG.templateRequired],
    ["another type's template", { type: 3 }, WORK_ORDER_MSG.templateRequired],
    ['no order', { orderCode: '' }, WORK_ORDER_MSG.orderRequired],
    ["another account's order", { orderCode: 'MC202611000102' }, WORK_ORDER_MSG.orderRequired],
    ['no phone', { telPhone: '  ' }, WORK_ORDER_MSG.contactRequired],
    ['a wrong phone', { telPhone: '12345' }, WORK_ORDER_MSG.contactInvalid],
    ["someone else's masked phone", { telPhone: '139****0001' }, WORK_ORDER_MSG.contactInvalid],
    ['no description', { description: '' }, WORK_ORDER_MSG.descriptionRequired],
    ['501 characters', { description: 'x'.repeat(501) }, WORK_ORDER_MSG.tooLong],
  ])('refuses %s', async (_what, change, message) => {
    let body: Record<string, unknown> = afterSales()
    if (typeof change === 'string') {
      const all = await server.db.query.workOrderTemplates.findMany()
      body = { ...body, templateId: all.find((t) => t.state === 0)!.id }
    } else if ('templateId' in change || 'type' in change) {
      body = { ...body, ...change }
    } else {
      body = afterSales(change as Record<string, string>)
    }
    expect(await server.post('/api/acWorkOrder/createWorkOrder', body, as('owner'))).toMatchObject({
      code: CODE.invalid,
      message,
    })
  })

  it("stores a masked phone as the member's bound phone", async () => {
    const created = await server.post<CreatedWorkOrder>(
      '/api/acWorkOrder/createWorkOrder',
      afterSales({ telPhone: '138****0001' }),
      as('owner'),
    )
    const [row] = await server.db.select().from(workOrders).where(eq(workOrders.id, created.data.id))
    expect(row.dataFields.find((f) => f.fieldCode === 'telPhone')!.fieldValue).toBe('13800000001')
  })

  it('asks for the licence and identity scans a template requires, at most five files a field', async () => {
    const template = templates['账号主体变更']
    const base = {
      type: 3,
      templateId: template.id,
      source: 1,
      acWorkOrderDataPos: [
        { fieldCode: 'telPhone', fieldValue: '13900001111', sort: 1 },
        { fieldCode: 'corporateName', fieldValue: '星辰', sort: 2 },
        { fieldCode: 'call', fieldValue: '张三', sort: 3 },
        { fieldCode: 'description', fieldValue: '变更', sort: 4 },
      ],
    }
    const license = await uploadPng()
    expect(
      await server.post('/api/acWorkOrder/createWorkOrder', { ...base, acWorkOrderFilePos: [] }, as('owner')),
    ).toMatchObject({
      message: WORK_ORDER_MSG.licenseRequired,
    })
    expect(
      await server.post(
        '/api/acWorkOrder/createWorkOrder',
        { ...base, acWorkOrderFilePos: [{ fileId: license.fileId, type: 3 }] },
        as('owner'),
      ),
    ).toMatchObject({ message: WORK_ORDER_MSG.identityRequired })
    const six = await Promise.all(Array.from({ length: 6 }, () => uploadPng()))
    const identity = await uploadPng()
    const tooMany = await server.post(
      '/api/acWorkOrder/createWorkOrder',
      {
        ...base,
        acWorkOrderFilePos: [
          ...six.map((f) => ({ fileId: f.fileId, type: 3 })),
          { fileId: identity.fileId, type: 4 },
        ],
      },
      as('owner'),
    )
    expect(tooMany).toMatchObject({ code: CODE.invalid, message: WORK_ORDER_MSG.tooManyFiles })
    const ok = await server.post<CreatedWorkOrder>(
      '/api/acWorkOrder/createWorkOrder',
      {
        ...base,
        acWorkOrderFilePos: [
          { fileId: license.fileId, type: 3 },
          { fileId: identity.fileId, type: 4 },
        ],
      },
      as('owner'),
    )
    expect(ok.code).toBe(200)
    const detail = await server.get<WorkOrderDetail>(
      `/api/acWorkOrder/getWorkDetail?id=${ok.data.id}`,
      as('owner'),
    )
    expect(detail.data.licenseList.map((f) => f.fileId)).toEqual([license.fileId])
    expect(detail.data.identityList.map((f) => f.fileId)).toEqual([identity.fileId])
  })

  it('refuses files in an upload field the template does not have', async () => {
    const license = await uploadPng()
    const body = afterSales({}, [{ fileId: license.fileId, type: 3 }])
    expect(await server.post('/api/acWorkOrder/createWorkOrder', body, as('owner'))).toMatchObject({
      code: CODE.invalid,
      message: '非法参数',
    })
  })

  it("refuses another member's upload", async () => {
    const foreign = await uploadPng('other')
    const sub = await uploadPng('subAdmin')
    for (const file of [foreign, sub]) {
      expect(
        await server.post(
          '/api/acWorkOrder/createWorkOrder',
          afterSales({}, [{ fileId: file.fileId, type: 0 }]),
          as('owner'),
        ),
      ).toMatchObject({ code: CODE.invalid, message: WORK_ORDER_MSG.uploadFailed })
    }
  })
})

describe('my work orders (getMyWorkOrderList, getMyWorkOrderCount)', () => {
  it('lists the account’s work orders newest first, with the in-service tab and its count', async () => {
    const all = await listOf('owner')
    expect(all.data.map((w) => w.number)).toEqual(
      expect.arrayContaining(['20260001', '20260003', '20260009']),
    )
    expect(all.data.map((w) => w.number)).not.toContain('20260002')
    const times = all.data.map((w) => w.submitTime)
    expect(times).toEqual([...times].sort().reverse())
    const inService = await listOf('owner', `&status=${IN_SERVICE_STATUS_QUERY}`)
    expect(inService.data.every((w) => [0, 1, 2, 5].includes(w.status))).toBe(true)
    const count = await server.get<number>(
      `/api/acWorkOrder/getMyWorkOrderCount?status=${IN_SERVICE_STATUS_QUERY}`,
      as('owner'),
    )
    expect(count.data).toBe(inService.total)
    expect((await server.get<number>('/api/acWorkOrder/getMyWorkOrderCount', as('owner'))).data).toBe(
      all.total,
    )
    expect((await listOf('owner', '&status=4')).data.map((w) => w.number)).toContain('20260006')
  })

  it('each row carries the pictures the order was submitted with (signed, loading), not its documents or records', async () => {
    const rows = (await listOf('owner')).data
    const urgent = rows.find((w) => w.number === '20260003')!
    expect(urgent.images?.map((f) => f.fileName)).toEqual(['慢速页面截图.png'])
    const picture = await server.app.inject({ method: 'GET', url: urgent.images![0].fileUrl })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/png')
    // 20260001's picture is in a record; 20260006's scans are licence and identity files.
    expect(rows.find((w) => w.number === '20260001')!.images).toEqual([])
    expect(rows.find((w) => w.number === '20260006')!.images).toEqual([])
  })

  it('filters by number, description, keyword and Beijing submit days', async () => {
    expect((await listOf('owner', '&orderNum=2026000')).data.length).toBeGreaterThan(3)
    expect((await listOf('owner', '&orderNum=20260003')).data.map((w) => w.number)).toEqual(['20260003'])
    expect(
      (await listOf('owner', `&description=${encodeURIComponent('轮播图')}`)).data.map((w) => w.number),
    ).toEqual(['20260001'])
    expect((await listOf('owner', `&keyword=${encodeURIComponent('%')}`)).total).toBe(0)
    const [row] = await server.db.select().from(workOrders).where(eq(workOrders.number, '20260005'))
    const beijing = new Date(row.createdAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
    const day = await listOf('owner', `&submitTimeStartDate=${beijing}&submitTimeEndDate=${beijing}`)
    expect(day.data.map((w) => w.number)).toContain('20260005')
    expect(day.data.every((w) => w.submitTime.length > 0)).toBe(true)
    const reversed = await server.get(
      '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=10&submitTimeStartDate=2026-02-02&submitTimeEndDate=2026-02-01',
      as('owner'),
    )
    expect(reversed).toMatchObject({ code: CODE.invalid, message: WORK_ORDER_MSG.dateRangeReversed })
    for (const bad of [
      'orderNum=123456789',
      'orderNum=12a',
      'submitTimeStartDate=2026-02-31',
      'status=6',
      'pageSize=101',
    ])
      expect(
        (await server.get(`/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=10&${bad}`, as('owner')))
          .code,
      ).toBe(CODE.invalid)
  })

  it('shows a sub-admin only the work orders it submitted', async () => {
    expect((await listOf('subAdmin')).data.map((w) => w.number)).toEqual(['20260009'])
    expect((await server.get<number>('/api/acWorkOrder/getMyWorkOrderCount', as('subAdmin'))).data).toBe(1)
  })
})

describe('records and the unread badge', () => {
  it('counts unread engineer replies and clears them with updRecordLook', async () => {
    const before = (
      await server.get<number>('/api/appWorkOrderCommunicationRecords/getRecordCount', as('owner'))
    ).data
    expect(before).toBeGreaterThanOrEqual(3)
    const id = await idOf('20260001')
    const list = await listOf('owner')
    expect(list.data.find((w) => w.id === id)!.readState).toBe(0)
    expect(
      await server.post(
        '/api/appWorkOrderCommunicationRecords/updRecordLook',
        { workOrderId: id },
        as('owner'),
      ),
    ).toMatchObject({
      code: 200,
    })
    const after = (
      await server.get<number>('/api/appWorkOrderCommunicationRecords/getRecordCount', as('owner'))
    ).data
    expect(after).toBe(before - 2)
    expect((await listOf('owner')).data.find((w) => w.id === id)!.readState).toBe(1)
  })

  it('saves a reply with an attachment, masked phone and sanitised content', async () => {
    const id = await idOf('20260001')
    const file = await uploadPng()
    const saved = await server.post(
      '/api/appWorkOrderCommunicationRecords/saveRecords',
      {
        workOrderId: id,
        content: '<img src=x onerror=alert(1)>补充截图',
        acWorkOrderFilePos: [{ fileId: file.fileId }],
      },
      as('owner'),
    )
    expect(saved).toMatchObject({ code: 200, message: WORK_ORDER_MSG.submitted })
    const detail = await server.get<WorkOrderDetail>(`/api/acWorkOrder/getWorkDetail?id=${id}`, as('owner'))
    const last = detail.data.recordsDtos.at(-1)!
    expect(last).toMatchObject({ role: 1, title: '客户留言', userTelPhone: '138****0001' })
    expect(last.content).toBe('<img src>补充截图')
    expect(last.acWorkOrderFilePos.map((f) => f.fileId)).toEqual([file.fileId])
    expect(
      await server.post(
        '/api/appWorkOrderCommunicationRecords/saveRecords',
        { workOrderId: id, content: '  ' },
        as('owner'),
      ),
    ).toMatchObject({
      message: WORK_ORDER_MSG.replyRequired,
    })
    expect(
      await server.post(
        '/api/appWorkOrderCommunicationRecords/saveRecords',
        { workOrderId: id, content: 'x'.repeat(501) },
        as('owner'),
      ),
    ).toMatchObject({ message: WORK_ORDER_MSG.tooLong })
    const six = await Promise.all(Array.from({ length: 6 }, () => uploadPng()))
    const tooMany = await server.post(
      '/api/appWorkOrderCommunicationRecords/saveRecords',
      { workOrderId: id, content: '六个附件', acWorkOrderFilePos: six.map((f) => ({ fileId: f.fileId })) },
      as('owner'),
    )
    expect(tooMany).toMatchObject({ code: CODE.invalid, message: WORK_ORDER_MSG.tooManyFiles })
    // Nothing was attached: the five that fit can still be sent.
    const five = await server.post(
      '/api/appWorkOrderCommunicationRecords/saveRecords',
      {
        workOrderId: id,
        content: '五个附件',
        acWorkOrderFilePos: six.slice(1).map((f) => ({ fileId: f.fileId })),
      },
      as('owner'),
    )
    expect(five.code).toBe(200)
  })

  it('labels every field of the detail: the seeded names, else the template’s label', async () => {
    const id = await idOf('20260001')
    const labels = async () =>
      (
        await server.get<WorkOrderDetail>(`/api/acWorkOrder/getWorkDetail?id=${id}`, as('owner'))
      ).data.acWorkOrderDataPos.map((f) => [f.fieldCode, f.name])
    const expected = [
      ['orderCode', '咨询订单'],
      ['telPhone', '联系方式'],
      ['description', '问题描述'],
    ]
    expect(await labels()).toEqual(expected)
    // A row stored without names (as earlier demo data was) reads the template's labels.
    const [row] = await server.db.select().from(workOrders).where(eq(workOrders.id, id))
    await server.db
      .update(workOrders)
      .set({ dataFields: row.dataFields.map((f) => ({ ...f, name: '' })) })
      .where(eq(workOrders.id, id))
    try {
      expect(await labels()).toEqual(expected)
    } finally {
      await server.db.update(workOrders).set({ dataFields: row.dataFields }).where(eq(workOrders.id, id))
    }
  })

  it('shows the seeded records of every role, with attachments that load', async () => {
    const id = await idOf('20260001')
    const detail = await server.get<WorkOrderDetail>(`/api/acWorkOrder/getWorkDetail?id=${id}`, as('owner'))
    expect(new Set(detail.data.recordsDtos.map((r) => r.role))).toEqual(new Set([0, 1, 2, 4]))
    const files = detail.data.recordsDtos.flatMap((r) => r.acWorkOrderFilePos)
    expect(files.length).toBeGreaterThanOrEqual(2)
    for (const file of files) {
      const response = await server.app.inject({ method: 'GET', url: file.fileUrl })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^(image\/png|application\/pdf)$/)
    }
  })
})

describe("another account's work order", () => {
  // Every call that names a work order, with 云帆贸易's id: the same answer as a missing one.
  const calls = (id: number): [string, () => Promise<{ code: number; message: string; data: unknown }>][] => [
    ['getWorkDetail', () => server.get(`/api/acWorkOrder/getWorkDetail?id=${id}`, as('owner'))],
    [
      'closeWorkOrder 1',
      () =>
        server.post(
          '/api/acWorkOrder/closeWorkOrder',
          { id, isClose: 1, closeReason: '自己已解决' },
          as('owner'),
        ),
    ],
    [
      'closeWorkOrder 0',
      () => server.post('/api/acWorkOrder/closeWorkOrder', { id, isClose: 0 }, as('owner')),
    ],
    [
      'openWorkOrder',
      () =>
        server.post(
          '/api/acWorkOrder/openWorkOrder',
          { id, content: '继续', communicateReason: '其他' },
          as('owner'),
        ),
    ],
    ['deleteWorkOrder', () => server.post('/api/acWorkOrder/deleteWorkOrder', { id }, as('owner'))],
    ['urgentWorkOrder', () => server.post('/api/acWorkOrder/urgentWorkOrder', { id }, as('owner'))],
    ['judgeIsEvalaute', () => server.get(`/api/acWorkOrder/judgeIsEvalaute?workId=${id}`, as('owner'))],
    [
      'saveRecords',
      () =>
        server.post(
          '/api/appWorkOrderCommunicationRecords/saveRecords',
          { workOrderId: id, content: '你好' },
          as('owner'),
        ),
    ],
    [
      'updRecordLook',
      () =>
        server.post('/api/appWorkOrderCommunicationRecords/updRecordLook', { workOrderId: id }, as('owner')),
    ],
  ]

  it.each(['20260002', '20260010', '20260011'])(
    '%s is refused exactly like a missing id on every call',
    async (number) => {
      const foreign = await idOf(number)
      const [before] = await server.db.select().from(workOrders).where(eq(workOrders.id, foreign))
      const missing = calls(2_000_000_000)
      for (const [index, [name, call]] of calls(foreign).entries()) {
        const answer = await call()
        expect({ name, answer }).toEqual({ name, answer: await missing[index][1]() })
        expect(answer).toMatchObject({ code: CODE.notFound, message: '工单不存在' })
      }
      const [after] = await server.db.select().from(workOrders).where(eq(workOrders.id, foreign))
      expect(after).toEqual(before)
      const unread = (
        await server.get<number>('/api/appWorkOrderCommunicationRecords/getRecordCount', as('other'))
      ).data
      expect(unread).toBeGreaterThan(0)
    },
  )

  it("lists, counts and badges none of the other account's work orders", async () => {
    const other = await listOf('other')
    expect(other.data.map((w) => w.number).sort()).toEqual(['20260002', '20260010', '20260011'])
    expect(JSON.stringify(await listOf('owner'))).not.toContain('云帆')
  })

  it("refuses a sub-admin the main account's other work orders like missing ones", async () => {
    const mains = await idOf('20260001')
    expect(await server.get(`/api/acWorkOrder/getWorkDetail?id=${mains}`, as('subAdmin'))).toMatchObject({
      code: CODE.notFound,
    })
    const own = await idOf('20260009')
    expect((await server.get(`/api/acWorkOrder/getWorkDetail?id=${own}`, as('subAdmin'))).code).toBe(200)
  })
})

describe('anonymous callers', () => {
  it.each([
    ['GET', '/api/acWorkOrder/getWorkList?workType=2&state=1'],
    ['POST', '/api/acWorkOrder/getOrderList'],
    ['GET', '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=10'],
    ['GET', '/api/appWorkOrderCommunicationRecords/getRecordCount'],
    ['GET', '/api/acWorkOrder/getIsExistWaitFinishWorkOrder'],
  ])('%s %s answers 996', async (method, url) => {
    const answer = method === 'GET' ? await server.get(url) : await server.post(url, {})
    expect(answer.code).toBe(CODE.sessionEnded)
  })
})
