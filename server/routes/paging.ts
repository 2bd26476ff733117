// The paging query every list call takes (account-area §9: page sizes 10 and 5, options up to 100).
// Out-of-range values fail validation: a 非法参数 envelope, never a database error.
export const pageNum = { type: 'integer', minimum: 1, maximum: 100_000 } as const
export const pageSize = { type: 'integer', minimum: 1, maximum: 100 } as const
/** A row id: a positive Postgres integer. */
export const rowId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const
