// Each member's openid per WeChat app (member_wechat_ids): the mini-program's (jscode2session) for
// subscription messages, the official account's (OAuth, QR login, the payer authorisation) for its
// one-time subscription. members.wx_open_id stays the login identity; these say where a message goes.
import { and, eq, inArray } from 'drizzle-orm'
import type { WechatApp } from '../../../src/core/contract/wechat-messages'
import type { Database } from '../../db/client'
import { memberWechatIds } from '../../db/schema'

type Tx = Pick<Database, 'insert' | 'select' | 'delete'>

/** The app id recorded when WeChat runs in the sandbox (no real app). */
export const SANDBOX_APP_ID = { mini: 'sandbox-mini', oa: 'sandbox-oa' } as const

export interface SeenOpenid {
  app: WechatApp
  appId: string
  openid: string
  unionid?: string | null
}

/**
 * Records the openid a login or binding just saw for the member. The openid moves to this member if
 * another held it (a WeChat rebound elsewhere), so one openid never reaches two members.
 */
export async function recordWechatId(tx: Tx, memberId: number, seen: SeenOpenid, at: Date): Promise<void> {
  await tx
    .delete(memberWechatIds)
    .where(and(eq(memberWechatIds.appId, seen.appId), eq(memberWechatIds.openid, seen.openid)))
  await tx
    .insert(memberWechatIds)
    .values({ memberId, ...seen, unionid: seen.unionid ?? null, updatedAt: at })
    .onConflictDoUpdate({
      target: [memberWechatIds.memberId, memberWechatIds.app],
      set: { appId: seen.appId, openid: seen.openid, unionid: seen.unionid ?? null, updatedAt: at },
    })
}

/** Forgets a member's WeChat (unbinding): no message goes to it any more. */
export async function forgetWechatIds(tx: Tx, memberId: number): Promise<void> {
  await tx.delete(memberWechatIds).where(eq(memberWechatIds.memberId, memberId))
}

/** The members' openids of one app, by member id. */
export async function openidsOf(db: Pick<Database, 'select'>, memberIds: number[], app: WechatApp) {
  const found = new Map<number, string>()
  if (!memberIds.length) return found
  const rows = await db
    .select({ memberId: memberWechatIds.memberId, openid: memberWechatIds.openid })
    .from(memberWechatIds)
    .where(and(inArray(memberWechatIds.memberId, [...new Set(memberIds)]), eq(memberWechatIds.app, app)))
  for (const row of rows) found.set(row.memberId, row.openid)
  return found
}
