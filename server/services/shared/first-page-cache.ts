// The console asks for the first page of a list at start and whenever the list is shown again, and
// almost never finds it changed. First pages of the lists whose rows change only by being written
// (orders, notices, operation log, sub-admins, recipients) are kept per viewer and query until the
// database NOTIFYs `lists_changed` with the account's id (drizzle/0019_list_page_changes.sql), and
// forgotten at once by the instance that answers any change the account makes (app.ts onSend).
// Products and work orders (0020) also change with the clock: a product page is kept only until its
// next card could settle, a work-order page (pictures with addresses signed for a while) briefly.
import type { Listen } from '../../db/notifications'
import { createNotifiedCache, type KeepFor } from './notified-cache'
import type { PageRequest } from './paging'

export const LISTS_CHANNEL = 'lists_changed'

/** Pages kept at most (each at most MAX_CACHED_PAGE_SIZE rows); the oldest makes room. */
const MAX_PAGES = 2_000
/** Larger pages (a desktop user picking 100 a page) are read each time. */
const MAX_CACHED_PAGE_SIZE = 20

export function createFirstPageCache(
  listen?: Listen,
  onChange?: (accountId: number) => void,
  now?: () => Date,
) {
  const cache = createNotifiedCache<unknown>({
    channel: LISTS_CHANNEL,
    listen,
    maxEntries: MAX_PAGES,
    onChange,
    now,
  })
  return {
    ...cache,
    /**
     * `load()`'s answer, kept when it is a first page: `key` names the list and everything else the
     * answer depends on (the viewer's role or sub-admin, the filter, the address it links to);
     * `keepFor` bounds a page that changes with the clock.
     */
    page<T>(
      accountId: number,
      key: string,
      request: PageRequest,
      load: () => Promise<T>,
      keepFor?: KeepFor<T>,
    ): Promise<T> {
      if (request.pageNum !== 1 || request.pageSize > MAX_CACHED_PAGE_SIZE) return load()
      const pageKey = `${accountId}:${key}:${request.pageSize}`
      return cache.cached(pageKey, accountId, load, keepFor as KeepFor<unknown>) as Promise<T>
    },
  }
}

export type FirstPageCache = ReturnType<typeof createFirstPageCache>
