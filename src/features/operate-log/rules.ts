// Operation log rules (spec account-area §2 operation log, §4 log type and status).
import { OPERATE_STATUS, OPERATE_TYPE } from '../../core/contract/operate-log'
import { findRoute, HOME_PATH, ROUTES, type RouteDef } from '../../core/routing/routes'
import type { UserInfo } from '../../core/session/store'

/** §4 Operation log type. */
export const LOG_TYPES: Record<number, string> = {
  0: '登录',
  1: '修改密码',
  2: '修改手机绑定',
  3: '新增子管理员',
  4: '编辑子管理员',
  5: '删除子管理员',
  6: '修改邮箱',
  7: '微信授权',
  8: '微信授权变更',
  9: '微信解绑',
  10: '产品移交',
  // Issue 44: a product's 提醒后手动续费 / 到期不续, and a change of 消息接收管理.
  [OPERATE_TYPE.renewalSetting]: '续费设置',
  [OPERATE_TYPE.notifySettings]: '消息接收设置',
  [OPERATE_TYPE.signOutDevice]: '退出登录设备',
  [OPERATE_TYPE.secondFactor]: '二次验证',
  [OPERATE_TYPE.operationProtection]: '操作保护',
}

/** §4 Log status: 0 success, 1 failure. */
export const LOG_STATUSES: Record<number, string> = {
  [OPERATE_STATUS.success]: '成功',
  [OPERATE_STATUS.failure]: '失败',
}

export const LOG_EMPTY_TEXT = '暂无数据'

type Code = number | string | null | undefined

// null and '' are not code 0.
const code = (value: Code) => (value === null || value === undefined || value === '' ? NaN : Number(value))

export function logTypeLabel(type: Code): string {
  return LOG_TYPES[code(type)] ?? '其他'
}

export function logStatusLabel(status: Code): string {
  return LOG_STATUSES[code(status)] ?? '--'
}

export function isFailedLog(status: Code): boolean {
  return code(status) === OPERATE_STATUS.failure
}

export const ACCOUNT_MANAGE_PATH = '/accountManage'

/** §2: back goes to /accountManage; until that page is built, to the home page. */
export function logBackPath(routes: readonly RouteDef[] = ROUTES): string {
  return findRoute(ACCOUNT_MANAGE_PATH, routes) ? ACCOUNT_MANAGE_PATH : HOME_PATH
}

/** §2: the page leaves for /accountManage when the personal info state is false. */
export function canSeeOperationLog(userinfo: Pick<UserInfo, 'state'> | null | undefined): boolean {
  return !userinfo || Boolean(Number(userinfo.state))
}
