// The home polls selectLatestNews every 3 s with nothing new almost every time: its answer is kept
// per addressee (account, and sub-admin or main) until the database NOTIFYs `notices_changed` with
// the account's id, on any notice written, read, popped or deleted by any instance
// (drizzle/0005_change_notifications.sql; services/shared/notified-cache.ts).
import type { LatestNotice } from '../../../src/core/contract/notices'
import type { Listen } from '../../db/notifications'
import { createNotifiedCache } from '../shared/notified-cache'

export const NOTICES_CHANNEL = 'notices_changed'

export function createLatestNoticeCache(listen?: Listen, onChange?: (accountId: number) => void) {
  return createNotifiedCache<LatestNotice | null>({
    channel: NOTICES_CHANNEL,
    listen,
    maxEntries: 20_000,
    onChange,
  })
}

export type LatestNoticeCache = ReturnType<typeof createLatestNoticeCache>
