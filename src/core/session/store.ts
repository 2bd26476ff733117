// The session (spec account-area §3 "Local storage ..."): one zustand store persisted to Taro
// storage. Session-only flags (show-head, login source) live in ./flags.
import Taro from '@tarojs/taro'
import { create } from 'zustand'
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware'
import type { LoginResult, PersonalInfo } from '../contract/account'

export type { LoginResult }

/** The profile the session keeps (getPersonalInfo without what only the settings page reads). */
export type UserInfo = Omit<PersonalInfo, 'weixin' | 'referralCode' | 'url'>

/** The header's badges: unread notices and unread engineer replies (core/session/unread). */
export interface UnreadCounts {
  notices: number
  workOrders: number
}

export interface SessionState {
  token: string
  /** accountId of the current role. */
  id: number | null
  role: number
  subAccountId: number
  /** Where the session came from: 'workOrder' for work-order entry links. */
  orderSource: string
  lastClickTime: number
  userinfo: UserInfo | null
  /** The header's badges as last loaded in this session: the next page's header starts from them. */
  unread: UnreadCounts | null
}

interface SessionActions {
  signIn(result: LoginResult, source?: string): void
  setUserinfo(info: UserInfo): void
  touch(now?: number): void
  keepUnread(unread: UnreadCounts): void
  /** Clears token and id (and what derives from them); keeps nothing a later user could see. */
  clear(): void
}

const empty: SessionState = {
  token: '',
  id: null,
  role: 0,
  subAccountId: 0,
  orderSource: '',
  lastClickTime: 0,
  userinfo: null,
  unread: null,
}

/** Both profiles as the server sent them (one serialiser, the same field order), so equal JSON is equal. */
const sameProfile = (kept: UserInfo | null, next: UserInfo) =>
  kept !== null && JSON.stringify(kept) === JSON.stringify(next)

const taroStorage: StateStorage = {
  getItem: (key) => Taro.getStorageSync(key) || null,
  setItem: (key, value) => Taro.setStorageSync(key, value),
  removeItem: (key) => Taro.removeStorageSync(key),
}

export const SESSION_STORAGE_KEY = 'mc-session'

export const useSession = create<SessionState & SessionActions>()(
  persist(
    (set) => ({
      ...empty,
      signIn: (result, source = '') =>
        set({
          token: result.token,
          id: result.accountId,
          role: Number(result.role) || 0,
          subAccountId: Number(result.subAccountId) || 0,
          orderSource: source,
          lastClickTime: Date.now(),
          userinfo: null,
          unread: null,
        }),
      // Every page refreshes the cached profile at start; an answer equal to it changes nothing, so
      // nothing that shows the profile renders again.
      setUserinfo: (userinfo) =>
        set((state) =>
          sameProfile(state.userinfo, userinfo) ? state : { userinfo, role: Number(userinfo.role) || 0 },
        ),
      touch: (now = Date.now()) => set({ lastClickTime: now }),
      // The home publishes them every 3 s: the same counts write nothing.
      keepUnread: (unread) =>
        set((state) =>
          state.unread?.notices === unread.notices && state.unread.workOrders === unread.workOrders
            ? state
            : { unread },
        ),
      clear: () => set({ ...empty }),
    }),
    { name: SESSION_STORAGE_KEY, storage: createJSONStorage(() => taroStorage) },
  ),
)

export const sessionSnapshot = () => useSession.getState()
