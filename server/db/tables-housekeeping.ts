// When each periodic job last ran (services/housekeeping.ts): instances sharing one database race to
// move `ran_at` past the period, and only the one that moves it runs the job that period.
import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

export const housekeepingRuns = pgTable('housekeeping_runs', {
  job: varchar('job', { length: 64 }).primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
})
