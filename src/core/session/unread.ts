// Unread badges go stale when a page reads or deletes notices; the header on screen listens and
// reloads them at once instead of waiting for its next 30 s refresh. On the home the badges come with
// the home's own poll (GET /api/pc/homePoll): it publishes them here and the header only listens.
// The counts last loaded are kept in the session, so the next page's header starts from them
// instead of from none.
import { onOtherTabs, tellOtherTabs } from '../platform/tab-channel'
import { useSession, type UnreadCounts } from './store'

export type { UnreadCounts }

const listeners = new Set<() => void>()
/** What one tab tells the others when its unread counts changed. */
const STALE = 'unread-counts-stale'
let stopListeningToTabs: (() => void) | null = null

/** How often the header's badges are refreshed, by the header itself or by the home's poll. */
export const UNREAD_REFRESH_MS = 30000

/** Keeps what was just loaded for the next page's header (a new sign-in starts with none). */
export function keepUnreadCounts(counts: UnreadCounts): void {
  useSession.getState().keepUnread({ notices: counts.notices, workOrders: counts.workOrders })
}

/** The counts last loaded in this session; null before any. */
export function keptUnreadCounts(): UnreadCounts | null {
  return useSession.getState().unread
}

/** Tells the header on screen, and the headers of the console's other tabs, to reload the badges now. */
export function refreshUnreadCounts(): void {
  listeners.forEach((listener) => listener())
  tellOtherTabs(STALE)
}

/** Calls `reload` on each refreshUnreadCounts() of this tab or another; returns the unsubscribe. */
export function onUnreadCountsStale(reload: () => void): () => void {
  listeners.add(reload)
  stopListeningToTabs ??= onOtherTabs((message) => {
    if (message === STALE) listeners.forEach((listener) => listener())
  })
  return () => {
    listeners.delete(reload)
    if (listeners.size === 0) {
      stopListeningToTabs?.()
      stopListeningToTabs = null
    }
  }
}

const countListeners = new Set<(counts: UnreadCounts) => void>()

/** Hands the badges a page's own poll loaded to the header that listens for them. */
export function publishUnreadCounts(counts: UnreadCounts): void {
  keepUnreadCounts(counts)
  countListeners.forEach((listener) => listener(counts))
}

/** Calls `show` with each publishUnreadCounts(); returns the unsubscribe. */
export function onUnreadCounts(show: (counts: UnreadCounts) => void): () => void {
  countListeners.add(show)
  return () => countListeners.delete(show)
}
