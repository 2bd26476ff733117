// 注销账号 rules shared by the dialog and the reference server: the blocker list (its texts and the
// pages that fix each), the 7-day cooling-off and the messages.
import { BLOCKER_KIND, type BlockerKind, type CancellationBlocker } from '../contract/cancellation'

/** 注销中 lasts this long; a login meanwhile can withdraw. */
export const COOLING_OFF_DAYS = 7
const DAY_MS = 24 * 3_600_000

export const CANCELLATION_MSG = {
  blocked: '账号下还有未处理的事项，请处理后再注销',
  requested: '已提交注销申请，账号将在7天后注销',
  alreadyRequested: '账号已在注销中',
  otherRolesUnconfirmed: '请先确认：你同时是其他账号的子管理员',
  withdrawn: '已撤销注销',
  notPending: '账号未在注销中',
  // A sub-admin's leaving answers as it always has.
  left: '账号已注销',
  noOrders: '账号注销中，不能下单，请先撤销注销',
  noSubAdmins: '账号注销中，不能添加子管理员，请先撤销注销',
} as const

const BLOCKER_TEXT: Record<BlockerKind, (count: number) => string> = {
  products: (n) => `有${n}个未到期的产品`,
  unpaidOrders: (n) => `有${n}个未支付的订单`,
  refundingOrders: (n) => `有${n}个退款中的订单`,
  workOrders: (n) => `有${n}个处理中的工单`,
  invoices: (n) => `有${n}个申请中或换开中的发票`,
  contracts: (n) => `有${n}个签署中的合同`,
  subAdmins: (n) => `有${n}个子管理员`,
}

const BLOCKER_PATH: Record<BlockerKind, string> = {
  products: '/index',
  unpaidOrders: '/orderlist',
  refundingOrders: '/orderlist',
  workOrders: '/myWorkOrder',
  invoices: '/invoices',
  contracts: '/orderlist',
  subAdmins: '/subAccountManage',
}

/** The checklist, in the order above, of the kinds with something left (zero counts dropped). */
export function blockersOf(counts: Partial<Record<BlockerKind, number>>): CancellationBlocker[] {
  return Object.values(BLOCKER_KIND)
    .filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => {
      const count = counts[kind] ?? 0
      return { kind, count, text: BLOCKER_TEXT[kind](count), path: BLOCKER_PATH[kind] }
    })
}

/** When an account asked to be cancelled at `requestedAt` is cancelled. */
export const cancellationDueAt = (requestedAt: Date) =>
  new Date(requestedAt.getTime() + COOLING_OFF_DAYS * DAY_MS)

/** Whole days left until `dueAt` (a part day counts as one; 0 once due). */
export function daysLeft(dueAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((dueAt.getTime() - now.getTime()) / DAY_MS))
}
