// WeChat QR login scenes and the one-time tickets they hand out.
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { sceneApprovalColumns } from './columns-scene'
import { members } from './tables-members'

/**
 * Desktop QR-code scenes (doc2 §2 Login: QR scan login and WeChat registration). The QR carries
 * the scene code; the desktop that created it polls it with its secret. status: waiting -> scanned
 * (someone identified on the phone and was shown the confirmation) -> confirmed (确认) -> consumed
 * (the confirmed answer is given once), or cancelled (取消).
 */
export const wechatScenes = pgTable(
  'wechat_scenes',
  {
    id: id(),
    code: varchar('code', { length: 64 }).notNull(),
    /** login or register. */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    /** The openid that confirmed (sandbox scan page), if any. */
    openid: varchar('openid', { length: 64 }),
    /** The member who confirmed from a mini-program session (scanCode), if any. */
    memberId: integer('member_id').references(() => members.id),
    ...sceneApprovalColumns(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('wechat_scenes_code_key').on(t.code),
    uniqueIndex('wechat_scenes_form_token_key').on(t.formTokenHash),
  ],
)

/**
 * Single-use WeChat tickets, stored as sha256: 'oauthState' (an in-app OAuth request),
 * 'oauthCode' (the code the OAuth page hands back), 'miniBind' (a mini-program openid waiting
 * for a phone), 'payer' (the state of a payment's snsapi_base authorisation).
 * An OAuth login's tickets carry the hash of a nonce the requesting browser keeps: only that
 * browser can finish the login (no login CSRF). A payer ticket names the order it pays.
 */
export const wechatTickets = pgTable(
  'wechat_tickets',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    openid: varchar('openid', { length: 64 }),
    browserNonceHash: varchar('browser_nonce_hash', { length: 64 }),
    orderCode: varchar('order_code', { length: 32 }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('wechat_tickets_token_key').on(t.tokenHash)],
)
