// Unread badges go stale when a page reads or deletes notices; the header on screen listens and
// reloads them at once instead of waiting for its next 30 s refresh.
const listeners = new Set<() => void>()

/** Tells the header on screen to reload its unread badges now. */
export function refreshUnreadCounts(): void {
  listeners.forEach((listener) => listener())
}

/** Calls `reload` on each refreshUnreadCounts(); returns the unsubscribe. */
export function onUnreadCountsStale(reload: () => void): () => void {
  listeners.add(reload)
  return () => listeners.delete(reload)
}
