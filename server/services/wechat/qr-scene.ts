// The one state machine of a WeChat QR scene, shared by the login scenes (wechat.ts, table
// wechat_scenes) and the bind / change scenes (wechat-binding.ts, wechat_bind_scenes):
//
//   waiting | scanned --scan--> scanned   (someone identified on the phone: WeChat's OAuth callback,
//                                         the sandbox's stand-in, or a mini-program session; the
//                                         last one to scan is shown the confirmation page)
//   scanned --confirm--> confirmed       (确认 on that page, with its one-time form token)
//   waiting | scanned --cancel--> cancelled   (取消)
//   confirmed --consume--> consumed      (the outcome is given or used once: single use)
//
// Nothing confirms a scene but an explicit 确认 after the phone has been shown what it approves
// (scene-approval.ts): a forwarded QR link opened by someone else only identifies them.
// A scene lives QR_TTL_MS from its creation; at expires_at it is expired whatever its status and
// no event applies any more. consumed and cancelled are final. The services write a transition as
// one guarded UPDATE (guard) so two callers racing for the same scene cannot both move it.
import { and, gt, inArray, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** A QR code stays valid for two minutes (doc2 §2 Login; the page shows a new one after). */
export const QR_TTL_MS = 120_000

export const STATUSES = ['waiting', 'scanned', 'confirmed', 'consumed', 'cancelled'] as const
export type SceneStatus = (typeof STATUSES)[number]
export type SceneEvent = 'scan' | 'confirm' | 'cancel' | 'consume'

/** Every scene starts here. */
export const START: SceneStatus = 'waiting'

/** The states an event applies in, and where it leads. Anything else leaves the scene as it is. */
export const TRANSITIONS: Record<SceneEvent, { from: readonly SceneStatus[]; to: SceneStatus }> = {
  scan: { from: ['waiting', 'scanned'], to: 'scanned' },
  confirm: { from: ['scanned'], to: 'confirmed' },
  cancel: { from: ['waiting', 'scanned'], to: 'cancelled' },
  consume: { from: ['confirmed'], to: 'consumed' },
}

/** What the machine needs of a scene row (both tables keep status as text). */
export interface SceneState {
  status: string
  expiresAt: Date
}

export function expiresAtFor(createdAt: Date): Date {
  return new Date(createdAt.getTime() + QR_TTL_MS)
}

export function isExpired(scene: SceneState, now: Date): boolean {
  return scene.expiresAt.getTime() <= now.getTime()
}

/** The status a poll or the scan page sees: the stored one, or 'expired' once the time is up. */
export function view(scene: SceneState, now: Date): SceneStatus | 'expired' {
  return isExpired(scene, now) ? 'expired' : (scene.status as SceneStatus)
}

/** The QR still counts: not expired, not consumed, not cancelled (a poll answers instead of 二维码已失效). */
export function isOpen(scene: SceneState, now: Date): boolean {
  const seen = view(scene, now)
  return seen !== 'expired' && seen !== 'consumed' && seen !== 'cancelled'
}

/** The status after `event`, or null when the event does not apply (expired, or a state it has no edge from). */
export function after(scene: SceneState, event: SceneEvent, now: Date): SceneStatus | null {
  if (isExpired(scene, now)) return null
  const { from, to } = TRANSITIONS[event]
  return (from as readonly string[]).includes(scene.status) ? to : null
}

/**
 * The WHERE condition under which `event` applies to a row of a scene table: the same rule as
 * after, checked by the database in the UPDATE that moves the scene.
 */
export function guard(
  table: { status: PgColumn; expiresAt: PgColumn },
  event: SceneEvent,
  now: Date,
): SQL | undefined {
  return and(inArray(table.status, [...TRANSITIONS[event].from]), gt(table.expiresAt, now))
}
