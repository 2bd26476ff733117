// The one Postgres schema of the reference server. It runs unchanged on PGlite and PostgreSQL
// (design "Reference server"); everything stateful lives here so several instances can share a
// database. Generate migrations with `npm run db:generate` after changing it.
// Tables live in a file per domain; this module is the schema's one entry and defines nothing, so a
// domain file imports the tables it references from their own file (no import cycle through here).
export * from './tables-members'
export * from './tables-auth'
export * from './tables-notices'
export * from './tables-work-orders'
export * from './tables-wechat'
export * from './tables-account'
export * from './tables-sub-accounts'
export * from './tables-commerce'
export * from './tables-billing'
export * from './tables-wechat-binding'
export * from './tables-payments'
export * from './tables-evaluations'
export * from './tables-recipients'
export * from './tables-list-counts'
export * from './tables-housekeeping'
export * from './tables-rate-limits'
export * from './tables-delivery'
export * from './tables-product-transfer'
export * from './tables-renewal'
export * from './tables-login-devices'
export * from './tables-second-factor'
export * from './tables-wechat-channel'
export * from './tables-cancellation'
