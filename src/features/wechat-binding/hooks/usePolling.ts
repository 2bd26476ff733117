// Polls while `active` and the page visible (account-area §4: stop when the dialog closes, the page
// hides or the scene expires), through core/ui usePoll: the next poll is scheduled after the last
// answer, so a slow server never gets overlapping calls.
import { usePoll } from '../../../core/ui/usePoll'

export function usePolling(active: boolean, intervalMs: number, poll: () => Promise<void>) {
  usePoll(poll, intervalMs, { active })
}
