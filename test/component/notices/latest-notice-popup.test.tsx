import Taro from '@tarojs/taro'
import { act, render, screen } from '@testing-library/react'
import type { LatestNotice } from '../../../src/features/notices/api'
import { LatestNoticePopup } from '../../../src/features/notices/components/LatestNoticePopup'
import { onUnreadCounts, refreshUnreadCounts } from '../../../src/core/session/unread'
import { installFakeApi, ok, type FakeApi } from '../support/fake-api'

const latest: LatestNotice = { id: 42, title: '站点即将到期', type: 5, createTime: '2026-11-21T16:30:00Z' }

let next: LatestNotice | null
let api: FakeApi
const POLL_PATHS = ['/api/pc/selectLatestNews', '/api/pc/homePoll']
const polls = () => api.calls.filter((c) => POLL_PATHS.includes(c.path)).length
const pollPaths = () => api.calls.filter((c) => POLL_PATHS.includes(c.path)).map((c) => c.path)
const popped = () => api.calls.filter((c) => c.path === '/api/pc/updatePopStatus').map((c) => c.body)
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })

let visibility: DocumentVisibilityState = 'visible'
function setVisibility(state: DocumentVisibilityState) {
  visibility = state
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
})
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
  visibility = 'visible'
  next = null
  api = installFakeApi()
    .on('GET', '/api/pc/selectLatestNews', () => ok(next))
    .on('GET', '/api/pc/homePoll', () =>
      ok({ latest: next, unreadNoticeCount: 7, unreadWorkOrderRecordCount: 3 }),
    )
    .on('POST', '/api/pc/updatePopStatus', () => {
      next = null
      return ok(null)
    })
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('home: latest unread notice popup (account-area §2, §7)', () => {
  it('polls at once and every 3 s', async () => {
    render(<LatestNoticePopup />)
    await advance(0)
    expect(polls()).toBe(1)
    await advance(2999)
    expect(polls()).toBe(1)
    await advance(1)
    expect(polls()).toBe(2)
    await advance(6000)
    expect(polls()).toBe(4)
    expect(screen.queryByLabelText('新消息')).not.toBeInTheDocument()
  })

  it('pops the notice, stops polling meanwhile, and 关闭 tells the server never to pop it again', async () => {
    render(<LatestNoticePopup />)
    await advance(0)
    next = latest
    await advance(3000)
    const popup = screen.getByLabelText('新消息')
    expect(popup.textContent).toContain('站点即将到期')
    expect(popup.textContent).toContain('站点到期续费')
    expect(popup.textContent).toContain('2026-11-22 00:30:00')
    const count = polls()
    await advance(9000)
    expect(polls()).toBe(count)

    await act(async () => screen.getByText('关闭').click())
    await advance(0)
    expect(popped()).toEqual([{ id: 42 }])
    expect(screen.queryByLabelText('新消息')).not.toBeInTheDocument()
    await advance(3000)
    expect(polls()).toBeGreaterThan(count)
  })

  it('查看 opens the notice and marks it popped', async () => {
    next = latest
    render(<LatestNoticePopup />)
    await advance(0)
    await act(async () => screen.getByText('查看').click())
    await advance(0)
    expect(popped()).toEqual([{ id: 42 }])
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/notices/pages/detail/index?id=42' })
  })

  it('never pops the same notice twice, even if telling the server failed', async () => {
    api.on('POST', '/api/pc/updatePopStatus', () => ({ code: 500, message: '失败', data: null }))
    next = latest
    render(<LatestNoticePopup />)
    await advance(0)
    await act(async () => screen.getByText('关闭').click())
    await advance(6000)
    expect(polls()).toBeGreaterThan(1)
    expect(screen.queryByLabelText('新消息')).not.toBeInTheDocument()
  })

  it('stops while the browser tab is hidden and resumes when it is shown', async () => {
    render(<LatestNoticePopup />)
    await advance(0)
    setVisibility('hidden')
    const count = polls()
    await advance(30000)
    expect(polls()).toBe(count)
    setVisibility('visible')
    await advance(0)
    expect(polls()).toBe(count + 1)
  })

  it('stops when the page is left', async () => {
    const { unmount } = render(<LatestNoticePopup />)
    await advance(0)
    unmount()
    await advance(30000)
    expect(polls()).toBe(1)
  })

  it('loads the header badges with the poll: homePoll first, every 30 s and when stale, one call a tick', async () => {
    const published: unknown[] = []
    const stop = onUnreadCounts((counts) => published.push(counts))
    render(<LatestNoticePopup />)
    await advance(0)
    expect(pollPaths()).toEqual(['/api/pc/homePoll'])
    expect(published).toEqual([{ notices: 7, workOrders: 3 }])
    await advance(27000)
    expect(pollPaths().filter((p) => p === '/api/pc/homePoll')).toHaveLength(1)
    expect(polls()).toBe(10)
    await advance(3000)
    expect(pollPaths()[10]).toBe('/api/pc/homePoll')
    expect(published).toHaveLength(2)
    // A page read a notice: the next tick (not an extra call) reloads the badges.
    act(() => refreshUnreadCounts())
    expect(polls()).toBe(11)
    await advance(3000)
    expect(pollPaths()[11]).toBe('/api/pc/homePoll')
    expect(
      api.calls.filter((c) => c.path.includes('getUnReadCount') || c.path.includes('getRecordCount')),
    ).toEqual([])
    stop()
  })

  it('waits while the page runs another poll (paused)', async () => {
    const { rerender } = render(<LatestNoticePopup paused />)
    await advance(9000)
    expect(polls()).toBe(0)
    rerender(<LatestNoticePopup />)
    await advance(0)
    expect(polls()).toBe(1)
  })
})
