// Recipients of an account's notifications and their confirmation links (doc2 §3 "Recipient
// (receiver invitation)", §4 "Receiver confirmation", §7 Recipients). A recipient is
// added by the main account, or is a sub-admin whose 接收通知 switch is on (sub_account_id set).
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { accounts, subAccounts } from './tables-members'

export const recipients = pgTable(
  'recipients',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The sub-admin this recipient mirrors (its 接收通知 switch); null for one added by hand. */
    subAccountId: integer('sub_account_id').references(() => subAccounts.id),
    fullName: varchar('full_name', { length: 32 }).notNull(),
    mailbox: varchar('mailbox', { length: 128 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    /** A recipient_position dictionary itemValue. */
    position: varchar('position', { length: 32 }).notNull(),
    /** 1 once the SMS link was opened for the current phone (validateType 1). */
    smsValidated: smallint('sms_validated').notNull().default(0),
    /** 1 once the e-mail link was opened for the current mailbox (validateType 2). */
    emailValidated: smallint('email_validated').notNull().default(0),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('recipients_account_idx').on(t.accountId, t.createdAt, t.id),
    uniqueIndex('recipients_account_phone_key')
      .on(t.accountId, t.phone)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('recipients_sub_account_key')
      .on(t.subAccountId)
      .where(sql`${t.deletedAt} is null`),
  ],
)

/**
 * Confirmation links (/validate?id=&validateType=&effectiveTime=): the id is 32 random bytes, only
 * its sha256 is kept; single use, expiring, and bound to the address it was sent to, so a link to
 * an old phone or mailbox stops working once the recipient's address changes.
 */
export const recipientValidations = pgTable(
  'recipient_validations',
  {
    id: id(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => recipients.id),
    /** 1 SMS, 2 e-mail. */
    validateType: smallint('validate_type').notNull(),
    /** The phone or mailbox the link went to. */
    target: varchar('target', { length: 128 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('recipient_validations_code_key').on(t.codeHash),
    index('recipient_validations_recipient_idx').on(t.recipientId, t.validateType, t.createdAt),
  ],
)
