// The home polls selectLatestNews every 3 s and the header asks for the unread count every 30 s,
// with nothing new almost every time: both answers are kept per addressee (account, and sub-admin
// or main) until the database NOTIFYs `notices_changed` with the account's id, on any notice
// written, read, popped or deleted by any instance (drizzle/0005_change_notifications.sql;
// services/shared/notified-cache.ts).
import type { LatestNotice } from '../../../src/core/contract/notices'
import type { Listen } from '../../db/notifications'
import { createAccountCache } from '../shared/notified-cache'

export const NOTICES_CHANNEL = 'notices_changed'

/** One cached answer about an addressee's notices, each under its own key. */
export type NoticeAnswer = { latest: LatestNotice | null } | { unread: number }

export const createNoticeCache = (listen?: Listen, onChange?: (accountId: number) => void) =>
  createAccountCache<NoticeAnswer>(NOTICES_CHANNEL, listen, onChange)

export type NoticeCache = ReturnType<typeof createNoticeCache>
