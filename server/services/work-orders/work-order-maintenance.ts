// The maintenance service (代维管家, doc2 §3 service project, §9 prices): the account's maintenance
// orders (its valid maintenance businesses), what each still allows item by item, and the
// arithmetic of asking for items: a work order takes what it asks from the allowance, an
// adjustment gives back what it asked before and takes the new request.
import { and, eq } from 'drizzle-orm'
import {
  SERVICE_PROJECTS,
  type MaintenanceOrder,
  type ServiceProjectCode,
  type ServiceProjectItem,
  type ServiceProjectRequest,
} from '../../../src/core/contract/work-orders'
import { serviceRequestError, WORK_ORDER_MSG } from '../../../src/core/validation/work-orders'
import { businesses, maintenanceAllowances } from '../../db/schema'
import type { Database } from '../../db/client'
import { invalid } from '../shared/errors'
import { managesSites } from '../orders/order-access'
import type { Viewer } from '../shared/viewer'
import type { Db } from './work-order-rows'

const VALID_BUSINESS = 1

/** A year's allowance by edition (doc2 §9: basic 2 page edits, 100 uploads, 1 form change; standard 5, 200, 2). */
const YEARLY: Record<string, Record<ServiceProjectCode, number>> = {
  基础版: {
    pageAdjust: 2,
    contentUpload: 100,
    posterDesign: 2,
    httpsCertificate: 1,
    formFunction: 1,
    onlineMap: 1,
    seoSettings: 1,
    visitorData: 1,
  },
  标准版: {
    pageAdjust: 5,
    contentUpload: 200,
    posterDesign: 5,
    httpsCertificate: 1,
    formFunction: 2,
    onlineMap: 1,
    seoSettings: 1,
    visitorData: 1,
  },
}

const yearsBetween = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(1, Math.round((to.getTime() - from.getTime()) / (365.25 * 86_400_000))) : 1

/** getDaiweiOrderList: the viewer's maintenance orders (a sub-admin needs website management). */
export async function maintenanceOrdersOf(db: Database, viewer: Viewer): Promise<MaintenanceOrder[]> {
  if (!(await managesSites(db, viewer))) return []
  const rows = await db
    .select()
    .from(businesses)
    .where(
      and(
        eq(businesses.accountId, viewer.accountId),
        eq(businesses.isDaiweiBusiness, 1),
        eq(businesses.status, VALID_BUSINESS),
      ),
    )
    .orderBy(businesses.id)
  return rows.map((b) => ({
    orderCode: b.orderCode,
    productVersion: b.productVersion,
    websiteDomain: b.relationSecondDomain || b.secondDomain,
    termYear: yearsBetween(b.openTime, b.expireTime),
  }))
}

/** What remains of each item of a maintenance order; the allowance is written on first use. */
export async function remainingOf(
  db: Db,
  accountId: number,
  order: Pick<MaintenanceOrder, 'orderCode' | 'productVersion' | 'termYear'>,
  forUpdate = false,
): Promise<Record<ServiceProjectCode, number>> {
  const yearly = YEARLY[order.productVersion] ?? YEARLY['基础版']
  await db
    .insert(maintenanceAllowances)
    .values(
      SERVICE_PROJECTS.map((p) => ({
        accountId,
        orderCode: order.orderCode,
        code: p.code,
        remaining: p.isInputBox ? yearly[p.code] * order.termYear : yearly[p.code],
      })),
    )
    .onConflictDoNothing()
  const query = db
    .select()
    .from(maintenanceAllowances)
    .where(
      and(
        eq(maintenanceAllowances.orderCode, order.orderCode),
        eq(maintenanceAllowances.accountId, accountId),
      ),
    )
  const rows = forUpdate ? await query.for('update') : await query
  const remaining = Object.fromEntries(SERVICE_PROJECTS.map((p) => [p.code, 0])) as Record<
    ServiceProjectCode,
    number
  >
  for (const row of rows) remaining[row.code as ServiceProjectCode] = row.remaining
  return remaining
}

/** The eight items (doc2 §3) with what remains and what a request asks. */
export function serviceItems(
  remaining: Record<ServiceProjectCode, number>,
  requested: readonly ServiceProjectRequest[] | null = null,
): ServiceProjectItem[] {
  return SERVICE_PROJECTS.map((p) => {
    const asked = requested?.find((r) => r.code === p.code)?.inputNum ?? 0
    return {
      code: p.code,
      projectName: p.projectName,
      unit: p.unit,
      inputNum: asked,
      resisueNum: remaining[p.code],
      isInputBox: p.isInputBox,
      isDisplay: 1,
      isSelected: asked > 0 ? 1 : 0,
      isUpdate: 1,
    }
  })
}

/** Only the items asked for, in the catalogue's order (what a work order stores). */
export function normalisedRequest(requested: readonly ServiceProjectRequest[]): ServiceProjectRequest[] {
  return SERVICE_PROJECTS.map((p) => ({
    code: p.code,
    inputNum: requested.find((r) => r.code === p.code)?.inputNum ?? 0,
  })).filter((r) => r.inputNum > 0)
}

/**
 * An adjustment's new request: the items it names change to what it says, every item it leaves
 * out keeps what the order asked before (never given back silently).
 */
export function adjustedRequest(
  previous: readonly ServiceProjectRequest[],
  changes: readonly ServiceProjectRequest[],
): ServiceProjectRequest[] {
  const kept = previous.filter((p) => !changes.some((c) => c.code === p.code))
  return [...kept, ...changes]
}

/**
 * Takes a request from a maintenance order's allowance, giving back `previous` first (an
 * adjustment: items the request leaves out stay as they were). Refused with 服务项目请填写至少一项
 * when nothing is asked or an item asks more than remains; the caller holds the transaction.
 */
export async function takeFromAllowance(
  db: Db,
  accountId: number,
  order: Pick<MaintenanceOrder, 'orderCode' | 'productVersion' | 'termYear'>,
  requested: readonly ServiceProjectRequest[],
  previous: readonly ServiceProjectRequest[] = [],
): Promise<ServiceProjectRequest[]> {
  const codes = requested.map((r) => r.code)
  if (new Set(codes).size !== codes.length) throw invalid(WORK_ORDER_MSG.serviceProjectRequired)
  const wanted = adjustedRequest(previous, requested)
  const remaining = await remainingOf(db, accountId, order, true)
  const available = serviceItems(remaining).map((item) => ({
    ...item,
    resisueNum: item.resisueNum + (previous.find((p) => p.code === item.code)?.inputNum ?? 0),
  }))
  const error = serviceRequestError(wanted, available)
  if (error) throw invalid(error)
  for (const item of available) {
    const asked = wanted.find((r) => r.code === item.code)?.inputNum ?? 0
    const left = item.resisueNum - asked
    if (left === remaining[item.code]) continue
    await db
      .update(maintenanceAllowances)
      .set({ remaining: left })
      .where(
        and(
          eq(maintenanceAllowances.accountId, accountId),
          eq(maintenanceAllowances.orderCode, order.orderCode),
          eq(maintenanceAllowances.code, item.code),
        ),
      )
  }
  return normalisedRequest(wanted)
}
