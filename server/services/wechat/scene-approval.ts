// How a WeChat QR scene (login, register, bind, change) is approved, shared by wechat.ts and
// wechat-binding.ts (a forwarded QR link must not log its opener's account in elsewhere, nor bind
// its opener's WeChat to someone else's account):
// - creating a scene hands a secret to the creating browser only; every poll and exchange shows it
//   (header X-Scene-Secret), so only that browser gets the outcome;
// - the scene keeps the creating browser's name and address, shown on the phone;
// - opening the QR only identifies who scanned (WeChat's OAuth callback, the sandbox's stand-in for
//   it, or a mini-program session): the scene becomes scanned and the phone is shown what it would
//   approve, with a one-time form token; only 确认 with that token confirms, 取消 ends the scene.
import { and, eq, type SQL } from 'drizzle-orm'
import type { SceneAnswer } from '../../../src/core/contract/wechat'
import type { Database } from '../../db/client'
import { wechatBindScenes, wechatScenes } from '../../db/schema'
import { hashToken, newToken } from '../../security/tokens'
import { deviceOf } from '../account/device-info'
import * as qrScene from './qr-scene'

/** The request header a scene's poll and exchange carry the creator's secret in. */
export const SCENE_SECRET_HEADER = 'x-scene-secret'

export type SceneKind = 'login' | 'bind'
type SceneTable = typeof wechatScenes | typeof wechatBindScenes

/** What the phone is asked to approve, and who asked for it (shown before 确认). */
export interface Approval {
  kind: SceneKind
  /** 在电脑上登录会员中心, 将此微信绑定到账号 138****0003, … */
  action: string
  browser: string
  ip: string
  requestedAt: Date
}

/** A scan: the token of the confirmation form, and what the form approves. */
export interface Identified {
  formToken: string
  approval: Approval
}

/** The asking browser as the phone shows it (its name and system, the address masked). */
export function requesterColumns(userAgent: string | string[] | undefined, ip: string) {
  const device = deviceOf(userAgent, ip)
  const browser = [device.browser || '未知浏览器', device.os].filter(Boolean).join(' · ')
  return { requesterBrowser: browser.slice(0, 64), requesterIp: device.ip.slice(0, 64) }
}

/** The secret for the creating browser and the columns a new scene keeps of it. */
export function newSceneCredentials(userAgent: string | string[] | undefined, ip: string) {
  const secret = newToken()
  return { secret, columns: { secretHash: hashToken(secret), ...requesterColumns(userAgent, ip) } }
}

/** The scene `code` as its creator asks for it: the secret must match (a missing one never does). */
export function createdWith(table: SceneTable, code: string, secret: string | undefined): SQL | undefined {
  return and(eq(table.code, code), eq(table.secretHash, hashToken(secret ?? '')))
}

/** The part of an approval a scene row gives. */
export function requesterOf(row: {
  requesterBrowser: string | null
  requesterIp: string | null
  createdAt: Date
}) {
  return { browser: row.requesterBrowser ?? '', ip: row.requesterIp ?? '', requestedAt: row.createdAt }
}

/**
 * Moves a waiting or scanned, unexpired scene to scanned as `answer` (who scanned) with a new form
 * token; a later scan replaces the earlier one's identity and token. The row and the token, or
 * null when the scene is not open to a scan.
 */
export async function scanScene<T extends SceneTable>(
  db: Database,
  table: T,
  code: string,
  answer: { openid: string | null; memberId?: number | null },
  now: Date,
): Promise<{ row: T['$inferSelect']; formToken: string } | null> {
  if (!code) return null
  const formToken = newToken()
  const rows = await (db.update(table as SceneTable) as ReturnType<Database['update']>)
    .set({ status: qrScene.TRANSITIONS.scan.to, formTokenHash: hashToken(formToken), ...answer })
    .where(and(eq(table.code, code), qrScene.guard(table, 'scan', now)))
    .returning()
  const row = rows[0] as T['$inferSelect'] | undefined
  return row ? { row, formToken } : null
}

/**
 * 确认 or 取消 on the confirmation form: applies once per token (the token is cleared with the
 * move). The row, or null when the token is unknown, used, or its scene expired.
 */
export async function settleScene<T extends SceneTable>(
  db: Database,
  table: T,
  formToken: string,
  action: SceneAnswer,
  now: Date,
): Promise<T['$inferSelect'] | null> {
  if (!formToken) return null
  const rows = await (db.update(table as SceneTable) as ReturnType<Database['update']>)
    .set({ status: qrScene.TRANSITIONS[action].to, formTokenHash: null })
    .where(and(eq(table.formTokenHash, hashToken(formToken)), qrScene.guard(table, action, now)))
    .returning()
  return (rows[0] as T['$inferSelect'] | undefined) ?? null
}

/** Whether `code` names an open scene (looked up before WeChat is asked who the code belongs to). */
export async function isOpenScene(db: Database, table: SceneTable, code: string, now: Date) {
  if (!code) return false
  const [row] = await db
    .select({ status: table.status, expiresAt: table.expiresAt })
    .from(table as typeof wechatScenes)
    .where(eq(table.code, code))
    .limit(1)
  return Boolean(row) && qrScene.after(row, 'scan', now) !== null
}
