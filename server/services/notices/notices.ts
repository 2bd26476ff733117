// Notices (account-area §2, §3, §7, §9). A notice with no sub_account_id is addressed to the main
// account; a sub-admin sees only its own. Every call filters by the viewer (`addressedTo`): another
// account's notice is never read, changed or revealed. Every writer goes through `storeNotice`,
// which sanitises the body, so no stored notice carries a script.
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import {
  noticeLink,
  NOTICE_LINK_FIELDS,
  NOTICE_TEXT_FIELDS,
  READ_STATUS,
  type LatestNotice,
  type NoticeDetail,
  type NoticeDetails,
  type NoticeFile,
  type NoticeItem,
  type NoticeListQuery,
  type NoticeTargetBody,
  type ReadStatus,
} from '../../../src/core/contract/notices'
import { sanitizeHtml } from '../../../src/core/format/html'
import type { AppContext } from '../../context'
import type { Database } from '../../db/client'
import { notices } from '../../db/schema'
import { invalid, notFound } from '../shared/errors'
import { createNoticeCache, type NoticeCache } from './notice-cache'
import { createFirstPageCache, type FirstPageCache } from '../shared/first-page-cache'
import { countedTotal, NO_SCOPE } from '../shared/list-counts'
import { offsetOf, pageOf, totalBeside, type Page } from '../shared/paging'
import { ROLE } from '../../../src/core/contract/account'
import { addresseeKey, type Viewer } from '../shared/viewer'

export const UNREAD = READ_STATUS.unread
export const READ = READ_STATUS.read

export const NOTICE_NOT_FOUND = '消息不存在'
export const NOTHING_SELECTED = '请先选择消息'
/** getUnReadList: the newest unread notices, at most this many. */
export const UNREAD_LIST_LIMIT = 10

export function addressedTo(viewer: Pick<Viewer, 'accountId' | 'subAccountId' | 'role'>) {
  return and(
    eq(notices.accountId, viewer.accountId),
    viewer.role === ROLE.main ? isNull(notices.subAccountId) : eq(notices.subAccountId, viewer.subAccountId),
  )
}

/** The counter keys of the viewer's notices (services/shared/list-counts.ts), in some read states. */
function countOf(viewer: Pick<Viewer, 'accountId' | 'subAccountId' | 'role'>, states?: ReadStatus[]) {
  const scope = viewer.role === ROLE.main ? NO_SCOPE : viewer.subAccountId
  return { accountId: viewer.accountId, scope, states }
}

// ---- what a notice may carry (account-area §3) ----

export interface NoticeDraft {
  accountId: number
  /** Omitted or null: addressed to the main account. */
  subAccountId?: number | null
  /** account-area §9 message type code. */
  type: number
  title: string
  templateTitle?: string
  /** HTML; sanitised before it is stored. */
  content: string
  details?: NoticeDetails
  fileList?: NoticeFile[]
  createdAt: Date
  /** Demo data only: notices written as already read or already popped. */
  readStatus?: ReadStatus
  popped?: boolean
}

const MAX_TEXT = 1000
const MAX_POINTS = 400

const text = (value: unknown, max = MAX_TEXT) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : ''

/** An address a notice may link to (contract `noticeLink`), at most MAX_TEXT long; else ''. */
export const safeLink = (value: unknown): string => noticeLink(text(value))?.url ?? ''

/** Only the known detail fields, as text; links only when safe; chart series as numbers. */
export function cleanDetails(details: NoticeDetails = {}): NoticeDetails {
  const clean: NoticeDetails = {}
  for (const key of NOTICE_TEXT_FIELDS) if (text(details[key])) clean[key] = text(details[key])
  for (const key of NOTICE_LINK_FIELDS) if (safeLink(details[key])) clean[key] = safeLink(details[key])
  if (details.msgType !== undefined && text(details.msgType)) clean.msgType = details.msgType
  if (Array.isArray(details.xDate)) {
    clean.xDate = details.xDate.slice(0, MAX_POINTS).map((d) => text(d, 32))
    clean.pvList = (details.pvList ?? []).slice(0, MAX_POINTS).map((n) => Number(n) || 0)
    clean.uvList = (details.uvList ?? []).slice(0, MAX_POINTS).map((n) => Number(n) || 0)
  }
  return clean
}

export function cleanFiles(files: NoticeFile[] = []): NoticeFile[] {
  return files.flatMap((file) => {
    const fileUrl = safeLink(file?.fileUrl)
    if (!fileUrl) return []
    return [
      {
        fileUrl,
        fileName: text(file.fileName, 128),
        filetype: text(file.filetype, 16),
        isPhoto: Number(file.isPhoto) === 1 ? 1 : 0,
      },
    ]
  })
}

type Writer = Pick<Database, 'insert'>

/**
 * The one way a notice is written (seeds, and any service that notifies an account, e.g. on
 * sub-admin creation or payment): the body is sanitised with the xss package, details and
 * attachments are reduced to the known fields. Returns the new id.
 */
export async function storeNotice(db: Writer, draft: NoticeDraft): Promise<number> {
  const [row] = await db
    .insert(notices)
    .values({
      accountId: draft.accountId,
      subAccountId: draft.subAccountId ?? null,
      type: draft.type,
      title: text(draft.title, 128),
      templateTitle: text(draft.templateTitle, 128),
      content: sanitizeHtml(draft.content),
      details: cleanDetails(draft.details),
      attachments: cleanFiles(draft.fileList) as unknown as Record<string, unknown>[],
      readStatus: draft.readStatus ?? UNREAD,
      popped: draft.popped ?? false,
      createdAt: draft.createdAt,
    })
    .returning({ id: notices.id })
  return row.id
}

// ---- answers ----

type NoticeRow = typeof notices.$inferSelect

const readStatusOf = (value: number): ReadStatus => (value === READ ? READ : UNREAD)

const item = (row: NoticeRow): NoticeItem => ({
  id: row.id,
  type: row.type,
  title: row.title,
  templateTitle: row.templateTitle,
  content: row.content,
  readStatus: readStatusOf(row.readStatus),
  readState: readStatusOf(row.readStatus),
  createTime: row.createdAt.toISOString(),
})

/** §3: the detail fields sit on the notice itself, next to id, title and content. */
const detail = (row: NoticeRow): NoticeDetail => ({
  ...(row.details as NoticeDetails),
  ...item(row),
  fileList: row.attachments as unknown as NoticeFile[],
})

const newestFirst = [desc(notices.createdAt), desc(notices.id)]

export function createNoticeService(
  { db, now }: AppContext,
  {
    noticeCache = createNoticeCache(),
    firstPages = createFirstPageCache(),
  }: { noticeCache?: NoticeCache; firstPages?: FirstPageCache } = {},
) {
  function targeted(viewer: Viewer, target: NoticeTargetBody): SQL | undefined {
    if (target.signRead === 2) return addressedTo(viewer)
    const ids = [...new Set(target.idsList ?? [])]
    if (!ids.length) throw invalid(NOTHING_SELECTED)
    return and(addressedTo(viewer), inArray(notices.id, ids))
  }

  /** GET /api/pc/messageList: newest first, optionally only read or unread. */
  function list(viewer: Viewer, request: NoticeListQuery): Promise<Page<NoticeItem>> {
    const key = `notices:${addresseeKey(viewer)}:${request.readStatus ?? 'all'}`
    return firstPages.page(viewer.accountId, key, request, () => read(viewer, request))
  }

  async function read(viewer: Viewer, request: NoticeListQuery): Promise<Page<NoticeItem>> {
    const where = and(
      addressedTo(viewer),
      request.readStatus === undefined ? undefined : eq(notices.readStatus, request.readStatus),
    )
    const states = request.readStatus === undefined ? undefined : [request.readStatus]
    const rows = await db
      .select()
      .from(notices)
      .where(where)
      .orderBy(...newestFirst)
      .limit(request.pageSize)
      .offset(offsetOf(request))
    const total = await totalBeside(rows.length, request, () =>
      countedTotal(db, 'notices', countOf(viewer, states)),
    )
    return pageOf(rows.map(item), total, request)
  }

  /** GET /api/pc/selectMessageInfoById: the notice with its detail fields; reading marks it read. */
  async function open(viewer: Viewer, id: number): Promise<NoticeDetail> {
    const [row] = await db
      .update(notices)
      .set({ readStatus: READ })
      .where(and(addressedTo(viewer), eq(notices.id, id)))
      .returning()
    if (!row) throw notFound(NOTICE_NOT_FOUND)
    noticeCache.forget(viewer.accountId)
    // A GET that writes: the pages are not forgotten by the app's hook for changes.
    firstPages.forget(viewer.accountId)
    return detail(row)
  }

  /** POST /api/pc/doReadMsg. Ids of notices not addressed to the viewer are ignored. */
  async function markRead(viewer: Viewer, target: NoticeTargetBody): Promise<number> {
    const changed = await db
      .update(notices)
      .set({ readStatus: READ })
      .where(and(targeted(viewer, target), eq(notices.readStatus, UNREAD)))
      .returning({ id: notices.id })
    noticeCache.forget(viewer.accountId)
    return changed.length
  }

  /** POST /api/pc/delMsg. Ids of notices not addressed to the viewer are ignored. */
  async function remove(viewer: Viewer, target: NoticeTargetBody): Promise<number> {
    const removed = await db.delete(notices).where(targeted(viewer, target)).returning({ id: notices.id })
    noticeCache.forget(viewer.accountId)
    return removed.length
  }

  /** GET /api/pc/getUnReadCount: the header badge (the client caps the display at 99). */
  async function unreadCount(viewer: Viewer): Promise<number> {
    const answer = await noticeCache.cached(`unread:${addresseeKey(viewer)}`, viewer.accountId, async () => ({
      unread: await countedTotal(db, 'notices', countOf(viewer, [UNREAD])),
    }))
    return 'unread' in answer ? answer.unread : 0
  }

  /** GET /api/pc/getUnReadList: the newest unread notices. */
  async function unreadList(viewer: Viewer): Promise<NoticeItem[]> {
    const rows = await db
      .select()
      .from(notices)
      .where(and(addressedTo(viewer), eq(notices.readStatus, UNREAD)))
      .orderBy(...newestFirst)
      .limit(UNREAD_LIST_LIMIT)
    return rows.map(item)
  }

  /** GET /api/pc/selectLatestNews (home polls it every 3 s): the newest unread notice not yet popped. */
  async function latest(viewer: Viewer): Promise<LatestNotice | null> {
    const answer = await noticeCache.cached(`latest:${addresseeKey(viewer)}`, viewer.accountId, async () => ({
      latest: await readLatest(viewer),
    }))
    return 'latest' in answer ? answer.latest : null
  }

  async function readLatest(viewer: Viewer): Promise<LatestNotice | null> {
    const [row] = await db
      .select({
        id: notices.id,
        type: notices.type,
        title: notices.title,
        templateTitle: notices.templateTitle,
        createdAt: notices.createdAt,
      })
      .from(notices)
      .where(and(addressedTo(viewer), eq(notices.readStatus, UNREAD), eq(notices.popped, false)))
      .orderBy(...newestFirst)
      .limit(1)
    if (!row) return null
    const { createdAt, ...rest } = row
    return { ...rest, createTime: createdAt.toISOString() }
  }

  /** POST /api/pc/updatePopStatus: the popup was shown; selectLatestNews skips it from now on. */
  async function markPopped(viewer: Viewer, id: number): Promise<void> {
    const changed = await db
      .update(notices)
      .set({ popped: true })
      .where(and(addressedTo(viewer), eq(notices.id, id)))
      .returning({ id: notices.id })
    noticeCache.forget(viewer.accountId)
    if (!changed.length) throw notFound(NOTICE_NOT_FOUND)
  }

  /** Notifies an account (or one of its sub-admins) now; see storeNotice. */
  async function notify(draft: Omit<NoticeDraft, 'createdAt' | 'readStatus' | 'popped'>) {
    const id = await storeNotice(db, { ...draft, createdAt: now() })
    noticeCache.forget(draft.accountId)
    return id
  }

  return { list, open, markRead, remove, unreadCount, unreadList, latest, markPopped, notify }
}

export type NoticeService = ReturnType<typeof createNoticeService>
