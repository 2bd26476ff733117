// 二次验证: each member's TOTP key (sealed, server/security/data-encryption.ts), its single-use
// recovery codes (sha256), the devices that may skip the code for 7 days, and each main account's
// rule for its sub-admins.
import { boolean, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { accounts, members } from './tables-members'

/**
 * One per member. `enabledAt` null: an enrolment under way (the key shown, no code confirmed yet).
 * `lastStep`: the newest TOTP step accepted; no code of it or an earlier one is accepted again.
 */
export const secondFactors = pgTable('second_factors', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  secretSealed: varchar('secret_sealed', { length: 256 }).notNull(),
  enabledAt: at('enabled_at'),
  lastStep: integer('last_step'),
  createdAt: at('created_at').notNull(),
})

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('recovery_codes_member_idx').on(t.memberId)],
)

/** 在此设备 7 天内不再验证: ended early by a password change or 退出其他设备. */
export const trustedDevices = pgTable(
  'second_factor_trusted_devices',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    deviceId: varchar('device_id', { length: 64 }).notNull(),
    trustedUntil: at('trusted_until').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.deviceId] })],
)

/** A main account's rule: its sub-admins must enable the second factor. */
export const secondFactorPolicies = pgTable('second_factor_policies', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  subAdminsRequired: boolean('sub_admins_required').notNull().default(false),
  updatedAt: at('updated_at').notNull(),
})
