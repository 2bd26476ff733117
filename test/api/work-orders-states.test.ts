// The work-order state machine on the server (doc2 §4, the shared `workOrderActions` table): each
// allowed transition with its record, each refused one, urgency once, delete only when closed,
// the maintenance service's items and allowance, one open maintenance order, and the evaluation
// link after completion (not before the 2023-07-02 cutoff).
import { and, eq } from 'drizzle-orm'
import {
  CLOSE_REASONS,
  type CreatedWorkOrder,
  type ProblemTemplate,
  type ServiceProjectItem,
  type WaitFinishWorkOrder,
  type WorkOrderDetail,
  type WorkOrderEvaluation,
} from '../../src/core/contract/work-orders'
import { WORK_ORDER_MSG } from '../../src/core/validation/work-orders'
import { maintenanceAllowances, workOrders } from '../../server/db/schema'
import { CODE } from '../../server/http/envelope'
import { ACTION_REFUSED } from '../../server/services/work-orders/work-order-actions'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
const tokens = { owner: '', subAdmin: '' }

beforeAll(async () => {
  tokens.owner = await server.tokenFor(DEMO.owner)
  tokens.subAdmin = await server.tokenFor(DEMO.subAdmin)
}, 60_000)

const owner = () => ({ token: tokens.owner })
const detailOf = async (id: number) =>
  (await server.get<WorkOrderDetail>(`/api/acWorkOrder/getWorkDetail?id=${id}`, owner())).data
const close = (id: number, isClose: 0 | 1, closeReason?: string) =>
  server.post<{ status: number }>('/api/acWorkOrder/closeWorkOrder', { id, isClose, closeReason }, owner())
const open = (id: number, body: Record<string, unknown>) =>
  server.post<{ status: number }>('/api/acWorkOrder/openWorkOrder', { id, ...body }, owner())
const reply = (id: number, content = '还有一个问题') =>
  server.post('/api/appWorkOrderCommunicationRecords/saveRecords', { workOrderId: id, content }, owner())
const urge = (id: number) => server.post('/api/acWorkOrder/urgentWorkOrder', { id }, owner())
const remove = (id: number) => server.post('/api/acWorkOrder/deleteWorkOrder', { id }, owner())

async function setStatus(id: number, status: number) {
  await server.db.update(workOrders).set({ status }).where(eq(workOrders.id, id))
}

async function freshOrder(): Promise<number> {
  const templates = await server.get<ProblemTemplate[]>(
    '/api/acWorkOrder/getWorkList?workType=3&state=1',
    owner(),
  )
  const template = templates.data.find((t) => t.taskName === '账号登录问题')!
  const created = await server.post<CreatedWorkOrder>(
    '/api/acWorkOrder/createWorkOrder',
    {
      type: 3,
      templateId: template.id,
      source: 1,
      acWorkOrderDataPos: [
        { fieldCode: 'telPhone', fieldValue: '13900001111', sort: 1 },
        { fieldCode: 'description', fieldValue: '登录不了', sort: 2 },
      ],
      acWorkOrderFilePos: [],
    },
    owner(),
  )
  expect(created.code).toBe(200)
  return created.data.id
}

const refused = (message: string) => ({ code: CODE.invalid, message, data: null })

describe('the transitions the customer may make', () => {
  it('confirms completion at 1 (→ 3) and closes with a reason before that (→ 4)', async () => {
    const id = await freshOrder()
    expect(await close(id, 0)).toEqual(refused(ACTION_REFUSED.confirm))
    await setStatus(id, 1)
    expect(await close(id, 0)).toMatchObject({ code: 200, data: { status: 3 } })
    expect((await detailOf(id)).recordsDtos.at(-1)).toMatchObject({ role: 0, content: '客户已确认工单完结' })
    expect(await close(id, 1, CLOSE_REASONS[0])).toEqual(refused(ACTION_REFUSED.close))

    const other = await freshOrder()
    expect(await close(other, 1)).toEqual(refused(WORK_ORDER_MSG.closeReasonRequired))
    expect(await close(other, 1, '随便写的原因')).toEqual(refused(WORK_ORDER_MSG.closeReasonRequired))
    expect(await close(other, 1, '响应太慢')).toMatchObject({
      code: 200,
      message: '当前工单已关闭！',
      data: { status: 4 },
    })
    expect((await detailOf(other)).recordsDtos.at(-1)!.content).toBe('工单已关闭，关闭原因：响应太慢')
    expect(await close(other, 0)).toEqual(refused(ACTION_REFUSED.confirm))
  })

  it('continues at 1 with a message (→ 2) and nowhere else', async () => {
    const id = await freshOrder()
    expect(await open(id, { content: '继续' })).toEqual(refused(ACTION_REFUSED.open))
    await setStatus(id, 1)
    expect(await open(id, { content: '  ' })).toEqual(refused(WORK_ORDER_MSG.continueRequired))
    expect(await open(id, { content: '还没好' })).toMatchObject({ code: 200, data: { status: 2 } })
    const roles = (await detailOf(id)).recordsDtos.map((r) => [r.role, r.content])
    expect(roles.slice(-2)).toEqual([
      [1, '还没好'],
      [0, '客户继续咨询，工单重新进入处理中'],
    ])
  })

  it('reopens a closed order with a reason and a description (→ 0)', async () => {
    const id = await freshOrder()
    expect(await close(id, 1, '不想问了')).toMatchObject({ code: 200 })
    expect(await open(id, { content: '问题又出现了' })).toEqual(refused(WORK_ORDER_MSG.reopenReasonRequired))
    expect(await open(id, { communicateReason: '问题未解决', content: ' ' })).toEqual(
      refused(WORK_ORDER_MSG.reopenDescriptionRequired),
    )
    expect(await open(id, { communicateReason: '问题未解决', content: '问题又出现了' })).toMatchObject({
      code: 200,
      data: { status: 0 },
    })
    const detail = await detailOf(id)
    expect(detail.status).toBe(0)
    expect(detail.recordsDtos.at(-1)!.content).toBe('工单已重开（问题未解决），工程师将在2小时内处理')
    const [row] = await server.db.select().from(workOrders).where(eq(workOrders.id, id))
    expect(row.closeReason).toBeNull()
  })

  it('takes a message at every open status (0, 1, 2, 5) and leaves the status as it was', async () => {
    const id = await freshOrder()
    for (const status of [0, 1, 2, 5]) {
      await setStatus(id, status)
      const content = `状态${status}时的补充信息`
      expect(await reply(id, content)).toMatchObject({ code: 200, message: '提交成功' })
      const detail = await detailOf(id)
      expect(detail.status).toBe(status)
      expect(detail.recordsDtos.at(-1)).toMatchObject({ role: 1, content })
    }
  })

  it('a message at 1 (待您确认) does not reopen the order: 继续咨询 still does', async () => {
    const id = await freshOrder()
    await setStatus(id, 1)
    expect((await reply(id, '请提供一封未送达邮件的时间')).code).toBe(200)
    expect((await detailOf(id)).status).toBe(1)
    expect(await open(id, { content: '还没好' })).toMatchObject({ code: 200, data: { status: 2 } })
  })

  it('refuses a message once closed (3, 4)', async () => {
    const id = await freshOrder()
    for (const status of [3, 4]) {
      await setStatus(id, status)
      expect(await reply(id)).toEqual(refused(ACTION_REFUSED.reply))
    }
    const records = (await detailOf(id)).recordsDtos
    expect(records.filter((r) => r.role === 1)).toHaveLength(0)
  })

  it('accepts one urgent request per open order, with a role 3 record', async () => {
    const id = await freshOrder()
    expect(await urge(id)).toMatchObject({ code: 200 })
    expect(await urge(id)).toEqual(refused(ACTION_REFUSED.urgedAlready))
    const detail = await detailOf(id)
    expect(detail).toMatchObject({ isUrgent: 1 })
    expect(detail.urgedAt).not.toBeNull()
    expect(detail.recordsDtos.filter((r) => r.role === 3)).toHaveLength(1)
    const closed = await freshOrder()
    await close(closed, 1, '自己已解决')
    expect(await urge(closed)).toEqual(refused(ACTION_REFUSED.urgent))
  })

  it('deletes only closed orders (3 or 4); a deleted one is gone everywhere', async () => {
    const id = await freshOrder()
    for (const status of [0, 1, 2, 5]) {
      await setStatus(id, status)
      expect(await remove(id)).toEqual(refused(ACTION_REFUSED.remove))
    }
    await setStatus(id, 3)
    expect(await remove(id)).toMatchObject({ code: 200, message: '删除成功' })
    expect(await server.get(`/api/acWorkOrder/getWorkDetail?id=${id}`, owner())).toMatchObject({
      code: CODE.notFound,
    })
    expect(await remove(id)).toMatchObject({ code: CODE.notFound })
    const list = await server.get<{ data: { id: number }[] }>(
      '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=100',
      owner(),
    )
    expect(list.data.data.map((w) => w.id)).not.toContain(id)
    const seededClosed = (
      await server.db.select().from(workOrders).where(eq(workOrders.number, '20260006'))
    )[0]
    expect(await remove(seededClosed.id)).toMatchObject({ code: 200 })
  })
})

describe('the maintenance service', () => {
  const maintenanceId = async () =>
    (await server.db.select().from(workOrders).where(eq(workOrders.number, '20260008')))[0].id
  const remaining = async (code: string) =>
    (
      await server.db
        .select()
        .from(maintenanceAllowances)
        .where(
          and(eq(maintenanceAllowances.orderCode, 'MC202600000110'), eq(maintenanceAllowances.code, code)),
        )
    )[0].remaining

  it('lists the maintenance order, its domain and its items with what remains', async () => {
    const orders = await server.get<{ orderCode: string; websiteDomain: string }[]>(
      '/api/app/websiteButler/getDaiweiOrderList',
      owner(),
    )
    expect(orders.data).toEqual([
      { orderCode: 'MC202600000110', productVersion: '基础版', websiteDomain: 'xingchen', termYear: 1 },
    ])
    expect(
      (
        await server.get(
          '/api/app/websiteButler/getWebsiteDomainByDaiweiOrder?orderCode=MC202600000110',
          owner(),
        )
      ).data,
    ).toEqual(['xingchen'])
    const items = await server.get<ServiceProjectItem[]>(
      '/api/app/websiteButler/getServiceProjectList?orderCode=MC202600000110&productVersion=基础版',
      owner(),
    )
    expect(items.data).toHaveLength(8)
    // The seeded work order took one page edit and the SEO switch from 2 and 1.
    expect(items.data.find((i) => i.code === 'pageAdjust')).toMatchObject({ resisueNum: 1, isInputBox: 1 })
    expect(items.data.find((i) => i.code === 'seoSettings')).toMatchObject({ resisueNum: 0, isInputBox: 0 })
    // Another account's and a sub-admin without website management see none of it.
    const other = await server.tokenFor(DEMO.otherOwner)
    expect((await server.get('/api/app/websiteButler/getDaiweiOrderList', { token: other })).data).toEqual([])
    expect(
      await server.get('/api/app/websiteButler/getServiceProjectList?orderCode=MC202600000110', {
        token: other,
      }),
    ).toMatchObject({ code: CODE.notFound })
    expect(
      (
        await server.get('/api/app/websiteButler/getWebsiteDomainByDaiweiOrder?orderCode=MC202600000110', {
          token: other,
        })
      ).data,
    ).toEqual([])
  })

  it('blocks a second open maintenance work order with 您有尚未完结的代维管家工单…', async () => {
    const wait = await server.get<WaitFinishWorkOrder>(
      '/api/acWorkOrder/getIsExistWaitFinishWorkOrder',
      owner(),
    )
    expect(wait.data).toEqual({
      exist: true,
      workOrderId: await maintenanceId(),
      number: '20260008',
      submittedBy: null,
    })
    const sub = await server.get<WaitFinishWorkOrder>('/api/acWorkOrder/getIsExistWaitFinishWorkOrder', {
      token: tokens.subAdmin,
    })
    // The sub-admin may not open the owner's order, but learns which one it is (submitted by the
    // main account, which can confirm it).
    expect(sub.data).toEqual({ exist: true, workOrderId: null, number: '20260008', submittedBy: null })
    const templates = await server.get<ProblemTemplate[]>(
      '/api/acWorkOrder/getWorkList?workType=4&state=1',
      owner(),
    )
    const body = (serviceProject: unknown, order = 'MC202600000110') => ({
      type: 4,
      templateId: templates.data[0].id,
      source: 1,
      acWorkOrderDataPos: [
        { fieldCode: 'dwServiceOrder', fieldValue: order, sort: 1 },
        { fieldCode: 'websiteDomain', fieldValue: 'xingchen', sort: 2 },
        { fieldCode: 'telPhone', fieldValue: '138****0001', sort: 3 },
        { fieldCode: 'description', fieldValue: '再改一个页面', sort: 4 },
      ],
      acWorkOrderFilePos: [],
      serviceProject,
    })
    const create = (serviceProject: unknown, order?: string) =>
      server.post<CreatedWorkOrder>('/api/acWorkOrder/createWorkOrder', body(serviceProject, order), owner())
    const one = [{ code: 'pageAdjust', inputNum: 1 }]
    expect(await create(one)).toEqual(refused(WORK_ORDER_MSG.waitFinish))

    // Once the open one is finished, the form's own rules apply.
    await setStatus(await maintenanceId(), 3)
    expect(await create([])).toEqual(refused(WORK_ORDER_MSG.serviceProjectRequired))
    expect(await create([{ code: 'pageAdjust', inputNum: 0 }])).toEqual(
      refused(WORK_ORDER_MSG.serviceProjectRequired),
    )
    expect(await create([{ code: 'pageAdjust', inputNum: 2 }])).toEqual(
      refused(WORK_ORDER_MSG.serviceProjectRequired),
    )
    expect(await create([{ code: 'seoSettings', inputNum: 1 }])).toEqual(
      refused(WORK_ORDER_MSG.serviceProjectRequired),
    )
    expect(await create(one, 'MC202611000006')).toEqual(refused(WORK_ORDER_MSG.orderRequired))
    // An order of another site than the one chosen is explained, not refused with a bare 请选择.
    const mismatched = body(one)
    mismatched.acWorkOrderDataPos[1].fieldValue = 'another-site'
    expect(await server.post('/api/acWorkOrder/createWorkOrder', mismatched, owner())).toEqual(
      refused(WORK_ORDER_MSG.domainMismatch),
    )
    const created = await create([
      { code: 'pageAdjust', inputNum: 1 },
      { code: 'contentUpload', inputNum: 30 },
    ])
    expect(created.code).toBe(200)
    expect(await remaining('pageAdjust')).toBe(0)
    expect(await remaining('contentUpload')).toBe(70)

    // Adjusting changes exactly the items named: contentUpload and formFunction; pageAdjust,
    // left out, keeps what the order asked (it is not given back).
    const adjusted = await open(created.data.id, {
      serviceProject: [
        { code: 'contentUpload', inputNum: 50 },
        { code: 'formFunction', inputNum: 1 },
      ],
    })
    expect(adjusted).toMatchObject({ code: 200 })
    expect(await remaining('pageAdjust')).toBe(0)
    expect(await remaining('contentUpload')).toBe(50)
    expect(await remaining('formFunction')).toBe(0)
    const detail = await detailOf(created.data.id)
    expect(detail.serviceProject!.find((i) => i.code === 'contentUpload')).toMatchObject({
      inputNum: 50,
      resisueNum: 50,
    })
    expect(detail.recordsDtos.at(-1)).toMatchObject({ role: 0, content: '服务项目调整' })
    expect(
      detail.recordsDtos
        .at(-1)!
        .serviceProject!.filter((i) => i.isSelected)
        .map((i) => i.code),
    ).toEqual(['pageAdjust', 'contentUpload', 'formFunction'])
    expect(
      await open(created.data.id, { serviceProject: [{ code: 'contentUpload', inputNum: 101 }] }),
    ).toEqual(refused(WORK_ORDER_MSG.serviceProjectRequired))
    expect(await remaining('contentUpload')).toBe(50)
    // An item set to 0 is given back; the others stay.
    expect(
      await open(created.data.id, { serviceProject: [{ code: 'pageAdjust', inputNum: 0 }] }),
    ).toMatchObject({ code: 200 })
    expect(await remaining('pageAdjust')).toBe(1)
    expect(await remaining('contentUpload')).toBe(50)
    expect(await remaining('formFunction')).toBe(0)
    // Giving everything back leaves nothing asked: refused, nothing changes.
    expect(
      await open(created.data.id, {
        serviceProject: [
          { code: 'contentUpload', inputNum: 0 },
          { code: 'formFunction', inputNum: 0 },
        ],
      }),
    ).toEqual(refused(WORK_ORDER_MSG.serviceProjectRequired))
    expect(await remaining('contentUpload')).toBe(50)
    // Not on a closed order, nor on a work order of another type.
    await close(created.data.id, 1, '自己已解决')
    expect(await open(created.data.id, { serviceProject: [{ code: 'pageAdjust', inputNum: 1 }] })).toEqual(
      refused(ACTION_REFUSED.adjust),
    )
    const plain = await freshOrder()
    expect(await open(plain, { serviceProject: [{ code: 'pageAdjust', inputNum: 1 }] })).toEqual(
      refused(ACTION_REFUSED.adjust),
    )
  })
})

describe('the evaluation link (judgeIsEvalaute)', () => {
  it('is null before completion, then a lasting /evaluate link; hidden for orders last updated before 2023-07-02', async () => {
    const id = await freshOrder()
    const ask = () =>
      server.get<WorkOrderEvaluation | null>(`/api/acWorkOrder/judgeIsEvalaute?workId=${id}`, owner())
    expect((await ask()).data).toBeNull()
    await setStatus(id, 1)
    await close(id, 0)
    const first = (await ask()).data!
    expect(first).toEqual({
      evaluateStatus: 0,
      url: expect.stringMatching(/^\/evaluate\?uuId=[0-9a-f-]{36}$/),
    })
    expect((await ask()).data).toEqual(first)
    await server.db
      .update(workOrders)
      .set({ updatedAt: new Date('2023-07-01T12:00:00+08:00') })
      .where(eq(workOrders.id, id))
    expect((await ask()).data).toBeNull()
  })
})
