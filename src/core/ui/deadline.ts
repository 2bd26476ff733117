// The countdown rules (core/ui/countdown): what is left of a deadline, and whether a kept one still counts.

/** Whole seconds left until `deadline` (ms), never negative. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/** A kept deadline as storage gave it back: the deadline while it is ahead of `now`, else 0. */
export function liveDeadline(stored: unknown, now: number): number {
  return typeof stored === 'number' && Number.isFinite(stored) && stored > now ? stored : 0
}
