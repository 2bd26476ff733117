// 免打扰 (消息接收管理): an SMS written during the account's quiet hours waits until they end. The
// hours are Beijing time (UTC+8, no daylight saving) and may span midnight (22:00-08:00).
import type { QuietHours } from '../../../src/core/contract/notifications'

export const BEIJING_OFFSET_MS = 8 * 3_600_000
export const DAY_MS = 24 * 3_600_000

/** HH:MM on a 24-hour clock. */
export const QUIET_TIME = /^([01]\d|2[0-3]):[0-5]\d$/

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** When the quiet hours holding `at` end, or null when `at` is outside them (or there are none). */
export function quietUntil(at: Date, quiet: QuietHours | null): Date | null {
  if (!quiet || !QUIET_TIME.test(quiet.start) || !QUIET_TIME.test(quiet.end)) return null
  const start = minutesOf(quiet.start)
  const end = minutesOf(quiet.end)
  if (start === end) return null
  const local = at.getTime() + BEIJING_OFFSET_MS
  const midnight = Math.floor(local / DAY_MS) * DAY_MS
  const minute = (local - midnight) / 60_000
  const spansMidnight = start > end
  const quietNow = spansMidnight ? minute >= start || minute < end : minute >= start && minute < end
  if (!quietNow) return null
  // Before midnight in a range that spans it, the end is tomorrow's.
  const endDay = spansMidnight && minute >= start ? midnight + DAY_MS : midnight
  return new Date(endDay + end * 60_000 - BEIJING_OFFSET_MS)
}
