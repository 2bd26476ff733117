// The Chinese names of the record lists' codes, for what the server writes out (导出) as well as
// what the screens show: an exported file says 已支付, never 1.
import { OPERATE_STATUS, OPERATE_TYPE } from './operate-log'
import { BILL_STATUS, ORDER_STATUS } from './orders'
import type { WorkOrderStatus } from './work-orders'

/** doc2 §4 order status. */
export const ORDER_STATUS_LABEL: Record<number, string> = {
  [ORDER_STATUS.paid]: '已支付',
  [ORDER_STATUS.refunded]: '已退款',
  [ORDER_STATUS.unpaid]: '未支付',
  [ORDER_STATUS.voided]: '已作废',
}

/** doc2 §4 invoice states (0: the invoice is another account's, after a product transfer). */
export const BILL_STATUS_LABEL: Record<number, string> = {
  0: '--',
  [BILL_STATUS.open]: '未申请',
  [BILL_STATUS.applied]: '已申请',
  [BILL_STATUS.issuing]: '开票中',
  [BILL_STATUS.issued]: '已开票',
  [BILL_STATUS.rejected]: '已驳回',
}

/** doc2 §3 invoice application: subject and bill type. */
export const INVOICE_SUBJECT_LABEL: Record<number, string> = { 1: '个人', 2: '企业' }
export const BILL_TYPE_LABEL: Record<number, string> = {
  1: '电子普通发票',
  2: '纸质普通发票',
  3: '纸质专用发票',
  4: '电子专用发票',
}

/** doc2 §4 work-order status: 2 and 5 are both 处理中. */
export const WORK_ORDER_STATUS_LABEL: Record<WorkOrderStatus, string> = {
  0: '已分配',
  1: '待您确认',
  2: '处理中',
  5: '处理中',
  3: '已完结',
  4: '已关闭',
}

/** account-area §4 operation log type. */
export const OPERATE_TYPE_LABEL: Record<number, string> = {
  [OPERATE_TYPE.login]: '登录',
  [OPERATE_TYPE.changePassword]: '修改密码',
  [OPERATE_TYPE.changePhone]: '修改手机绑定',
  [OPERATE_TYPE.addSubAdmin]: '新增子管理员',
  [OPERATE_TYPE.editSubAdmin]: '编辑子管理员',
  [OPERATE_TYPE.deleteSubAdmin]: '删除子管理员',
  [OPERATE_TYPE.changeEmail]: '修改邮箱',
  [OPERATE_TYPE.wechatAuthorize]: '微信授权',
  [OPERATE_TYPE.wechatChange]: '微信授权变更',
  [OPERATE_TYPE.wechatUnbind]: '微信解绑',
  [OPERATE_TYPE.productTransfer]: '产品移交',
  [OPERATE_TYPE.renewalSetting]: '续费设置',
  [OPERATE_TYPE.notifySettings]: '消息接收设置',
  [OPERATE_TYPE.signOutDevice]: '退出登录设备',
  [OPERATE_TYPE.secondFactor]: '二次验证',
  [OPERATE_TYPE.operationProtection]: '操作保护',
  [OPERATE_TYPE.exportRecords]: '导出',
  [OPERATE_TYPE.invoices]: '发票',
  [OPERATE_TYPE.cancellation]: '注销账号',
}

/** account-area §4 operation log status. */
export const OPERATE_STATUS_LABEL: Record<number, string> = {
  [OPERATE_STATUS.success]: '成功',
  [OPERATE_STATUS.failure]: '失败',
}

/** A code's label, or -- for a code the table does not know. */
export const labelOf = (table: Record<number, string>, code: number | null | undefined) =>
  (code === null || code === undefined ? undefined : table[code]) ?? '--'
