// Operation log rules (spec account-area §2 operation log, §4 log type and status).
import { OPERATE_STATUS } from '../../core/contract/operate-log'
import { OPERATE_STATUS_LABEL, OPERATE_TYPE_LABEL } from '../../core/contract/record-labels'
import { findRoute, HOME_PATH, ROUTES, type RouteDef } from '../../core/routing/routes'
import type { UserInfo } from '../../core/session/store'

/** §4 Operation log type (the labels the exported log uses too). */
export const LOG_TYPES: Record<number, string> = OPERATE_TYPE_LABEL

/** §4 Log status: 0 success, 1 failure. */
export const LOG_STATUSES: Record<number, string> = OPERATE_STATUS_LABEL

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
