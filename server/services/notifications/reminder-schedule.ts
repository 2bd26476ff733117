// When the expiry reminders fall: 30, 15, 7, 3 and 1 days before expiry, on
// the day and on each of the 7 grace days after, counted in Beijing calendar days. A run sends only
// the current threshold, so a job that was down sends the latest one it missed, never a burst.
import {
  FINAL_NOTICE_THRESHOLD,
  GRACE_DAYS,
  REMINDER_THRESHOLDS,
  RENEWAL_MODE,
} from '../../../src/core/contract/renewal'
import { BEIJING_OFFSET_MS, DAY_MS } from './quiet-hours'

const beijingDay = (at: Date) => Math.floor((at.getTime() + BEIJING_OFFSET_MS) / DAY_MS)

/** The Beijing calendar date of a moment, YYYY-MM-DD. */
export const beijingDate = (at: Date) => new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10)

/** Beijing calendar days from `at` to the expiry day: 0 on the day, negative once expired. */
export const daysLeft = (expireTime: Date, at: Date) => beijingDay(expireTime) - beijingDay(at)

/** The furthest a reminder looks ahead: the first threshold. */
export const FIRST_THRESHOLD = REMINDER_THRESHOLDS[0]

/**
 * The reminder due now: the smallest threshold at or above the days left (the latest one reached);
 * null outside 30 days before to the last grace day. 到期不续 has only the final notice, 3 days
 * before (or as soon after as the job runs, within the grace).
 */
export function currentThreshold(days: number, renewalMode: number): number | null {
  if (days > FIRST_THRESHOLD || days < -GRACE_DAYS) return null
  if (renewalMode === RENEWAL_MODE.noRenew)
    return days <= FINAL_NOTICE_THRESHOLD ? FINAL_NOTICE_THRESHOLD : null
  const reached = REMINDER_THRESHOLDS.filter((threshold) => threshold >= days)
  return reached[reached.length - 1] ?? null
}

/** 剩余 N 天, 今日到期, 已过期 N 天 (the grace days). */
export function daysLeftText(days: number): string {
  if (days > 0) return `剩余 ${days} 天`
  if (days === 0) return '今日到期'
  return `已过期 ${-days} 天`
}
