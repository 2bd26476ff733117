// The role's label, and the unread badges: the stale signal, and the counts a session keeps for the
// next page's header.
jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-storage').taroStorageModule)

import { roleLabel } from '../../../src/core/session/role'
import { useSession } from '../../../src/core/session/store'
import {
  keepUnreadCounts,
  keptUnreadCounts,
  onUnreadCounts,
  onUnreadCountsStale,
  publishUnreadCounts,
  refreshUnreadCounts,
} from '../../../src/core/session/unread'
import { storage as mockStorage } from '../support/taro-storage'

const signIn = (accountId: number) =>
  useSession.getState().signIn({ token: `token-${accountId}`, accountId, subAccountId: 0, role: 0 })

beforeEach(() => {
  mockStorage.clear()
  signIn(1)
})

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

  it('keeps the counts last loaded in the persisted session', () => {
    expect(keptUnreadCounts()).toBeNull()
    keepUnreadCounts({ notices: 3, workOrders: 1 })
    expect(keptUnreadCounts()).toEqual({ notices: 3, workOrders: 1 })
    expect(mockStorage.get('mc-session')).toContain('"unread":{"notices":3,"workOrders":1}')
  })

  it('keeps what the home publishes, as it hands it to the header', () => {
    const show = jest.fn()
    const stop = onUnreadCounts(show)
    publishUnreadCounts({ notices: 5, workOrders: 2 })
    stop()
    expect(show).toHaveBeenCalledWith({ notices: 5, workOrders: 2 })
    expect(keptUnreadCounts()).toEqual({ notices: 5, workOrders: 2 })
  })

  it('forgets them when the session ends or another identity signs in', () => {
    keepUnreadCounts({ notices: 3, workOrders: 1 })
    signIn(2)
    expect(keptUnreadCounts()).toBeNull()
    keepUnreadCounts({ notices: 3, workOrders: 1 })
    useSession.getState().clear()
    expect(keptUnreadCounts()).toBeNull()
  })
})
