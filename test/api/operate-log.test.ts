import type { OperateRecord } from '../../src/core/contract/operate-log'
import type { Page as ContractPage } from '../../src/core/contract/paging'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
const tokens: Record<'owner' | 'subAdmin' | 'other', string> = { owner: '', subAdmin: '', other: '' }

beforeAll(async () => {
  tokens.owner = await server.tokenFor(DEMO.owner)
  tokens.subAdmin = await server.tokenFor(DEMO.subAdmin)
  tokens.other = await server.tokenFor(DEMO.otherOwner)
}, 60_000)

type Entry = OperateRecord
type Page = ContractPage<Entry>

const URL = '/api/app/account/getMyOperateRecordList'
const page = (token: string, query = 'pageNum=1&pageSize=100') =>
  server.get<Page>(`${URL}?${query}`, { token })

describe('GET /api/app/account/getMyOperateRecordList', () => {
  it('lists the main account’s own entries newest first, with the log fields (account-area §3)', async () => {
    const answer = await page(tokens.owner)
    expect(answer.code).toBe(200)
    // The seeded 22 and this test's own login.
    expect(answer.data.total).toBe(23)
    expect(answer.data.data[0]).toMatchObject({
      type: 0,
      status: 0,
      content: '密码登录成功',
      ip: '127.0.0.1',
    })
    expect(Object.keys(answer.data.data[0]).sort()).toEqual(
      ['content', 'createTime', 'id', 'ip', 'memberAccount', 'status', 'type'].sort(),
    )
    const times = answer.data.data.map((e) => Date.parse(e.createTime))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(new Set(answer.data.data.map((e) => e.memberAccount))).toEqual(new Set(['demo_main']))
  })

  it('holds every log type 0-10 and both statuses (account-area §4)', async () => {
    const entries = (await page(tokens.owner)).data.data
    expect([...new Set(entries.map((e) => e.type))].sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ])
    expect(new Set(entries.map((e) => e.status))).toEqual(new Set([0, 1]))
  })

  it('gives a sub-admin only its own entries, and the main account none of them', async () => {
    const subAdmin = (await page(tokens.subAdmin)).data
    expect(subAdmin.total).toBe(6)
    expect(new Set(subAdmin.data.map((e) => e.memberAccount))).toEqual(new Set(['李子管']))
    const owner = (await page(tokens.owner)).data.data
    expect(owner.map((e) => e.memberAccount)).not.toContain('李子管')
    const ownerIds = new Set(owner.map((e) => e.id))
    expect(subAdmin.data.some((e) => ownerIds.has(e.id))).toBe(false)
  })

  it('gives another account only its own entries', async () => {
    const other = (await page(tokens.other)).data
    expect(other.total).toBe(7)
    expect(new Set(other.data.map((e) => e.memberAccount))).toEqual(new Set(['demo_other']))
    expect(other.data.map((e) => e.content)).toContain('产品移交：云帆旧站 移交至 137****2201')
  })

  it('pages with data, total and pages; the pages together hold every entry once', async () => {
    const { total } = (await page(tokens.owner)).data
    const first = (await page(tokens.owner, 'pageNum=1&pageSize=5')).data
    expect(first.pages).toBe(Math.ceil(total / 5))
    const ids: number[] = []
    for (let n = 1; n <= first.pages; n++) {
      const current = (await page(tokens.owner, `pageNum=${n}&pageSize=5`)).data
      expect(current.data.length).toBe(n < first.pages ? 5 : total - 5 * (first.pages - 1))
      ids.push(...current.data.map((e) => e.id))
    }
    expect(new Set(ids).size).toBe(total)
    expect((await page(tokens.owner, `pageNum=${first.pages + 1}&pageSize=5`)).data.data).toEqual([])
  })

  it('shows a new action at the top', async () => {
    await server.login(DEMO.owner, 'Wrong@12345', { ip: '10.9.8.7' })
    const [newest] = (await page(tokens.owner, 'pageNum=1&pageSize=1')).data.data
    expect(newest).toMatchObject({ type: 0, status: 1, ip: '10.9.8.7', memberAccount: 'demo_main' })
  })

  it.each(['pageNum=0&pageSize=10', 'pageNum=1&pageSize=101', 'pageNum=x&pageSize=10', 'pageNum=1', ''])(
    'refuses bad paging "%s" with 非法参数',
    async (query) => {
      expect(await server.get(`${URL}?${query}`, { token: tokens.owner })).toEqual({
        code: 400,
        message: '非法参数',
        data: null,
      })
    },
  )

  it('needs a session', async () => {
    expect((await server.get(`${URL}?pageNum=1&pageSize=10`)).code).toBe(996)
  })
})
