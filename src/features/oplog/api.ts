// Operation log (spec account-area §7 Account: getMyOperateRecordList).
import { http } from '../../core/http/request'
import type { Page, PageQuery } from '../../core/ui/paging'

export interface OperationRecord {
  id: number
  memberAccount: string
  /** 0-10, see rules.ts. */
  type: number
  content: string
  /** 0 success, 1 failure. */
  status: number
  ip: string
  createTime: string
}

export const oplogApi = {
  // The list shows its own error state (with retry).
  list: (query: PageQuery) =>
    http.get<Page<OperationRecord>>(
      '/api/app/account/getMyOperateRecordList',
      { ...query },
      { silent: true },
    ),
}
