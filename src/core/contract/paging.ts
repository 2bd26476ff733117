// Lists on the wire (account-area §7 messageList, getMyOperateRecordList, getOrder …; §9 page sizes):
// the client asks for a page, the server answers { data, total, pages }.

/** The query or body of the calls that name one row. */
export interface IdRequest {
  id: number
}

export interface PageQuery {
  pageNum: number
  pageSize: number
}

/** A page of a list as the API returns it. */
export interface Page<T> {
  data: T[]
  total: number
  pages: number
}
