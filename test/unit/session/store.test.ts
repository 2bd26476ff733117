// The session store's profile: a page's start-up refresh that brings the same profile back must not
// wake what shows it; a changed one must.
jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-storage').taroStorageModule)

import { storage as mockStorage } from '../support/taro-storage'
import { useSession, type UserInfo } from '../../../src/core/session/store'

const profile = (changes: Partial<UserInfo> = {}) =>
  ({
    memberId: 11,
    memberAccount: 'zhang',
    userName: '张三',
    role: 1,
    phone: '13800000001',
    ...changes,
  }) as UserInfo

beforeEach(() => {
  mockStorage.clear()
  useSession.getState().clear()
})

describe('session store: setUserinfo', () => {
  it('keeps the profile and its role', () => {
    useSession.getState().setUserinfo(profile({ role: 0 }))
    expect(useSession.getState().userinfo).toEqual(profile({ role: 0 }))
    expect(useSession.getState().role).toBe(0)
  })

  it('notifies no one when the refreshed profile equals the kept one', () => {
    useSession.getState().setUserinfo(profile())
    const kept = useSession.getState().userinfo
    const listener = jest.fn()
    const unsubscribe = useSession.subscribe(listener)
    useSession.getState().setUserinfo(profile())
    unsubscribe()
    expect(listener).not.toHaveBeenCalled()
    expect(useSession.getState().userinfo).toBe(kept)
  })

  it('replaces the profile and the role when a field changed', () => {
    useSession.getState().setUserinfo(profile())
    const listener = jest.fn()
    const unsubscribe = useSession.subscribe(listener)
    useSession.getState().setUserinfo(profile({ userName: '李四', role: 0 }))
    unsubscribe()
    expect(listener).toHaveBeenCalledTimes(1)
    expect(useSession.getState().userinfo?.userName).toBe('李四')
    expect(useSession.getState().role).toBe(0)
  })

  it('stores the first profile of a session', () => {
    const listener = jest.fn()
    const unsubscribe = useSession.subscribe(listener)
    useSession.getState().setUserinfo(profile())
    unsubscribe()
    expect(listener).toHaveBeenCalledTimes(1)
    expect(JSON.parse(mockStorage.get('mc-session') ?? '{}')).toMatchObject({
      state: { userinfo: { memberId: 11 } },
    })
  })
})
