import { roleLabel } from '../../../src/core/session/role'
import { onUnreadCountsStale, refreshUnreadCounts } from '../../../src/core/session/unread'

describe('session role and unread badges', () => {
  it('labels roles 管理员 and 子管理员', () => {
    expect(roleLabel(0)).toBe('管理员')
    expect(roleLabel(1)).toBe('子管理员')
  })

  it('refreshUnreadCounts reaches every listener until it unsubscribes', () => {
    const reload = jest.fn()
    const stop = onUnreadCountsStale(reload)
    refreshUnreadCounts()
    stop()
    refreshUnreadCounts()
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
