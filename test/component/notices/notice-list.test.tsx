import Taro from '@tarojs/taro'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSessionFlags } from '../../../src/core/session/flags'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { noticeApi, type Notice } from '../../../src/features/notices/api'
import { NoticeList } from '../../../src/features/notices/components/NoticeList'
import { Header } from '../../../src/features/shell/components/Header'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

// Desktop (table + pager) unless a test sets the phone layout.
let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))
// The page is hidden (a detail opened on top of it) and shown again through this.
let mockSetShown: (shown: boolean) => void = () => undefined
jest.mock('../../../src/core/ui/usePageShown', () => ({
  usePageShown: () => {
    const [shown, setShown] = jest.requireActual('react').useState(true)
    mockSetShown = setShown
    return shown
  },
}))

const notice = (id: number, readStatus: 0 | 1 = 0, type = 2): Notice => ({
  id,
  type,
  title: `消息${id}`,
  content: `<p>正文${id}</p>`,
  readStatus,
  templateTitle: '',
  createTime: '2026-11-21T16:30:00Z',
})

/** A message list on the fake server: filtered by readStatus, paged by pageNum/pageSize. */
function serve(all: Notice[]) {
  let rows = [...all]
  const api = installFakeApi()
    .on('GET', '/api/pc/messageList', (q) => {
      const filtered =
        q.readStatus === undefined ? rows : rows.filter((n) => n.readStatus === Number(q.readStatus))
      const size = Number(q.pageSize)
      const start = (Number(q.pageNum) - 1) * size
      return ok({
        data: filtered.slice(start, start + size),
        total: filtered.length,
        pages: Math.ceil(filtered.length / size),
      })
    })
    .on('POST', '/api/pc/doReadMsg', (b) => {
      const ids = b.signRead === 2 ? rows.map((n) => n.id) : (b.idsList as number[])
      rows = rows.map((n) => (ids.includes(n.id) ? { ...n, readStatus: 1 } : n))
      return ok(null)
    })
    .on('POST', '/api/pc/delMsg', (b) => {
      rows = b.signRead === 2 ? [] : rows.filter((n) => !(b.idsList as number[]).includes(n.id))
      return { code: 200, message: '删除成功！', data: null }
    })
  return api
}

const listCalls = (api: FakeApi) =>
  api.calls.filter((c) => c.path === '/api/pc/messageList').map((c) => c.body)
const lastListCall = (api: FakeApi) => listCalls(api).at(-1)
const posts = (api: FakeApi, path: string) => api.calls.filter((c) => c.path === path).map((c) => c.body)
const toasts = () => useToasts.getState().toasts.map((t) => t.message)
const rowTitles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent)
const rowStatuses = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)

beforeEach(() => {
  mockDesktop = true
  useToasts.setState({ toasts: [] })
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
})
afterEach(() => jest.restoreAllMocks())

describe('notice list on desktop (account-area §2)', () => {
  it('loads 10 a page with no readStatus and shows title, type, time and status', async () => {
    const api = serve([notice(1, 0, 2), notice(2, 1, 21)])
    render(<NoticeList />)
    await screen.findByRole('table', { name: '消息列表' })
    expect(listCalls(api)).toEqual([{ pageNum: '1', pageSize: '10' }])
    const [first, second] = screen.getAllByRole('row').slice(1)
    expect(first.textContent).toContain('消息1')
    expect(first.textContent).toContain('站点告警')
    expect(first.textContent).toContain('2026-11-22 00:30:00')
    expect(first.textContent).toContain('未读')
    expect(second.textContent).toContain('工单通知')
    expect(second.textContent).toContain('已读')
  })

  it.each([
    ['未读', '0'],
    ['已读', '1'],
  ])('the %s filter sends readStatus %s; 全部 sends none', async (tab, readStatus) => {
    const api = serve([notice(1, 0), notice(2, 1)])
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('tab', { name: tab }))
    await waitFor(() => expect(lastListCall(api)).toEqual({ pageNum: '1', pageSize: '10', readStatus }))
    await waitFor(() => expect(rowTitles()).toEqual([readStatus === '0' ? '消息1' : '消息2']))
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    await user.click(screen.getByRole('tab', { name: '全部' }))
    await waitFor(() => expect(lastListCall(api)).toEqual({ pageNum: '1', pageSize: '10' }))
  })

  it('marks the selected notices read with their ids, then reloads', async () => {
    const api = serve([notice(1), notice(2), notice(3)])
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('checkbox', { name: '选择 消息1' }))
    await user.click(screen.getByRole('checkbox', { name: '选择 消息3' }))
    await user.click(screen.getByRole('button', { name: /标记已读/ }))
    await waitFor(() => expect(posts(api, '/api/pc/doReadMsg')).toEqual([{ signRead: 1, idsList: [1, 3] }]))
    await waitFor(() => expect(listCalls(api)).toHaveLength(2))
    await waitFor(() => expect(rowStatuses()).toEqual(['已读', '未读', '已读']))
    expect(toasts()).toContain('已标记为已读')
    expect(screen.getByRole('checkbox', { name: '选择 消息1' })).toHaveAttribute('aria-checked', 'false')
  })

  it('updates the header 消息 badge at once', async () => {
    const api = serve([notice(1), notice(2)])
    api
      .on('GET', '/api/pc/getUnReadCount', () =>
        ok(api.calls.some((c) => c.path === '/api/pc/doReadMsg') ? 0 : 2),
      )
      .on('GET', '/api/appWorkOrderCommunicationRecords/getRecordCount', () => ok(0))
    useSessionFlags.setState({ showHead: true })
    useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
    const user = userEvent.setup()
    render(
      <>
        <Header />
        <NoticeList />
      </>,
    )
    expect(await screen.findByLabelText('消息 2')).toBeInTheDocument()
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: '全部已读' }))
    expect(await screen.findByLabelText('消息')).toBeInTheDocument()
  })

  it('asks to choose first when nothing is selected', async () => {
    const api = serve([notice(1)])
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: /标记已读/ }))
    await user.click(screen.getByRole('button', { name: '删除' }))
    expect(toasts()).toEqual(['请先选择消息', '请先选择消息'])
    expect(posts(api, '/api/pc/doReadMsg')).toHaveLength(0)
    expect(posts(api, '/api/pc/delMsg')).toHaveLength(0)
  })

  it('selects the whole page from the header box', async () => {
    const api = serve([notice(1), notice(2)])
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('checkbox', { name: '全选本页' }))
    await user.click(screen.getByRole('button', { name: /标记已读/ }))
    await waitFor(() => expect(posts(api, '/api/pc/doReadMsg')).toEqual([{ signRead: 1, idsList: [1, 2] }]))
  })

  it('deletes the selected notices only after confirming', async () => {
    const api = serve([notice(1), notice(2)])
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('checkbox', { name: '选择 消息2' }))
    await user.click(screen.getByRole('button', { name: '删除' }))
    expect(screen.getByText('确定删除选中的消息吗？删除后无法恢复。')).toBeInTheDocument()
    await user.click(screen.getByText('取消'))
    expect(posts(api, '/api/pc/delMsg')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: '删除' }))
    await user.click(screen.getByText('确定'))
    await waitFor(() => expect(posts(api, '/api/pc/delMsg')).toEqual([{ signRead: 1, idsList: [2] }]))
    await waitFor(() => expect(rowTitles()).toEqual(['消息1']))
    expect(toasts()).toContain('删除成功！')
  })

  it('marks all read at once, and deletes all after confirming', async () => {
    const api = serve([notice(1), notice(2, 1)])
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: '全部已读' }))
    await waitFor(() => expect(posts(api, '/api/pc/doReadMsg')).toEqual([{ signRead: 2 }]))

    await user.click(screen.getByRole('button', { name: '全部删除' }))
    expect(screen.getByText('确定删除全部消息吗？删除后无法恢复。')).toBeInTheDocument()
    await user.click(screen.getByText('确定'))
    await waitFor(() => expect(posts(api, '/api/pc/delMsg')).toEqual([{ signRead: 2 }]))
    expect(await screen.findByText('暂无数据，请重试。')).toBeInTheDocument()
  })

  it('back from a detail, loads the list again as it is now (the notice read)', async () => {
    const api = serve([notice(1), notice(2)])
    render(<NoticeList />)
    await screen.findByRole('table')
    expect(listCalls(api)).toHaveLength(1)
    // The detail, on top of the list, marks the notice read.
    act(() => mockSetShown(false))
    await act(() => noticeApi.markRead([1]))
    act(() => mockSetShown(true))
    await waitFor(() => expect(rowStatuses()).toEqual(['已读', '未读']))
    expect(listCalls(api)).toHaveLength(2)
  })

  it('shows the empty text', async () => {
    serve([])
    render(<NoticeList />)
    expect(await screen.findByText('暂无数据，请重试。')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows a failure with 重试, which loads again', async () => {
    let broken = true
    const api = serve([notice(1)])
    const list = api.on('GET', '/api/pc/messageList', () =>
      broken ? fail(500, '服务器繁忙，请稍后重试') : ok({ data: [notice(1)], total: 1, pages: 1 }),
    )
    const user = userEvent.setup()
    render(<NoticeList />)
    expect(await screen.findByText('服务器繁忙，请稍后重试')).toBeInTheDocument()
    // The list shows the failure itself: no error toast on top.
    expect(toasts()).toEqual([])
    broken = false
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('table')).toBeInTheDocument()
    expect(listCalls(list)).toHaveLength(2)
  })

  it('pages through the list and changes the page size (10/20/50/100)', async () => {
    const api = serve(Array.from({ length: 25 }, (_, i) => notice(i + 1)))
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    const pager = screen.getByRole('navigation', { name: '分页' })
    expect(pager.textContent).toContain('共 25 条')
    expect(within(pager).getByRole('button', { name: '第 3 页' })).toBeInTheDocument()
    expect(
      within(pager)
        .getAllByRole('button', { pressed: false })
        .concat(within(pager).getAllByRole('button', { pressed: true }))
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['10条/页', '20条/页', '50条/页', '100条/页']))

    await user.click(within(pager).getByRole('button', { name: '第 2 页' }))
    await waitFor(() => expect(rowTitles()[0]).toBe('消息11'))
    expect(lastListCall(api)).toEqual({ pageNum: '2', pageSize: '10' })
    await user.click(within(pager).getByRole('button', { name: '下一页' }))
    await waitFor(() => expect(rowTitles()).toEqual(['消息21', '消息22', '消息23', '消息24', '消息25']))

    await user.click(within(pager).getByRole('button', { name: '20条/页' }))
    await waitFor(() => expect(lastListCall(api)).toEqual({ pageNum: '1', pageSize: '20' }))
    await waitFor(() => expect(rowTitles()).toHaveLength(20))
    expect(within(pager).queryByRole('button', { name: '第 3 页' })).not.toBeInTheDocument()
  })

  it('goes back a page when the last rows of a page are deleted', async () => {
    const api = serve(Array.from({ length: 11 }, (_, i) => notice(i + 1)))
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: '第 2 页' }))
    await waitFor(() => expect(rowTitles()).toEqual(['消息11']))
    await user.click(screen.getByRole('checkbox', { name: '选择 消息11' }))
    await user.click(screen.getByRole('button', { name: '删除' }))
    await user.click(screen.getByText('确定'))
    await waitFor(() => expect(rowTitles()).toHaveLength(10))
    expect(lastListCall(api)).toEqual({ pageNum: '1', pageSize: '10' })
  })

  it('opens the detail of a clicked row', async () => {
    serve([notice(7)])
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    await user.click(screen.getByText('消息7'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/notices/pages/detail/index?id=7' })
  })

  it('a click on a select box does not open the notice', async () => {
    serve([notice(7)])
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('checkbox', { name: '选择 消息7' }))
    expect(Taro.navigateTo).not.toHaveBeenCalled()
  })
})

describe('notice list on phones (below 750 px)', () => {
  beforeEach(() => {
    mockDesktop = false
  })

  it('shows cards, 5 at a time, and loads more at the bottom', async () => {
    const api = serve(Array.from({ length: 7 }, (_, i) => notice(i + 1)))
    const user = userEvent.setup()
    render(<NoticeList />)
    const cards = await screen.findByRole('list', { name: '消息列表' })
    expect(within(cards).getAllByRole('listitem')).toHaveLength(5)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(listCalls(api)).toEqual([{ pageNum: '1', pageSize: '5' }])

    await user.click(screen.getByRole('button', { name: '加载更多' }))
    await waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(7))
    expect(lastListCall(api)).toEqual({ pageNum: '2', pageSize: '5' })
    expect(screen.getByText('没有更多了')).toBeInTheDocument()
  })

  it('selects cards and marks them read', async () => {
    const api = serve([notice(1), notice(2)])
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('list', { name: '消息列表' })
    await user.click(screen.getByRole('checkbox', { name: '全选' }))
    await user.click(screen.getByRole('button', { name: /标记已读/ }))
    await waitFor(() => expect(posts(api, '/api/pc/doReadMsg')).toEqual([{ signRead: 1, idsList: [1, 2] }]))
  })

  it('offers a retry when loading more fails', async () => {
    const api = serve(Array.from({ length: 7 }, (_, i) => notice(i + 1)))
    const user = userEvent.setup()
    render(<NoticeList />)
    await screen.findByRole('list', { name: '消息列表' })
    api.failNetwork('/api/pc/messageList')
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await user.click(screen.getByRole('button', { name: '加载更多' }))
    expect(await screen.findByRole('button', { name: '加载失败，点击重试' })).toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith('request failed', 'GET', '/api/pc/messageList', expect.anything())
    expect(screen.getAllByRole('listitem')).toHaveLength(5)
  })
})

// Keeps act() warnings from a last in-flight reload out of the next test.
afterEach(async () => {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
})
