// Delivers what the outbox holds: woken by the NOTIFY of every insert (any
// instance's), by its own timer for retries that come due, and at start for whatever was pending
// before a restart. Several dispatchers (instances) share the work through FOR UPDATE SKIP LOCKED.
import type { Listen } from '../../db/notifications'
import type { DeliveryResult } from '../../providers/delivery'
import { OUTBOX_CHANNEL, type Outbox, type OutboxRow } from './outbox'

/** Rows claimed at once; each batch is sent in parallel. */
const BATCH = 20
/** Looked again this often even without a notification (a missed NOTIFY, a retry coming due). */
const IDLE_POLL_MS = 10_000

export interface DispatcherOptions {
  listen?: Listen
  /** Called after each delivery attempt is recorded (tests wait on it instead of a timer). */
  onAttempt?: (row: OutboxRow, result: DeliveryResult) => void
  batchSize?: number
  idlePollMs?: number
}

export function createOutboxDispatcher(outbox: Outbox, options: DispatcherOptions = {}) {
  const { listen, onAttempt, batchSize = BATCH, idlePollMs = IDLE_POLL_MS } = options
  let stopped = true
  let running: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | undefined
  let unlisten: (() => Promise<void>) | null = null

  /** One batch: claim, send in parallel, record. Returns how many rows it took. */
  async function runOnce(): Promise<number> {
    const rows = await outbox.claim(batchSize)
    await Promise.all(
      rows.map(async (row) => {
        const result = await outbox.deliver(row)
        onAttempt?.(row, result)
      }),
    )
    return rows.length
  }

  async function drain(): Promise<void> {
    do {
      again = false
      while (!stopped && (await runOnce()) > 0) {
        // keep going while there is work
      }
    } while (again && !stopped)
  }

  /** Runs a drain unless one is under way (then it runs once more after it). */
  function wake(): void {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    clearTimeout(timer)
    running = drain()
      .catch(() => undefined)
      .finally(() => {
        running = null
        if (!stopped) timer = setTimeout(wake, idlePollMs).unref()
      })
  }

  async function start(): Promise<void> {
    stopped = false
    if (listen) unlisten = await listen(OUTBOX_CHANNEL, wake)
    wake()
  }

  /** Stops claiming, then waits for the sends under way to be recorded (graceful shutdown). */
  async function stop(): Promise<void> {
    stopped = true
    clearTimeout(timer)
    await unlisten?.()
    unlisten = null
    await running
    await outbox.settle()
  }

  return { start, stop, wake, runOnce }
}

export type OutboxDispatcher = ReturnType<typeof createOutboxDispatcher>
