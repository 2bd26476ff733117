// TODO(notifications helper): the expiry reminder job and the renewal-success notice.
import type { AppContext } from '../../context'
import type { Executor } from '../checkout/fulfilment'
import type { Notifier } from '../notifications/notifier'

export function createReminders(_ctx: AppContext, _deps: { notifier: Notifier }) {
  /** Runs the job as of `at` (default now); returns how many reminders it sent. */
  async function run(_at?: Date): Promise<{ sent: number }> {
    return { sent: 0 }
  }
  /** The renewal notice for businesses a paid order just renewed (inside that transaction). */
  async function renewed(_tx: Executor, _businessIds: number[]): Promise<void> {}
  return { run, renewed }
}

export type Reminders = ReturnType<typeof createReminders>
