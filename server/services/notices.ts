// Notices (account-area §2, §7). A notice with no sub_account_id is addressed to the main account;
// a sub-admin sees only its own.
import { and, count, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { notices } from '../db/schema'
import { ROLE } from './roles'
import type { Viewer } from './sessions'

export const UNREAD = 0

export function addressedTo(viewer: Viewer) {
  return and(
    eq(notices.accountId, viewer.accountId),
    viewer.role === ROLE.main ? isNull(notices.subAccountId) : eq(notices.subAccountId, viewer.subAccountId),
  )
}

export function createNoticeService({ db }: AppContext) {
  /** GET /api/pc/getUnReadCount: the header badge (the client caps the display at 99). */
  async function unreadCount(viewer: Viewer): Promise<number> {
    const [row] = await db
      .select({ unread: count() })
      .from(notices)
      .where(and(addressedTo(viewer), eq(notices.readStatus, UNREAD)))
    return row?.unread ?? 0
  }

  return { unreadCount }
}

export type NoticeService = ReturnType<typeof createNoticeService>
