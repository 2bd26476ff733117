import { and, eq } from 'drizzle-orm'
import { accounts, notices, subAccounts } from '../../server/db/schema'
import { storeNotice, type NoticeDraft } from '../../server/services/notices/notices'
import { NOTICES_CHANNEL } from '../../server/services/notices/notice-cache'
import type { NoticeDetail } from '../../src/core/contract/notices'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let mainAccountId: number
let otherAccountId: number
let liZiguanId: number
const tokens: Record<'owner' | 'subAdmin' | 'other', string> = { owner: '', subAdmin: '', other: '' }

beforeAll(async () => {
  const rows = await server.db.select().from(accounts)
  mainAccountId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherAccountId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
  const [sub] = await server.db.select().from(subAccounts).where(eq(subAccounts.fullName, '李子管'))
  liZiguanId = sub.id
  tokens.owner = await server.tokenFor(DEMO.owner)
  tokens.subAdmin = await server.tokenFor(DEMO.subAdmin)
  tokens.other = await server.tokenFor(DEMO.otherOwner)
}, 60_000)

interface Item {
  id: number
  type: number
  title: string
  templateTitle: string
  content: string
  readStatus: number
  readState: number
  createTime: string
}
interface Page {
  data: Item[]
  total: number
  pages: number
}
/** `evil`: a field no notice may carry. */
type Detail = NoticeDetail & { evil?: unknown }

const REFUSED = { code: 404, message: '消息不存在', data: null }
const INVALID = { code: 400, message: '非法参数', data: null }

const list = (token: string, query = 'pageNum=1&pageSize=100') =>
  server.get<Page>(`/api/pc/messageList?${query}`, { token })
const open = (token: string, id: number) =>
  server.get<Detail>(`/api/pc/selectMessageInfoById?id=${id}`, { token })
const unread = async (token: string) => (await server.get<number>('/api/pc/getUnReadCount', { token })).data
const rowOf = async (id: number) => (await server.db.select().from(notices).where(eq(notices.id, id)))[0]

/**
 * A fresh notice, written the way every writer writes one; resolved once the app has heard of it
 * (its cached answers for the account are forgotten on the database's notification).
 */
async function store(draft: Partial<NoticeDraft> & { accountId: number }) {
  const heard = server.notified(NOTICES_CHANNEL, draft.accountId)
  const id = await storeNotice(server.db, {
    type: 10,
    title: '测试消息',
    content: '<p>正文</p>',
    createdAt: server.clock(),
    ...draft,
  })
  await heard
  return id
}

async function titlesOf(token: string) {
  return (await list(token)).data.data.map((n) => n.title)
}

describe('GET /api/pc/messageList', () => {
  it('lists the main account’s notices, newest first, with the list fields', async () => {
    const page = await list(tokens.owner)
    expect(page.code).toBe(200)
    expect(page.data.total).toBe(18)
    const times = page.data.data.map((n) => Date.parse(n.createTime))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(Object.keys(page.data.data[0]).sort()).toEqual(
      ['content', 'createTime', 'id', 'readState', 'readStatus', 'templateTitle', 'title', 'type'].sort(),
    )
    expect(page.data.data[0]).toMatchObject({ type: 4, title: '近7日访问统计', readStatus: 0, readState: 0 })
  })

  it('covers every message type group of account-area §9', async () => {
    const types = new Set((await list(tokens.owner)).data.data.map((n) => n.type))
    for (const group of [
      [2],
      [3],
      [4],
      [5, 6, 7, 59, 60, 61, 62, 63, 64],
      [27, 28, 29, 65, 66, 67],
      [9, 26],
      [10],
      [11],
      [12],
      [14, 15, 16, 17],
      [20],
      [21, 22, 23],
      [24, 25],
      [31, 45],
      [56, 57, 58],
      [68],
    ]) {
      expect(group.some((t) => types.has(t))).toBe(true)
    }
  })

  it('shows only notices addressed to the viewer: never a sub-admin’s or another account’s', async () => {
    const owner = await titlesOf(tokens.owner)
    expect(owner).not.toContain('您已成为子管理员')
    expect(owner).not.toContain('云帆贸易官网即将到期')
    expect(await titlesOf(tokens.subAdmin)).toEqual(['您已成为子管理员', '工单进度更新'])
    expect(await titlesOf(tokens.other)).toEqual(['新手指引', '云帆贸易官网即将到期'])
  })

  it('pages with data, total and pages', async () => {
    const first = await list(tokens.owner, 'pageNum=1&pageSize=10')
    const second = await list(tokens.owner, 'pageNum=2&pageSize=10')
    expect(first.data).toMatchObject({ total: 18, pages: 2 })
    expect(first.data.data).toHaveLength(10)
    expect(second.data.data).toHaveLength(8)
    const ids = [...first.data.data, ...second.data.data].map((n) => n.id)
    expect(new Set(ids).size).toBe(18)
    expect((await list(tokens.owner, 'pageNum=9&pageSize=10')).data).toEqual({
      data: [],
      total: 18,
      pages: 2,
    })
    expect((await list(tokens.owner, 'pageNum=1&pageSize=5')).data.pages).toBe(4)
  })

  it.each([
    ['unread', 0, 3],
    ['read', 1, 15],
  ])('filters %s notices (readStatus %i)', async (_label, readStatus, total) => {
    const page = await list(tokens.owner, `pageNum=1&pageSize=100&readStatus=${readStatus}`)
    expect(page.data.total).toBe(total)
    expect(page.data.data.every((n) => n.readStatus === readStatus)).toBe(true)
  })

  it.each([
    'pageNum=0&pageSize=10',
    'pageNum=1&pageSize=0',
    'pageNum=1&pageSize=101',
    'pageNum=abc&pageSize=10',
    'pageNum=1',
    'pageSize=10',
    'pageNum=1&pageSize=10&readStatus=2',
    'pageNum=1.5&pageSize=10',
    'pageNum=99999999999&pageSize=10',
  ])('refuses bad paging %s with 非法参数', async (query) => {
    expect(await list(tokens.owner, query)).toEqual(INVALID)
  })

  it('needs a session', async () => {
    expect((await server.get('/api/pc/messageList?pageNum=1&pageSize=10')).code).toBe(996)
  })
})

describe('the home popup: selectLatestNews and updatePopStatus', () => {
  it('gives the newest unread notice not yet popped, then nothing once it is popped', async () => {
    // Seeded notices were all popped before.
    expect((await server.get('/api/pc/selectLatestNews', { token: tokens.owner })).data).toBeNull()
    server.clock.advance(1000)
    const older = await store({ accountId: mainAccountId, title: '续费提醒', type: 5 })
    server.clock.advance(1000)
    const newer = await store({ accountId: mainAccountId, title: '新工单回复', type: 21 })
    const latest = await server.get<Record<string, unknown>>('/api/pc/selectLatestNews', {
      token: tokens.owner,
    })
    expect(latest.data).toEqual({
      id: newer,
      type: 21,
      title: '新工单回复',
      templateTitle: '',
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    // Another account can neither see nor pop it.
    expect((await server.get('/api/pc/selectLatestNews', { token: tokens.other })).data).toBeNull()
    expect(await server.post('/api/pc/updatePopStatus', { id: newer }, { token: tokens.other })).toEqual(
      REFUSED,
    )
    expect((await rowOf(newer)).popped).toBe(false)

    expect((await server.post('/api/pc/updatePopStatus', { id: newer }, { token: tokens.owner })).code).toBe(
      200,
    )
    expect(
      (await server.get<{ id: number }>('/api/pc/selectLatestNews', { token: tokens.owner })).data?.id,
    ).toBe(older)
    // A notice read elsewhere does not pop either.
    await server.post('/api/pc/doReadMsg', { signRead: 1, idsList: [older] }, { token: tokens.owner })
    expect((await server.get('/api/pc/selectLatestNews', { token: tokens.owner })).data).toBeNull()
  })

  it.each([{}, { id: 'x' }, { id: 0 }])('updatePopStatus refuses %j', async (body) => {
    expect(await server.post('/api/pc/updatePopStatus', body, { token: tokens.owner })).toEqual(INVALID)
  })
})

describe('GET /api/pc/selectMessageInfoById', () => {
  it('gives the type-4 chart fields and the site domain, and marks the notice read', async () => {
    const [chart] = (await list(tokens.owner)).data.data.filter((n) => n.type === 4)
    const before = await unread(tokens.owner)
    const detail = await open(tokens.owner, chart.id)
    expect(detail.code).toBe(200)
    expect(detail.data).toMatchObject({
      id: chart.id,
      type: 4,
      msgType: 4,
      domain: 'www.xingchen-demo.cn',
      echartTitle: '近7日访问趋势',
      readStatus: 1,
      fileList: [],
    })
    const { xDate = [], pvList = [], uvList = [] } = detail.data
    expect(xDate).toHaveLength(7)
    expect(xDate.every((d) => /^\d\d-\d\d$/.test(d))).toBe(true)
    expect(pvList).toHaveLength(7)
    expect(uvList).toHaveLength(7)
    expect(pvList.every((n, i) => typeof n === 'number' && n >= uvList[i])).toBe(true)
    expect(await unread(tokens.owner)).toBe(before - 1)
    expect((await rowOf(chart.id)).readStatus).toBe(1)
  })

  it('gives the detail fields of the type and the attachments with fileUrl, fileName, filetype, isPhoto', async () => {
    const [reply] = (await list(tokens.owner)).data.data.filter((n) => n.type === 3)
    const detail = await open(tokens.owner, reply.id)
    expect(detail.data.questionReply).toBe('已按您的要求调整首页布局，效果见附件。')
    expect(detail.data.fileList).toEqual([
      {
        fileUrl: '/api/pc/noticeFiles/site-home.png',
        fileName: '首页效果图.png',
        filetype: 'png',
        isPhoto: 1,
      },
      {
        fileUrl: '/api/pc/noticeFiles/alarm-screenshot.png',
        fileName: '旧版首页.png',
        filetype: 'png',
        isPhoto: 1,
      },
      {
        fileUrl: '/api/pc/noticeFiles/service-guide.txt',
        fileName: '服务说明.txt',
        filetype: 'txt',
        isPhoto: 0,
      },
    ])
    const [alarm] = (await list(tokens.owner)).data.data.filter((n) => n.type === 2)
    expect((await open(tokens.owner, alarm.id)).data).toMatchObject({
      alarmName: '首页响应超时',
      alarmType: '可用性',
      secondDomain: 'www.xingchen-demo.cn',
      targetUrl: 'https://www.xingchen-demo.cn/',
      alarmContent: '连续3次请求超过10秒未响应',
    })
  })

  it('serves the attachments from real URLs: PNG images and a text file', async () => {
    for (const name of ['site-home.png', 'alarm-screenshot.png']) {
      const response = await server.app.inject({ method: 'GET', url: `/api/pc/noticeFiles/${name}` })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG')
      expect(response.rawPayload.length).toBeGreaterThan(500)
    }
    const text = await server.app.inject({ method: 'GET', url: '/api/pc/noticeFiles/service-guide.txt' })
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(text.body).toContain('会员中心使用说明')
    const missing = await server.app.inject({ method: 'GET', url: '/api/pc/noticeFiles/..%2Fconfig.ts' })
    expect(missing.json()).toEqual({ code: 404, message: '文件不存在', data: null })
  })

  it('refuses another account’s notice and a sub-admin’s, revealing and changing nothing', async () => {
    const othersNotice = await store({ accountId: otherAccountId, title: '云帆的消息' })
    const subAdminsNotice = await store({
      accountId: mainAccountId,
      subAccountId: liZiguanId,
      title: '李子管的消息',
    })
    expect(await open(tokens.owner, othersNotice)).toEqual(REFUSED)
    expect(await open(tokens.owner, subAdminsNotice)).toEqual(REFUSED)
    expect(await open(tokens.other, subAdminsNotice)).toEqual(REFUSED)
    // The same answer as for an id that does not exist.
    expect(await open(tokens.owner, 2_000_000_000)).toEqual(REFUSED)
    expect((await rowOf(othersNotice)).readStatus).toBe(0)
    expect((await rowOf(subAdminsNotice)).readStatus).toBe(0)
    // Its addressee may read it.
    expect((await open(tokens.subAdmin, subAdminsNotice)).data.title).toBe('李子管的消息')
  })

  it('refuses a sub-admin opening the main account’s notices', async () => {
    const [ownerNotice] = (await list(tokens.owner)).data.data
    expect(await open(tokens.subAdmin, ownerNotice.id)).toEqual(REFUSED)
  })

  it.each(['', 'abc', '0', '-1', '1.5', '99999999999'])('refuses id=%s with 非法参数', async (id) => {
    expect(await server.get(`/api/pc/selectMessageInfoById?id=${id}`, { token: tokens.owner })).toEqual(
      INVALID,
    )
  })
})

describe('rich text is sanitised when stored', () => {
  it('the seeded notice keeps its formatting and loses its script, handler and javascript: link', async () => {
    const [guide] = (await list(tokens.owner)).data.data.filter((n) => n.title === '新手指引')
    const { content } = (await open(tokens.owner, guide.id)).data
    expect(content).toContain('<strong>三步</strong>')
    expect(content).toContain('查看帮助')
    expect(content).not.toMatch(/<script|onerror|javascript:|__noticeScript/i)
    expect((await rowOf(guide.id)).content).not.toMatch(/<script|onerror|javascript:/i)
  })

  it('storeNotice strips scripts from any writer; details keep only known fields and safe links', async () => {
    const id = await store({
      accountId: mainAccountId,
      content:
        '<p onclick="steal()">你好</p><script>alert(1)</script><iframe src="https://evil.cn"></iframe>',
      details: {
        url: 'javascript:alert(1)',
        targetUrl: 'https://ok.cn/a',
        productName: '  企业官网  ',
        evil: '<script>',
      } as NoticeDraft['details'],
      fileList: [
        { fileUrl: 'javascript:alert(1)', fileName: 'x', filetype: 'png', isPhoto: 1 },
        { fileUrl: 'https://cdn.example.cn/a.png', fileName: 'a.png', filetype: 'png', isPhoto: 1 },
      ],
    })
    const row = await rowOf(id)
    expect(row.content).toBe('<p>你好</p>')
    const detail = (await open(tokens.owner, id)).data
    expect(detail.content).toBe('<p>你好</p>')
    expect(detail.url).toBeUndefined()
    expect(detail.evil).toBeUndefined()
    expect(detail).toMatchObject({ targetUrl: 'https://ok.cn/a', productName: '企业官网' })
    expect(detail.fileList).toEqual([
      { fileUrl: 'https://cdn.example.cn/a.png', fileName: 'a.png', filetype: 'png', isPhoto: 1 },
    ])
    const listed = (await list(tokens.owner)).data.data.find((n) => n.id === id)
    expect(listed?.content).toBe('<p>你好</p>')
  })
})

describe('POST /api/pc/doReadMsg', () => {
  it('signRead 1 marks the listed notices read, ignoring ids that are not the viewer’s', async () => {
    const mine = await store({ accountId: mainAccountId, title: '待读 1' })
    const alsoMine = await store({ accountId: mainAccountId, title: '待读 2' })
    const others = await store({ accountId: otherAccountId, title: '云帆待读' })
    const subAdmins = await store({ accountId: mainAccountId, subAccountId: liZiguanId, title: '李子管待读' })
    const result = await server.post(
      '/api/pc/doReadMsg',
      { signRead: 1, idsList: [mine, others, subAdmins] },
      {
        token: tokens.owner,
      },
    )
    expect(result).toEqual({ code: 200, message: '操作成功', data: null })
    expect((await rowOf(mine)).readStatus).toBe(1)
    expect((await rowOf(alsoMine)).readStatus).toBe(0)
    expect((await rowOf(others)).readStatus).toBe(0)
    expect((await rowOf(subAdmins)).readStatus).toBe(0)
  })

  it('signRead 2 marks all of the viewer’s notices read and nobody else’s', async () => {
    const ownerUnread = await unread(tokens.owner)
    const subAdminUnread = await unread(tokens.subAdmin)
    expect(await unread(tokens.other)).toBeGreaterThan(0)
    expect((await server.post('/api/pc/doReadMsg', { signRead: 2 }, { token: tokens.other })).code).toBe(200)
    expect(await unread(tokens.other)).toBe(0)
    expect(await unread(tokens.owner)).toBe(ownerUnread)
    expect(await unread(tokens.subAdmin)).toBe(subAdminUnread)
  })

  it.each([
    ['no idsList', { signRead: 1 }, { code: 400, message: '请先选择消息', data: null }],
    ['an empty idsList', { signRead: 1, idsList: [] }, { code: 400, message: '请先选择消息', data: null }],
    ['signRead 3', { signRead: 3 }, INVALID],
    ['no signRead', {}, INVALID],
    ['an id that is not a number', { signRead: 1, idsList: ['x'] }, INVALID],
    ['id 0', { signRead: 1, idsList: [0] }, INVALID],
    ['an id beyond the integer range', { signRead: 1, idsList: [99999999999] }, INVALID],
    ['more than 1000 ids', { signRead: 1, idsList: Array.from({ length: 1001 }, (_, i) => i + 1) }, INVALID],
  ])('refuses %s', async (_label, body, answer) => {
    expect(await server.post('/api/pc/doReadMsg', body, { token: tokens.owner })).toEqual(answer)
  })
})

describe('POST /api/pc/delMsg', () => {
  it('signRead 1 deletes the listed notices of the viewer only', async () => {
    const mine = await store({ accountId: mainAccountId, title: '待删' })
    const others = await store({ accountId: otherAccountId, title: '云帆的' })
    const result = await server.post(
      '/api/pc/delMsg',
      { signRead: 1, idsList: [mine, others] },
      { token: tokens.owner },
    )
    expect(result).toEqual({ code: 200, message: '删除成功！', data: null })
    expect(await rowOf(mine)).toBeUndefined()
    expect(await rowOf(others)).toBeDefined()
  })

  it('signRead 2 deletes every notice of the viewer and nobody else’s', async () => {
    const ownerTotal = (await list(tokens.owner)).data.total
    const otherTotal = (await list(tokens.other)).data.total
    expect((await list(tokens.subAdmin)).data.total).toBeGreaterThan(0)
    expect((await server.post('/api/pc/delMsg', { signRead: 2 }, { token: tokens.subAdmin })).code).toBe(200)
    expect((await list(tokens.subAdmin)).data.total).toBe(0)
    expect((await list(tokens.owner)).data.total).toBe(ownerTotal)
    expect((await list(tokens.other)).data.total).toBe(otherTotal)
    const left = await server.db
      .select()
      .from(notices)
      .where(and(eq(notices.accountId, mainAccountId), eq(notices.subAccountId, liZiguanId)))
    expect(left).toEqual([])
  })

  it('refuses an empty selection', async () => {
    expect(
      await server.post('/api/pc/delMsg', { signRead: 1, idsList: [] }, { token: tokens.owner }),
    ).toEqual({
      code: 400,
      message: '请先选择消息',
      data: null,
    })
  })
})

describe('GET /api/pc/getUnReadList', () => {
  it('lists the viewer’s unread notices, newest first', async () => {
    server.clock.advance(1000)
    const fresh = await store({ accountId: mainAccountId, title: '最新未读' })
    await store({ accountId: otherAccountId, title: '云帆未读' })
    const answer = await server.get<Item[]>('/api/pc/getUnReadList', { token: tokens.owner })
    expect(answer.data[0].id).toBe(fresh)
    expect(answer.data.every((n) => n.readStatus === 0)).toBe(true)
    expect(answer.data.map((n) => n.title)).not.toContain('云帆未读')
    expect(answer.data).toHaveLength(await unread(tokens.owner))
  })
})

describe('every notice call needs a session', () => {
  it.each([
    ['GET', '/api/pc/selectMessageInfoById?id=1'],
    ['GET', '/api/pc/selectLatestNews'],
    ['GET', '/api/pc/getUnReadList'],
    ['POST', '/api/pc/doReadMsg'],
    ['POST', '/api/pc/delMsg'],
    ['POST', '/api/pc/updatePopStatus'],
  ])('%s %s', async (method, url) => {
    const answer = method === 'GET' ? await server.get(url) : await server.post(url, { signRead: 2, id: 1 })
    expect(answer.code).toBe(996)
  })
})

describe('the development sandbox /__dev/notices', () => {
  it('adds a sanitised notice for a member’s main account', async () => {
    const phone = '13912345678'
    expect((await server.post('/__dev/members', { phone, password: 'Demo@12345' })).code).toBe(200)
    const token = await server.tokenFor(phone)
    expect((await list(token)).data.total).toBe(0)
    const created = await server.post<{ id: number }>('/__dev/notices', {
      phone,
      type: 2,
      title: '沙箱消息',
      content: '<b>好</b><script>x()</script>',
      details: { alarmName: '告警' },
    })
    expect(created.code).toBe(200)
    expect((await open(token, created.data.id)).data).toMatchObject({
      content: '<b>好</b>',
      alarmName: '告警',
    })
  })

  it('is absent in production', async () => {
    const production = await server.buildVariant({ production: true })
    const response = await production.inject({ method: 'POST', url: '/__dev/notices', payload: {} })
    expect(response.json().code).toBe(404)
  })
})

describe('the home poll with the badges folded in: homePoll', () => {
  const poll = (token?: string) =>
    server.get<{
      latest: { id: number } | null
      unreadNoticeCount: number
      unreadWorkOrderRecordCount: number
    }>('/api/pc/homePoll', { token })
  const recordCount = async (token: string) =>
    (await server.get<number>('/api/appWorkOrderCommunicationRecords/getRecordCount', { token })).data

  it('answers what selectLatestNews, getUnReadCount and getRecordCount answer, for the viewer only', async () => {
    server.clock.advance(1000)
    const id = await store({ accountId: mainAccountId, title: '首页轮询', type: 5 })
    const owner = await poll(tokens.owner)
    expect(owner.code).toBe(200)
    expect(owner.data.latest?.id).toBe(id)
    expect(owner.data.latest).toEqual(
      (await server.get('/api/pc/selectLatestNews', { token: tokens.owner })).data,
    )
    expect(owner.data.unreadNoticeCount).toBe(await unread(tokens.owner))
    expect(owner.data.unreadNoticeCount).toBeGreaterThan(0)
    expect(owner.data.unreadWorkOrderRecordCount).toBe(await recordCount(tokens.owner))
    expect(owner.data.unreadWorkOrderRecordCount).toBeGreaterThan(0)

    const other = await poll(tokens.other)
    expect(other.data.latest?.id).not.toBe(id)
    expect(other.data.unreadNoticeCount).toBe(await unread(tokens.other))

    // Reading the notice moves both the popup and the count.
    await server.post('/api/pc/doReadMsg', { signRead: 1, idsList: [id] }, { token: tokens.owner })
    const after = await poll(tokens.owner)
    expect(after.data.latest?.id).not.toBe(id)
    expect(after.data.unreadNoticeCount).toBe(owner.data.unreadNoticeCount - 1)
  })

  it('needs a session', async () => {
    expect((await poll()).code).toBe(996)
  })
})
