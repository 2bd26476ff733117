// The in-memory caches some services keep, each kept true on every instance by the database's
// change notifications: built once with the services and handed to those that read or forget
// them, started when the app is ready and stopped when it closes. Without `listen` (a test that
// builds a service alone) nothing is cached.
import type { AppContext } from '../context'
import { createSessionCache, SESSION_CHANNEL } from './auth/session-cache'
import { createNoticeCache, NOTICES_CHANNEL } from './notices/notice-cache'
import { createFirstPageCache, LISTS_CHANNEL } from './shared/first-page-cache'
import { createUnreadRepliesCache, UNREAD_REPLIES_CHANNEL } from './work-orders/unread-replies-cache'

export function createCaches({ listen, onNotified, now }: AppContext) {
  const told = (channel: string) => (id: number) => onNotified?.(channel, id)
  const sessions = createSessionCache({ listen, onChange: told(SESSION_CHANNEL) })
  const notices = createNoticeCache(listen, told(NOTICES_CHANNEL))
  const unreadReplies = createUnreadRepliesCache(listen, told(UNREAD_REPLIES_CHANNEL))
  const firstPages = createFirstPageCache(listen, told(LISTS_CHANNEL), now)
  const all = [sessions, notices, unreadReplies, firstPages]
  return {
    sessions,
    notices,
    unreadReplies,
    firstPages,
    async start() {
      for (const cache of all) await cache.start()
    },
    async stop() {
      for (const cache of all) await cache.stop()
    },
  }
}

export type Caches = ReturnType<typeof createCaches>
