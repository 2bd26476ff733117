// Dev sandbox: runs the expiry reminder job as if it were a given day (10:00 Beijing time), so the
// flow can be tried in `npm start`; what it sent shows at /__dev/sms, /__dev/mail and in the notices.
// Registered outside production only.
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { invalid } from '../services/shared/errors'
import { object, shortText, type TypedApp } from './schemas'

export const BAD_REMINDER_DATE = '请输入正确的日期（YYYY-MM-DD）'

/** 10:00 Beijing time (02:00 UTC) of a calendar date, or null when it is not one. */
export function reminderRunTime(date: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  const at = new Date(`${date}T02:00:00.000Z`)
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== date ? null : at
}

export function devReminderRoutes(app: TypedApp, { reminders }: Services) {
  app.post('/__dev/reminders/run', { schema: { body: object({ date: shortText(32) }) } }, async (req) => {
    const at = reminderRunTime((req.body.date ?? '').trim())
    if (!at) throw invalid(BAD_REMINDER_DATE)
    return ok(await reminders.run(at, { origin: originOf(req) }))
  })
}
