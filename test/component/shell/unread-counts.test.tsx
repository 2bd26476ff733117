import { act, render, renderHook, screen } from '@testing-library/react'
import { publishUnreadCounts, refreshUnreadCounts } from '../../../src/core/session/unread'
import { useSessionFlags } from '../../../src/core/session/flags'
import { useSession } from '../../../src/core/session/store'
import { Header } from '../../../src/features/shell/components/Header'
import { useUnreadCounts } from '../../../src/features/shell/hooks/useUnreadCounts'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => true }))

let api: FakeApi
let visibility: DocumentVisibilityState = 'visible'
const COUNT_PATHS = ['/api/pc/getUnReadCount', '/api/appWorkOrderCommunicationRecords/getRecordCount']
const countCalls = () => api.calls.filter((c) => COUNT_PATHS.includes(c.path)).length
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })
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
  api = installFakeApi()
    .on('GET', '/api/pc/getUnReadCount', () => ok(3))
    .on('GET', '/api/appWorkOrderCommunicationRecords/getRecordCount', () => ok(1))
  useSessionFlags.setState({ showHead: true })
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('header badges: the 30 s refresh (useUnreadCounts)', () => {
  it('loads at once, every 30 s while visible, nothing while hidden, at once when shown', async () => {
    render(<Header />)
    await advance(0)
    expect(countCalls()).toBe(2)
    expect(screen.getByLabelText('消息 3')).toBeInTheDocument()
    await advance(30_000)
    expect(countCalls()).toBe(4)
    setVisibility('hidden')
    await advance(120_000)
    expect(countCalls()).toBe(4)
    setVisibility('visible')
    await advance(0)
    expect(countCalls()).toBe(6)
  })

  it('keeps the same counts object when a refresh changes nothing, so nothing renders again', async () => {
    const { result } = renderHook(() => useUnreadCounts())
    await advance(0)
    const first = result.current
    expect(first).toEqual({ notices: 3, workOrders: 1 })
    await advance(30_000)
    expect(countCalls()).toBe(4)
    expect(result.current).toBe(first)
    api.on('GET', '/api/pc/getUnReadCount', () => ok(4))
    await advance(30_000)
    expect(result.current).toEqual({ notices: 4, workOrders: 1 })
  })

  it('on a page whose poll loads the badges, sends nothing and shows what the page publishes', async () => {
    render(<Header unreadFromPage />)
    await advance(60_000)
    act(() => refreshUnreadCounts())
    await advance(0)
    expect(countCalls()).toBe(0)
    act(() => publishUnreadCounts({ notices: 5, workOrders: 2 }))
    expect(screen.getByLabelText('消息 5')).toBeInTheDocument()
    expect(screen.getByLabelText('工单 2')).toBeInTheDocument()
  })

  it("starts from the counts another page's header loaded, and renders nothing when they hold", async () => {
    const first = render(<Header />)
    await advance(0)
    first.unmount()
    expect(countCalls()).toBe(2)

    // The next page: the badges show at once and are loaded again at once.
    const renders = jest.fn()
    const { result } = renderHook(() => {
      renders()
      return useUnreadCounts()
    })
    expect(result.current).toEqual({ notices: 3, workOrders: 1 })
    const shown = result.current
    await advance(0)
    expect(countCalls()).toBe(4)
    expect(result.current).toBe(shown)
    expect(renders).toHaveBeenCalledTimes(1)

    api.on('GET', '/api/pc/getUnReadCount', () => ok(7))
    await advance(30_000)
    expect(result.current).toEqual({ notices: 7, workOrders: 1 })
    expect(useSession.getState().unread).toEqual({ notices: 7, workOrders: 1 })
  })

  it('starts from what the home published, and keeps no half-failed answer', async () => {
    act(() => publishUnreadCounts({ notices: 5, workOrders: 2 }))
    api.on('GET', '/api/appWorkOrderCommunicationRecords/getRecordCount', () => fail(500, '服务繁忙'))
    render(<Header />)
    expect(screen.getByLabelText('消息 5')).toBeInTheDocument()
    expect(screen.getByLabelText('工单 2')).toBeInTheDocument()
    await advance(0)
    // The count that came is shown; the failed one keeps what was shown; neither is kept.
    expect(screen.getByLabelText('消息 3')).toBeInTheDocument()
    expect(screen.getByLabelText('工单 2')).toBeInTheDocument()
    expect(useSession.getState().unread).toEqual({ notices: 5, workOrders: 2 })
  })

  it('shows none of the counts of the identity before a sign-in', async () => {
    const first = render(<Header />)
    await advance(0)
    first.unmount()
    useSession.getState().signIn({ token: 'u', accountId: 2, subAccountId: 0, role: 0 })
    api.on('GET', '/api/pc/getUnReadCount', () => ok(0))
    render(<Header />)
    expect(screen.getByLabelText('消息')).toBeInTheDocument()
    expect(screen.getByLabelText('工单')).toBeInTheDocument()
    await advance(0)
    expect(screen.getByLabelText('工单 1')).toBeInTheDocument()
  })

  it('keeps the same counts object when the page publishes the same badges', () => {
    const { result } = renderHook(() => useUnreadCounts(true))
    act(() => publishUnreadCounts({ notices: 5, workOrders: 2 }))
    const shown = result.current
    act(() => publishUnreadCounts({ notices: 5, workOrders: 2 }))
    expect(result.current).toBe(shown)
    act(() => publishUnreadCounts({ notices: 5, workOrders: 3 }))
    expect(result.current).toEqual({ notices: 5, workOrders: 3 })
  })
})
