// The paging query every list call takes (account-area §9: page sizes 10 and 5 on lists, 4 on the
// home, options up to 100). Out-of-range values fail validation: a 非法参数 envelope, never a
// database error or an offset scan of millions of rows.
import { boundedInteger, object } from './schemas'

export const pageNum = boundedInteger(1, 10_000)
export const pageSize = boundedInteger(1, 100)
export const pageQuery = object({ pageNum, pageSize }, ['pageNum', 'pageSize'])
// Routes imported the row id from here before it moved to schemas.ts.
export { rowId } from './schemas'
