// Unread badges go stale when a page reads or deletes notices; the header on screen listens and
// reloads them at once instead of waiting for its next 30 s refresh. On the home the badges come with
// the home's own poll (GET /api/pc/homePoll): it publishes them here and the header only listens.
const listeners = new Set<() => void>()

export interface UnreadCounts {
  notices: number
  workOrders: number
}

/** How often the header's badges are refreshed, by the header itself or by the home's poll. */
export const UNREAD_REFRESH_MS = 30000

/** Tells the header on screen to reload its unread badges now. */
export function refreshUnreadCounts(): void {
  listeners.forEach((listener) => listener())
}

/** Calls `reload` on each refreshUnreadCounts(); returns the unsubscribe. */
export function onUnreadCountsStale(reload: () => void): () => void {
  listeners.add(reload)
  return () => listeners.delete(reload)
}

const countListeners = new Set<(counts: UnreadCounts) => void>()

/** Hands the badges a page's own poll loaded to the header that listens for them. */
export function publishUnreadCounts(counts: UnreadCounts): void {
  countListeners.forEach((listener) => listener(counts))
}

/** Calls `show` with each publishUnreadCounts(); returns the unsubscribe. */
export function onUnreadCounts(show: (counts: UnreadCounts) => void): () => void {
  countListeners.add(show)
  return () => countListeners.delete(show)
}
