// Outgoing SMS and mail: the SMS code records the limits count and the check
// compares, the one outbox a dispatcher delivers from, and what the development sandbox "received".
import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { at, id } from './columns'

/**
 * Every SMS code request (doc2 §9 limits). Only an HMAC of the code is kept (SMS_CODE_SECRET), so a
 * backup cannot be used to log in. code_hash is null when nothing was sent (a login or reset code
 * asked for an unknown phone): the row still counts towards the limits, so they reveal nothing.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: varchar('phone', { length: 11 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }),
    /** login, register, forget, bindPhone, …: a code only proves its own purpose. */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    /** The client address (an IPv6 address by its /64), for the hourly per-address limit. */
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** Wrong codes entered against this one; at 5 it is void. */
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('sms_codes_phone_idx').on(t.phone, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
  ],
)

/**
 * One row per outgoing SMS or mail, written in the transaction that causes it. The dispatcher
 * (services/outbox/outbox-dispatcher.ts) claims due rows with FOR UPDATE SKIP LOCKED; `params` (the code
 * or the link) is emptied once the message is sent, refused or expired.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    /** 'sms' or 'email'. */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** A phone or an e-mail address. */
    recipient: varchar('recipient', { length: 128 }).notNull(),
    /** The SMS template (providers/sms/templates.ts) or the mail's kind. */
    template: varchar('template', { length: 32 }).notNull(),
    /** An SMS code's purpose (login, register, …); null for links and mail. */
    purpose: varchar('purpose', { length: 32 }),
    subject: varchar('subject', { length: 128 }).notNull().default(''),
    /** The code, or the link and who it is for (services/outbox/outgoing-texts.ts); null once purged. */
    params: jsonb('params').$type<Record<string, string>>(),
    /**
     * The correlation id passed to the provider on every attempt (Aliyun OutId, Tencent Cloud
     * SessionContext, mail Message-ID). Providers only echo it back, they do not deduplicate on it: it
     * is how a send whose answer was lost is found in their records. (The column keeps its first name.)
     */
    correlationId: uuid('idempotency_key').notNull(),
    /** The account on whose behalf it is sent (hourly budget); null for anonymous sends. */
    accountId: integer('account_id'),
    /** pending, sent, failed (refused for good, or given up after MAX_ATTEMPTS) or expired (too old). */
    status: varchar('status', { length: 8 }).notNull().default('pending'),
    /** Claims so far: a claim whose dispatcher died before recording its result counts too. */
    attempts: smallint('attempts').notNull().default(0),
    /** Not claimed before this (backoff, or the requester's own first attempt). */
    nextAttemptAt: at('next_attempt_at').notNull(),
    /** A claim's lease: a dispatcher that dies mid-send leaves the row to be claimed again after it. */
    claimedUntil: at('claimed_until'),
    /** The provider's refusal code, never the text. */
    lastError: varchar('last_error', { length: 128 }),
    /** The provider's id for the message once sent (Aliyun BizId, Tencent Cloud SerialNo); null if it gave none. */
    providerMessageId: varchar('provider_message_id', { length: 64 }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    doneAt: at('done_at'),
  },
  (t) => [
    uniqueIndex('outbox_idempotency_key').on(t.correlationId),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_account_idx').on(t.accountId, t.createdAt),
    index('outbox_created_idx').on(t.channel, t.createdAt),
  ],
)

/** Development sandbox: what a phone or mailbox would have received (/__dev/sms, /__dev/mail). */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: id(),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: varchar('recipient', { length: 128 }).notNull(),
    subject: varchar('subject', { length: 128 }).notNull().default(''),
    body: text('body').notNull(),
    /** The site path the message links to, e.g. /activation?activeCode=…; '' for a code. */
    link: varchar('link', { length: 256 }).notNull().default(''),
    /** An SMS code's digits and purpose, for /__dev/sms. */
    code: varchar('code', { length: 6 }),
    purpose: varchar('purpose', { length: 32 }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('sandbox_messages_recipient_idx').on(t.recipient, t.createdAt)],
)
