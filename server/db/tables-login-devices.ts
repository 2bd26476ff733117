// 登录设备: the login history and what each member has logged in from, for the new-device alert.
import { boolean, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { members } from './tables-members'

/** Every login of a member, successful or refused; kept 90 days (services/housekeeping.ts). */
export const loginHistory = pgTable(
  'login_history',
  {
    id: id(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    success: boolean('success').notNull(),
    /** sessions.source of a success; the way that was tried for a failure ('' when unknown). */
    method: varchar('method', { length: 32 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    city: varchar('city', { length: 32 }).notNull().default(''),
    device: varchar('device', { length: 32 }).notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('login_history_member_idx').on(t.memberId, t.createdAt),
    index('login_history_created_idx').on(t.createdAt),
  ],
)

/** Device ids a member has logged in from. */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    deviceId: varchar('device_id', { length: 36 }).notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [uniqueIndex('known_devices_member_device_key').on(t.memberId, t.deviceId)],
)

/** Cities a member has logged in from. */
export const knownCities = pgTable(
  'known_cities',
  {
    id: id(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    city: varchar('city', { length: 32 }).notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
  },
  (t) => [uniqueIndex('known_cities_member_city_key').on(t.memberId, t.city)],
)
