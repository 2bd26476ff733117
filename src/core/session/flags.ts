// Session-only flags (spec: session storage holds the show-head flag and the login source).
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { sessionStorage } from '../platform/session-storage'

interface SessionFlags {
  /** The common header can be hidden for a browser session, e.g. when embedded (?showHead=0). */
  showHead: boolean
  loginSource: string
  setShowHead(show: boolean): void
  setLoginSource(source: string): void
}

export const useSessionFlags = create<SessionFlags>()(
  persist(
    (set) => ({
      showHead: true,
      loginSource: '',
      setShowHead: (showHead) => set({ showHead }),
      setLoginSource: (loginSource) => set({ loginSource }),
    }),
    { name: 'mc-session-flags', storage: createJSONStorage(() => sessionStorage) },
  ),
)
