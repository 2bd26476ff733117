// Lists answer { data, total, pages } (account-area §7: messageList, getMyOperateRecordList).
export interface PageRequest {
  pageNum: number
  pageSize: number
}

export interface Page<T> {
  data: T[]
  total: number
  pages: number
}

export const offsetOf = ({ pageNum, pageSize }: PageRequest) => (pageNum - 1) * pageSize

export function pageOf<T>(data: T[], total: number, { pageSize }: PageRequest): Page<T> {
  return { data, total, pages: Math.ceil(total / pageSize) }
}
