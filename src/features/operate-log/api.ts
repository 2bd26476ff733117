// Operation log (spec account-area §7 Account: getMyOperateRecordList).
import type { OperateRecord } from '../../core/contract/operate-log'
import type { Page, PageQuery } from '../../core/contract/paging'
import { http } from '../../core/http/request'

/** An entry of the log (the contract's OperateRecord). */
export type OperationRecord = OperateRecord

export const operateLogApi = {
  // The list shows its own error state (with retry).
  list: (query: PageQuery) =>
    http.get<Page<OperationRecord>>(
      '/api/app/account/getMyOperateRecordList',
      { ...query },
      { silent: true },
    ),
}
