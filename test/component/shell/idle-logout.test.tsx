import Taro from '@tarojs/taro'
import { act, renderHook } from '@testing-library/react'
import { IDLE_LIMIT_MS } from '../../../src/core/session/idle'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { useIdleLogout } from '../../../src/features/shell/hooks/useIdleLogout'
import { installFakeApi, ok } from '../support/fake-api'

beforeEach(() => {
  jest.useFakeTimers({ now: Date.UTC(2026, 10, 22, 8) })
  installFakeApi().on('GET', '/api/pc/logout', () => ok(null))
  useToasts.setState({ toasts: [] })
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
  jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('idle logout (30 minutes, checked every 2 s)', () => {
  it('logs out with the spec message once 30 minutes pass without a click', () => {
    renderHook(() => useIdleLogout(false))
    act(() => jest.advanceTimersByTime(IDLE_LIMIT_MS - 2000))
    expect(useSession.getState().token).toBe('t')
    act(() => jest.advanceTimersByTime(2000))
    expect(useSession.getState()).toMatchObject({ token: '', id: null })
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain(
      '您已经30分钟没有操作,请重新登录使用。',
    )
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
  })

  it('a click restarts the 30 minutes', () => {
    renderHook(() => useIdleLogout(false))
    act(() => jest.advanceTimersByTime(20 * 60 * 1000))
    act(() => useSession.getState().touch())
    act(() => jest.advanceTimersByTime(20 * 60 * 1000))
    expect(useSession.getState().token).toBe('t')
  })

  it('does nothing on an exempt page', () => {
    renderHook(() => useIdleLogout(true))
    act(() => jest.advanceTimersByTime(IDLE_LIMIT_MS * 2))
    expect(useSession.getState().token).toBe('t')
  })
})
