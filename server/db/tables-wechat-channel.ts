// WeChat as a notification channel: each member's openid per WeChat app (the mini-program's for
// subscription messages, the official account's for its one-time subscription), what each member
// accepted of each template, and the customer's group robots (WeCom, DingTalk, Feishu).
import { integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { accounts, members } from './tables-members'

/**
 * The openid a member has in one WeChat app (`app`: 'mini' or 'oa', `appId` that app's id), with
 * the unionid when WeChat gave one. Filled at every login and binding that sees an openid.
 */
export const memberWechatIds = pgTable(
  'member_wechat_ids',
  {
    id: id(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    app: varchar('app', { length: 8 }).notNull(),
    appId: varchar('app_id', { length: 32 }).notNull(),
    openid: varchar('openid', { length: 64 }).notNull(),
    unionid: varchar('unionid', { length: 64 }),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('member_wechat_ids_member_app_key').on(t.memberId, t.app),
    uniqueIndex('member_wechat_ids_openid_key').on(t.appId, t.openid),
  ],
)

/**
 * One-time subscriptions per member, app and template (WECHAT_TEMPLATE_*): each acceptance buys one
 * message, each send uses one (`remaining`). A refusal ('reject', 'ban') is remembered in
 * `refusedAt` so the console does not ask at every tap; a later acceptance clears it.
 */
export const wechatSubscriptions = pgTable(
  'wechat_subscriptions',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    app: varchar('app', { length: 8 }).notNull(),
    /** The template's key (workOrderReply, awaitingConfirmation, reopened, closed, expiry). */
    template: varchar('template', { length: 32 }).notNull(),
    remaining: smallint('remaining').notNull().default(0),
    refusedAt: at('refused_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.app, t.template] })],
)

/**
 * 群机器人: a webhook per account and notification category. The address and the signing secret
 * are secrets: sealed with DATA_ENCRYPTION_KEY (server/security/data-encryption.ts); `maskedUrl` is
 * what the console shows afterwards.
 */
export const groupRobots = pgTable(
  'group_robots',
  {
    id: id(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** NOTIFY_CATEGORY. */
    category: varchar('category', { length: 16 }).notNull(),
    /** wecom, dingtalk or feishu. */
    platform: varchar('platform', { length: 16 }).notNull(),
    sealedUrl: text('sealed_url').notNull(),
    sealedSecret: text('sealed_secret'),
    maskedUrl: varchar('masked_url', { length: 96 }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('group_robots_account_category_key').on(t.accountId, t.category)],
)
