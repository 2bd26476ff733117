// Work orders (doc2 §2, §4, §7). A main account sees all of its account's orders; a sub-admin
// only the ones it submitted; another account's id is answered exactly like a missing one. This
// file holds the reads (list, count, detail, badge, evaluation link) and wires the other parts:
// templates, creation, actions, maintenance items (work-order-*.ts, which never import this one).
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm'
import {
  EVALUATION_CUTOFF,
  FILE_TYPE,
  WORK_ORDER_STATUS,
  type MyWorkOrderQuery,
  type ServiceProjectItem,
  type WaitFinishWorkOrder,
  type WorkOrderDetail,
  type WorkOrderEvaluation,
  type WorkOrderFile,
  type WorkOrderStatus,
} from '../../../src/core/contract/work-orders'
import { maskPhone } from '../../../src/core/format/mask'
import { isImageFile, WORK_ORDER_MSG } from '../../../src/core/validation/work-orders'
import type { AppContext } from '../../context'
import type { Notifier } from '../notifications/notifier'
import { members, subAccounts, uploadedFiles, workOrderRecords, workOrders } from '../../db/schema'
import { invalid, INVALID_PARAMS, notFound } from '../shared/errors'
import { evaluatePath, surveyLink } from '../evaluations/evaluations'
import { countedTotal } from '../shared/list-counts'
import { ROLE } from '../../../src/core/contract/account'
import { addresseeKey, type Viewer } from '../shared/viewer'
import { createUnreadRepliesCache, type UnreadRepliesCache } from './unread-replies-cache'
import { createWorkOrderActions } from './work-order-actions'
import { createWorkOrderCreation, openMaintenanceWorkOrder } from './work-order-create'
import { maintenanceOrdersOf, remainingOf, serviceItems } from './work-order-maintenance'
import {
  fileOf,
  findOwned,
  ownedBy,
  RECORD_ROLE,
  recordOf,
  summaryOf,
  type WorkOrderRow,
} from './work-order-rows'
import { labelledFields, listTemplates } from './work-order-templates'
import { pageOf, offsetOf, totalOfShortPage, type Page } from '../shared/paging'
import { createFirstPageCache, type FirstPageCache } from '../shared/first-page-cache'
import { FILE_URL_TTL_SECONDS } from './file-urls'

export { ownedBy, RECORD_ROLE } from './work-order-rows'

const BEIJING = '+08:00'
const DAY_MS = 86_400_000

/** A YYYY-MM-DD Beijing day's first instant, or a 非法参数 refusal for a day that does not exist. */
function beijingDay(text: string): Date {
  const day = new Date(`${text}T00:00:00${BEIJING}`)
  const roundTrip = new Date(day.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
  if (Number.isNaN(day.getTime()) || roundTrip !== text) throw invalid(INVALID_PARAMS)
  return day
}

/** `status` as one status or a comma-separated list (IN_SERVICE_STATUS_QUERY). */
export function statusesOf(text: string | number | undefined): WorkOrderStatus[] | null {
  if (text === undefined || text === '') return null
  return [...new Set(String(text).split(',').map(Number))] as WorkOrderStatus[]
}

/** LIKE text with its wildcards taken literally. */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A filter by text or date, beyond the status tabs. */
const isSearch = (query: WorkOrderFilter) =>
  [query.orderNum, query.description, query.keyword].some((text) => text?.trim()) ||
  Boolean(query.submitTimeStartDate || query.submitTimeEndDate)

/** How long a first page is kept (list()). */
const LIST_KEPT_MS = (FILE_URL_TTL_SECONDS * 1000) / 3

/** The list's filters; `status` as the query carries it (a status or a list). */
export type WorkOrderFilter = Omit<MyWorkOrderQuery, 'pageNum' | 'pageSize'>

export function createWorkOrderService(
  ctx: AppContext,
  {
    notifier,
    unreadReplies = createUnreadRepliesCache(),
    firstPages = createFirstPageCache(),
  }: {
    notifier?: Pick<Notifier, 'send'>
    unreadReplies?: UnreadRepliesCache
    firstPages?: FirstPageCache
  } = {},
) {
  const { db, config, now } = ctx
  const creation = createWorkOrderCreation(ctx)
  const actions = createWorkOrderActions(ctx, { notifier, unreadReplies })

  function filterOf(viewer: Viewer, query: WorkOrderFilter): SQL {
    const conditions: (SQL | undefined)[] = [ownedBy(viewer)]
    const statuses = statusesOf(query.status)
    if (statuses) conditions.push(inArray(workOrders.status, statuses))
    if (query.orderNum?.trim()) conditions.push(ilike(workOrders.number, literal(query.orderNum.trim())))
    if (query.description?.trim())
      conditions.push(ilike(workOrders.description, literal(query.description.trim())))
    if (query.keyword?.trim()) {
      const pattern = literal(query.keyword.trim())
      conditions.push(or(ilike(workOrders.number, pattern), ilike(workOrders.description, pattern)))
    }
    const start = query.submitTimeStartDate ? beijingDay(query.submitTimeStartDate) : null
    const end = query.submitTimeEndDate ? beijingDay(query.submitTimeEndDate) : null
    if (start && end && start > end) throw invalid(WORK_ORDER_MSG.dateRangeReversed)
    if (start) conditions.push(gte(workOrders.createdAt, start))
    if (end) conditions.push(lt(workOrders.createdAt, new Date(end.getTime() + DAY_MS)))
    return and(...conditions)!
  }

  /**
   * How many work orders match: the counters answer for the status filter alone (list_counts keeps
   * one per account, submitter and status); a text or date filter is counted. Neither is asked when
   * the page already shows where the list ends (`shown`: paging.ts totalOfShortPage).
   */
  async function totalOf(viewer: Viewer, query: WorkOrderFilter, where: SQL, shown: number | null = null) {
    if (shown !== null) return shown
    if (!isSearch(query)) {
      return countedTotal(db, 'work_orders', {
        accountId: viewer.accountId,
        scope: viewer.role === ROLE.main ? undefined : viewer.subAccountId,
        states: statusesOf(query.status) ?? undefined,
      })
    }
    const [{ total }] = await db.select({ total: count() }).from(workOrders).where(where)
    return total
  }

  /** Unread engineer replies by work order. */
  async function unreadOf(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map()
    const rows = await db
      .select({ id: workOrderRecords.workOrderId, unread: count() })
      .from(workOrderRecords)
      .where(
        and(
          inArray(workOrderRecords.workOrderId, ids),
          eq(workOrderRecords.role, RECORD_ROLE.engineerReply),
          eq(workOrderRecords.looked, false),
        ),
      )
      .groupBy(workOrderRecords.workOrderId)
    return new Map(rows.map((r) => [r.id, r.unread]))
  }

  /**
   * GET getMyWorkOrderList: newest first. The first page by status alone (the list as it opens and
   * each status tab) is kept, for a third of its picture addresses' lifetime: an address it hands out
   * stays valid long enough to open. A text or date search is read each time.
   */
  function list(viewer: Viewer, query: MyWorkOrderQuery): Promise<Page<ReturnType<typeof summaryOf>>> {
    if (isSearch(query)) return read(viewer, query)
    const key = `work-orders:${addresseeKey(viewer)}:${query.status ?? ''}`
    return firstPages.page(viewer.accountId, key, query, () => read(viewer, query), LIST_KEPT_MS)
  }

  async function read(viewer: Viewer, query: MyWorkOrderQuery): Promise<Page<ReturnType<typeof summaryOf>>> {
    const where = filterOf(viewer, query)
    const rows = await db
      .select()
      .from(workOrders)
      .where(where)
      .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
      .limit(query.pageSize)
      .offset(offsetOf(query))
    const total = await totalOf(viewer, query, where, totalOfShortPage(rows.length, query))
    const ids = rows.map((r) => r.id)
    const [unread, images] = await Promise.all([unreadOf(ids), imagesOf(ids)])
    return pageOf(
      rows.map((r) => ({ ...summaryOf(r, unread.get(r.id) ?? 0), images: images.get(r.id) ?? [] })),
      total,
      query,
    )
  }

  /** The pictures each work order was submitted with (signed), for the list's preview (doc2 §2). */
  async function imagesOf(ids: number[]): Promise<Map<number, WorkOrderFile[]>> {
    if (ids.length === 0) return new Map()
    const at = now()
    const files = await db
      .select()
      .from(uploadedFiles)
      .where(
        and(
          inArray(uploadedFiles.workOrderId, ids),
          isNull(uploadedFiles.recordId),
          eq(uploadedFiles.fileType, FILE_TYPE.general),
        ),
      )
      .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.id))
    const byOrder = new Map<number, WorkOrderFile[]>()
    for (const file of files) {
      if (!isImageFile(file.fileName) || file.workOrderId === null) continue
      const list = byOrder.get(file.workOrderId) ?? []
      list.push(fileOf(config.fileUrlSecret, at, file))
      byOrder.set(file.workOrderId, list)
    }
    return byOrder
  }

  /** GET getMyWorkOrderCount: the viewer's work orders in the statuses asked (all without one). */
  async function countOf(viewer: Viewer, status?: string): Promise<number> {
    return totalOf(viewer, { status }, filterOf(viewer, { status }))
  }

  /** GET /api/appWorkOrderCommunicationRecords/getRecordCount: engineer replies not yet looked at. */
  function unreadRecordCount(viewer: Viewer): Promise<number> {
    return unreadReplies.cached(addresseeKey(viewer), viewer.accountId, () => readUnreadRecordCount(viewer))
  }

  async function readUnreadRecordCount(viewer: Viewer): Promise<number> {
    const [row] = await db
      .select({ unread: count() })
      .from(workOrderRecords)
      .innerJoin(workOrders, eq(workOrders.id, workOrderRecords.workOrderId))
      .where(
        and(
          ownedBy(viewer),
          eq(workOrderRecords.role, RECORD_ROLE.engineerReply),
          eq(workOrderRecords.looked, false),
        ),
      )
    return row?.unread ?? 0
  }

  async function serviceItemsOf(row: WorkOrderRow): Promise<ServiceProjectItem[] | null> {
    if (!row.orderCode || row.serviceProject === null) return null
    const remaining = await remainingOf(db, row.accountId, {
      orderCode: row.orderCode,
      productVersion: row.productVersion ?? '',
      termYear: row.termYear ?? 1,
    })
    return serviceItems(remaining, row.serviceProject)
  }

  /** GET getWorkDetail: fields, files (signed addresses), records oldest first. */
  async function detail(viewer: Viewer, id: number): Promise<WorkOrderDetail> {
    const row = await findOwned(db, viewer, id)
    const at = now()
    const files = await db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.workOrderId, row.id))
      .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.id))
    const signed = (file: (typeof files)[number]) => fileOf(config.fileUrlSecret, at, file)
    const own = (type: number): WorkOrderFile[] =>
      files.filter((f) => f.recordId === null && f.fileType === type).map(signed)
    const records = await db
      .select({ record: workOrderRecords, phone: members.phone })
      .from(workOrderRecords)
      .leftJoin(members, eq(members.id, workOrderRecords.memberId))
      .where(eq(workOrderRecords.workOrderId, row.id))
      .orderBy(asc(workOrderRecords.createdAt), asc(workOrderRecords.id))
    const items = await serviceItemsOf(row)
    const unread = records.filter(
      (r) => r.record.role === RECORD_ROLE.engineerReply && !r.record.looked,
    ).length
    return {
      ...summaryOf(row, unread),
      source: row.source,
      templateId: row.templateId,
      taskName: row.taskName,
      productVersion: row.productVersion,
      termYear: row.termYear,
      orderCode: row.orderCode,
      acWorkOrderDataPos: await labelledFields(
        db,
        row.templateId,
        [...row.dataFields].sort((a, b) => a.sort - b.sort),
      ),
      acWorkOrderFilePos: own(FILE_TYPE.general),
      licenseList: own(FILE_TYPE.businessLicense),
      identityList: own(FILE_TYPE.identity),
      recordsDtos: records.map(({ record, phone }) => ({
        ...recordOf(record, files.filter((f) => f.recordId === record.id).map(signed), phone, maskPhone),
        serviceProject:
          record.serviceProject && items
            ? items.map((item) => {
                const asked = record.serviceProject?.find((r) => r.code === item.code)?.inputNum ?? 0
                return { ...item, inputNum: asked, isSelected: asked > 0 ? 1 : 0 }
              })
            : null,
      })),
      serviceProject: items,
      urgedAt: row.urgedAt?.toISOString() ?? null,
    }
  }

  /** GET getIsExistWaitFinishWorkOrder (account-wide; the id only when the viewer may open it). */
  async function waitFinish(viewer: Viewer): Promise<WaitFinishWorkOrder> {
    const open = await openMaintenanceWorkOrder(db, viewer.accountId)
    if (!open) return { exist: false, workOrderId: null, number: null, submittedBy: null }
    const visible = viewer.role === ROLE.main || open.subAccountId === viewer.subAccountId
    // A sub-admin blocked by another's order learns which one and who can confirm it.
    const [submitter] = open.subAccountId
      ? await db
          .select({ fullName: subAccounts.fullName })
          .from(subAccounts)
          .where(and(eq(subAccounts.id, open.subAccountId), eq(subAccounts.accountId, viewer.accountId)))
      : []
    return {
      exist: true,
      workOrderId: visible ? open.id : null,
      number: open.number,
      submittedBy: submitter?.fullName ?? null,
    }
  }

  /**
   * GET judgeIsEvalaute: a finished (3) order updated since the cutoff gets its survey link, made
   * on first ask; otherwise null (doc2 §4).
   */
  async function evaluation(viewer: Viewer, workId: number): Promise<WorkOrderEvaluation | null> {
    const row = await findOwned(db, viewer, workId)
    if (row.status !== WORK_ORDER_STATUS.completed) return null
    if (row.updatedAt.getTime() < Date.parse(EVALUATION_CUTOFF)) return null
    const survey = await surveyLink(db, row.accountId, { workOrderId: row.id }, now())
    return { evaluateStatus: survey.evaluateStatus, url: evaluatePath(survey.uuId) }
  }

  /** websiteButler/getServiceProjectList: the items of one of the viewer's maintenance orders. */
  async function serviceProjectList(viewer: Viewer, orderCode: string): Promise<ServiceProjectItem[]> {
    const order = (await maintenanceOrdersOf(db, viewer)).find((o) => o.orderCode === orderCode)
    if (!order) throw notFound('订单不存在')
    return serviceItems(await remainingOf(db, viewer.accountId, order))
  }

  /** websiteButler/getWebsiteDomainByDaiweiOrder: the site a maintenance order looks after. */
  async function maintenanceDomains(viewer: Viewer, orderCode: string): Promise<string[]> {
    return (await maintenanceOrdersOf(db, viewer))
      .filter((o) => o.orderCode === orderCode)
      .map((o) => o.websiteDomain)
  }

  return {
    templates: (workType: number, state: number) => listTemplates(db, workType, state),
    orderList: creation.orderList,
    newOrderList: creation.newOrderList,
    create: creation.create,
    list,
    count: countOf,
    unreadRecordCount,
    detail,
    waitFinish,
    evaluation,
    maintenanceOrders: (viewer: Viewer) => maintenanceOrdersOf(db, viewer),
    maintenanceDomains,
    serviceProjectList,
    ...actions,
  }
}

export type WorkOrderService = ReturnType<typeof createWorkOrderService>
