// The header asks every 30 s (the home with its 3 s poll) how many engineer replies are unread,
// with nothing new almost every time: the count is kept per addressee (account, and sub-admin or
// main) until the database NOTIFYs `work_order_replies_changed` with the account's id, on any reply
// written, looked at or deleted and any work order deleted or moved, by any instance
// (drizzle/0018_work_order_changes.sql, its function shared with lists_changed in 0020;
// services/shared/notified-cache.ts).
import type { Listen } from '../../db/notifications'
import { createAccountCache } from '../shared/notified-cache'

export const UNREAD_REPLIES_CHANNEL = 'work_order_replies_changed'

export const createUnreadRepliesCache = (listen?: Listen, onChange?: (accountId: number) => void) =>
  createAccountCache<number>(UNREAD_REPLIES_CHANNEL, listen, onChange)

export type UnreadRepliesCache = ReturnType<typeof createUnreadRepliesCache>
