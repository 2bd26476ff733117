// WeChat bind and change scenes (account-area §2 account settings, §4 dialogs, §7 calls).
import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { at, id } from './columns'
import { roleColumns } from './columns-role'
import { sceneApprovalColumns } from './columns-scene'

/**
 * A QR scene a signed-in member opens to bind (purpose 'bind') or change ('change') the WeChat
 * of its member. Kept apart from the login scenes (wechat_scenes) so a bind QR can never log
 * anyone in. status: waiting -> scanned (the phone identified its WeChat, openid set, and was
 * shown the confirmation) -> confirmed (确认) -> consumed (bound, refused as already bound, or used by updateWechat);
 * or cancelled. Scenes expire at expires_at.
 */
export const wechatBindScenes = pgTable(
  'wechat_bind_scenes',
  {
    id: id(),
    code: varchar('code', { length: 64 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    /** The member whose WeChat changes, and the role it asked in (for the operation log). */
    ...roleColumns(),
    /** The WeChat that approved on the phone. */
    openid: varchar('openid', { length: 64 }),
    ...sceneApprovalColumns(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('wechat_bind_scenes_code_key').on(t.code),
    index('wechat_bind_scenes_member_idx').on(t.memberId, t.status),
    uniqueIndex('wechat_bind_scenes_form_token_key').on(t.formTokenHash),
  ],
)
