// The evaluation survey (doc2 §2 Evaluation, §4 evaluation status, §5, §7 evaluate calls, §8):
// public detail and single-use submit by uuId, and the order's isEvaluate.
import { and, eq } from 'drizzle-orm'
import type { EvaluateDetail, SurveyAnswer } from '../../src/core/contract/evaluations'
import type { Order } from '../../src/core/contract/orders'
import type { WorkOrderEvaluation } from '../../src/core/contract/work-orders'
import { accounts, evaluations, orders, workOrders } from '../../server/db/schema'
import { EVALUATION_DEMO, SUBMITTED_ANSWERS } from '../../server/seed/evaluations'
import { minutes } from '../../server/context'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let owner: string
let other: string

beforeAll(async () => {
  owner = await server.tokenFor(DEMO.owner)
  other = await server.tokenFor(DEMO.otherOwner)
}, 60_000)

/** Public, or as a session (the answers of a submitted survey are shown to its own account only). */
const detail = (uuId: string, token?: string) =>
  server.get<EvaluateDetail>(
    `/api/app/evaluate/getEvaluateDetail?uuId=${encodeURIComponent(uuId)}`,
    token ? { token } : {},
  )
const submit = (id: string, answers: SurveyAnswer[] | string) =>
  server.post<null>('/api/app/evaluate/sumbit', {
    id,
    evaluateContent: typeof answers === 'string' ? answers : JSON.stringify(answers),
  })

const EXPIRED = { code: 400, message: '链接已失效', data: null }
/** A complete answer to the order survey (ORDER_SURVEY's items in order). */
const GOOD: SurveyAnswer[] = [null, null, 5, '非常满意', ['模板设计'], '  搜索引擎  ', '很好用']

async function orderByCode(orderCode: string) {
  const [row] = await server.db.select().from(orders).where(eq(orders.orderCode, orderCode))
  return row
}

describe('GET /api/app/evaluate/getEvaluateDetail', () => {
  it('answers an open survey without a login, with every item type and no answers', async () => {
    const answer = await detail(EVALUATION_DEMO.open)
    expect(answer.code).toBe(200)
    expect(answer.data.id).toBe(EVALUATION_DEMO.open)
    expect(answer.data.evaluateStatus).toBe(0)
    expect(answer.data.answers).toBeUndefined()
    expect(answer.data.items.map((item) => item.type)).toEqual([0, 1, 6, 2, 3, 4, 5])
    expect(answer.data.items[3]).toMatchObject({
      required: true,
      data: ['非常满意', '满意', '一般', '不满意'],
    })
  })

  it('answers a submitted survey with its answers to a session of its own account only', async () => {
    const own = await detail(EVALUATION_DEMO.submitted, owner)
    expect(own.data).toMatchObject({ evaluateStatus: 1, answers: SUBMITTED_ANSWERS })
    // Anyone else holding the link learns only that it was rated.
    for (const answer of [
      await detail(EVALUATION_DEMO.submitted),
      await detail(EVALUATION_DEMO.submitted, other),
      await detail(EVALUATION_DEMO.submitted, 'not-a-session'),
    ]) {
      expect(answer.code).toBe(200)
      expect(answer.data.evaluateStatus).toBe(1)
      expect(answer.data).not.toHaveProperty('answers')
    }
  })

  it.each([
    ['an expired link', EVALUATION_DEMO.expired],
    ['an unknown link', '00000000-0000-4000-8000-000000000000'],
    ['an empty uuId', ''],
  ])('refuses %s with 链接已失效', async (_label, uuId) => {
    expect(await detail(uuId)).toEqual(EXPIRED)
  })

  it('refuses a uuId longer than one with 非法参数', async () => {
    expect((await detail('a'.repeat(37))).message).toBe('非法参数')
  })
})

describe('POST /api/app/evaluate/sumbit', () => {
  const withAnswer = (index: number, value: SurveyAnswer) => GOOD.map((a, i) => (i === index ? value : a))

  it.each<[string, SurveyAnswer[], string]>([
    ['no stars', withAnswer(2, 0), '请选择'],
    ['six stars', withAnswer(2, 6), '请选择'],
    ['half a star', withAnswer(2, 2.5), '请选择'],
    ['no radio choice', withAnswer(3, ''), '请选择'],
    ['a radio value that is no option', withAnswer(3, '还行'), '请选择'],
    ['no checkbox choice', withAnswer(4, []), '请选择'],
    ['a checkbox value that is no option', withAnswer(4, ['价格', '颜色']), '请选择'],
    ['a blank required input', withAnswer(5, '   '), '此处为必填项，您尚未填写。'],
    ['an input over 200 characters', withAnswer(5, 'x'.repeat(201)), '不能超过200个字符'],
    ['a textarea over 1000 characters', withAnswer(6, 'x'.repeat(1001)), '不能超过1000个字符'],
    ['an answer to a heading', withAnswer(0, '标题'), '请选择'],
  ])('refuses %s with its message and keeps the survey open', async (_label, answers, message) => {
    expect(await submit(EVALUATION_DEMO.open, answers)).toEqual({ code: 400, message, data: null })
    expect((await detail(EVALUATION_DEMO.open)).data.evaluateStatus).toBe(0)
  })

  it.each([
    ['text that is not JSON', '{'],
    ['an object', '{"a":1}'],
    ['too few answers', JSON.stringify(GOOD.slice(1))],
    ['an answer of the wrong shape', JSON.stringify(GOOD.map((a, i) => (i === 4 ? [1] : a)))],
  ])('refuses %s with 非法参数', async (_label, content) => {
    expect(await submit(EVALUATION_DEMO.open, content)).toEqual({
      code: 400,
      message: '非法参数',
      data: null,
    })
  })

  it('accepts an optional item left empty, stores trimmed answers, is single use and marks the order rated', async () => {
    const answers = GOOD.map((a, i) => (i === 6 ? '' : a))
    expect(await submit(EVALUATION_DEMO.open, answers)).toEqual({
      code: 200,
      message: '评价成功！',
      data: null,
    })
    const after = (await detail(EVALUATION_DEMO.open, owner)).data
    expect(after.evaluateStatus).toBe(1)
    expect(after.answers).toEqual([null, null, 5, '非常满意', ['模板设计'], '搜索引擎', ''])
    expect(await submit(EVALUATION_DEMO.open, GOOD)).toEqual({ code: 400, message: '已提交', data: null })
    const [row] = await server.db.select().from(evaluations).where(eq(evaluations.uuid, EVALUATION_DEMO.open))
    expect(row.submittedAt).toBeInstanceOf(Date)
    expect((await server.db.select().from(orders).where(eq(orders.id, row.orderId!)))[0].isEvaluate).toBe(1)
  })

  it('lets only one of two concurrent submits through', async () => {
    const answers = await Promise.all([
      submit(EVALUATION_DEMO.openPhone, GOOD),
      submit(EVALUATION_DEMO.openPhone, GOOD),
    ])
    expect(answers.map((a) => a.message).sort()).toEqual(['已提交', '评价成功！'])
  })

  it.each([
    ['an expired survey', EVALUATION_DEMO.expired],
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
  ])('refuses %s with 链接已失效', async (_label, id) => {
    expect(await submit(id, GOOD)).toEqual(EXPIRED)
  })

  it('refuses a submitted survey with 已提交 and keeps its answers', async () => {
    expect((await submit(EVALUATION_DEMO.submitted, GOOD)).message).toBe('已提交')
    expect((await detail(EVALUATION_DEMO.submitted, owner)).data.answers).toEqual(SUBMITTED_ANSWERS)
  })
})

describe('the links to a survey', () => {
  it('getEvaluateUrl makes one lasting random link per order; rating it sets isEvaluate in the order list', async () => {
    const order = await orderByCode('MC202611000012')
    const ask = () =>
      server.get<string>(`/api/app/evaluate/getEvaluateUrl?orderId=${order.id}`, { token: owner })
    const url = (await ask()).data
    expect(url).toMatch(/\/evaluate\?uuId=[0-9a-f-]{36}$/)
    expect((await ask()).data).toBe(url)
    const uuId = url.split('uuId=')[1]
    expect((await detail(uuId)).data).toMatchObject({ id: uuId, evaluateStatus: 0 })

    const listed = async () =>
      (
        await server.get<{ data: Order[] }>('/api/pc/getOrder?pageNum=1&pageSize=100', { token: owner })
      ).data.data.find((o) => o.id === order.id)!
    expect((await listed()).isEvaluate).toBe(0)
    expect((await submit(uuId, GOOD)).message).toBe('评价成功！')
    expect((await listed()).isEvaluate).toBe(1)
  })

  it('judgeIsEvalaute leads a finished work order to the work-order survey', async () => {
    const [account] = await server.db
      .select()
      .from(accounts)
      .where(eq(accounts.memberAccount, DEMO.mainAccount))
    const [finished] = await server.db
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.accountId, account.id), eq(workOrders.status, 3)))
    await server.db.update(workOrders).set({ updatedAt: new Date() }).where(eq(workOrders.id, finished.id))
    const link = (
      await server.get<WorkOrderEvaluation>(`/api/acWorkOrder/judgeIsEvalaute?workId=${finished.id}`, {
        token: owner,
      })
    ).data
    const uuId = link.url.split('uuId=')[1]
    const survey = (await detail(uuId)).data
    expect(survey.items[0].title).toBe('工单服务评价')
    const answers: SurveyAnswer[] = [null, null, 4, '已解决', [], '很专业', '']
    expect((await submit(uuId, answers)).message).toBe('评价成功！')
    const again = await server.get<WorkOrderEvaluation>(
      `/api/acWorkOrder/judgeIsEvalaute?workId=${finished.id}`,
      {
        token: owner,
      },
    )
    expect(again.data).toEqual({ evaluateStatus: 1, url: link.url })
  })
})

describe('GET /feignApi/judgeBusinessIsEvaluate', () => {
  const judge = (businessId: number, token?: string) =>
    server.get<boolean>(`/feignApi/judgeBusinessIsEvaluate?businessId=${businessId}`, token ? { token } : {})

  it('says whether an order of the viewer’s business has been rated', async () => {
    const rated = await orderByCode('MC202611000005')
    const unrated = await orderByCode('MC202611000004')
    expect((await judge(rated.businessId!, owner)).data).toBe(true)
    expect((await judge(unrated.businessId!, owner)).data).toBe(false)
  })

  it('answers false for another account’s business and 996 without a login', async () => {
    const rated = await orderByCode('MC202611000005')
    expect((await judge(rated.businessId!, other)).data).toBe(false)
    expect((await judge(rated.businessId!)).code).toBe(996)
  })
})

// Last: it moves the server's clock 30 days on.
describe('a survey link lasts 30 days from its creation', () => {
  it('answers and takes answers until then, and is 链接已失效 after', async () => {
    const order = await orderByCode('MC202611000013')
    const url = (
      await server.get<string>(`/api/app/evaluate/getEvaluateUrl?orderId=${order.id}`, { token: owner })
    ).data
    const uuId = url.split('uuId=')[1]
    server.clock.advance(minutes(30 * 24 * 60 - 1))
    expect((await detail(uuId)).data).toMatchObject({ id: uuId, evaluateStatus: 0 })
    server.clock.advance(minutes(1))
    expect(await detail(uuId)).toEqual(EXPIRED)
    expect(await submit(uuId, GOOD)).toEqual(EXPIRED)
    // The order's link is the same, and says so.
    const fresh = await server.tokenFor(DEMO.owner)
    const again = await server.get<string>(`/api/app/evaluate/getEvaluateUrl?orderId=${order.id}`, {
      token: fresh,
    })
    expect(again.data).toBe(url)
    // A submitted survey stays 已评价 (the link no longer takes answers either way).
    expect((await detail(EVALUATION_DEMO.submitted)).data.evaluateStatus).toBe(1)
  })
})
