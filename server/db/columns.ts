// Column shapes every table uses. Kept apart from schema.ts so the domain table files, which
// schema.ts re-exports, can use them without a load-order cycle.
import { integer, timestamp } from 'drizzle-orm/pg-core'

export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity()
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
