import { RENEWAL_MODE } from '../../../src/core/contract/renewal'
import {
  beijingDate,
  currentThreshold,
  daysLeft,
  daysLeftText,
} from '../../../server/services/notifications/reminder-schedule'

const beijing = (text: string) => new Date(`${text}+08:00`)
const { remind, noRenew } = RENEWAL_MODE

describe('days left are Beijing calendar days', () => {
  it('an expiry at 00:30 Beijing is the day after 23:50 the evening before (UTC still says the same day)', () => {
    const expiry = beijing('2026-12-08T00:30:00')
    expect(daysLeft(expiry, beijing('2026-12-07T23:50:00'))).toBe(1)
    expect(daysLeft(expiry, beijing('2026-12-08T00:00:00'))).toBe(0)
    expect(daysLeft(expiry, beijing('2026-12-09T23:59:00'))).toBe(-1)
  })

  it('the expiry date is the Beijing date', () => {
    expect(beijingDate(new Date('2026-12-07T17:00:00Z'))).toBe('2026-12-08')
    expect(beijingDate(new Date('2026-12-07T15:59:00Z'))).toBe('2026-12-07')
  })

  it.each([
    [3, '剩余 3 天'],
    [0, '今日到期'],
    [-2, '已过期 2 天'],
  ])('%i days reads %s', (days, text) => {
    expect(daysLeftText(days)).toBe(text)
  })
})

describe('the reminder due now: the latest threshold reached', () => {
  it.each([
    [31, null],
    [30, 30],
    [29, 30],
    [16, 30],
    [15, 15],
    [8, 15],
    [7, 7],
    [4, 7],
    [3, 3],
    [2, 3],
    [1, 1],
    [0, 0],
    [-1, -1],
    [-7, -7],
    [-8, null],
  ])('提醒后手动续费 with %i days left: %p', (days, threshold) => {
    expect(currentThreshold(days, remind)).toBe(threshold)
  })

  it.each([
    [30, null],
    [4, null],
    [3, 3],
    [1, 3],
    [-7, 3],
    [-8, null],
  ])('到期不续 with %i days left: only the final notice (%p)', (days, threshold) => {
    expect(currentThreshold(days, noRenew)).toBe(threshold)
  })
})
