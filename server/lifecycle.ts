// What SIGTERM and SIGINT do (docs/operations.md "Stopping"): stop accepting connections, let the
// requests in flight finish (at most STOP_TIMEOUT_MS, then their connections are cut; a keep-alive
// connection closes once its answer is sent), run the app's onClose hooks (housekeeping timer,
// change listeners, and any dispatcher or poller a module adds: each registers its own
// `app.addHook('onClose', …)`), close the database, exit 0. An unclosed
// PGlite folder keeps its lock, so the database always closes, also after a forced stop.
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from './db/client'

/** STOP_TIMEOUT_MS unless set: a little under the 30 s an orchestrator usually waits before SIGKILL. */
export const DEFAULT_STOP_TIMEOUT_MS = 25_000
/**
 * Node closes the keep-alive connections idle when the stop begins; one still answering a request
 * then stays open (a load balancer's, for Fastify's 72 s keep-alive) and would hold the stop until
 * the timeout. While stopping, connections are closed as they become idle.
 */
const IDLE_SWEEP_MS = 200

export interface StopOptions {
  timeoutMs: number
  exit?: (code: number) => void
}

/** Returns the stop function the signals call (once: a second signal while stopping is ignored). */
export function gracefulStop(app: FastifyInstance, database: DatabaseHandle, options: StopOptions) {
  const { timeoutMs, exit = (code) => process.exit(code) } = options
  let stopping: Promise<void> | null = null
  // Fastify has begun answering new requests 503 when preClose runs; the listener closes next.
  app.addHook('preClose', async () => {
    app.log.info({ timeoutMs }, 'stopping: no new connections, finishing the requests in flight')
  })
  const stop = async (signal: string) => {
    app.log.info({ signal }, `${signal} received`)
    let forced = false
    const cut = setTimeout(() => {
      forced = true
      app.log.warn({ timeoutMs }, 'stop timed out: closing the connections still open')
      app.server.closeAllConnections()
    }, timeoutMs)
    // onClose hooks that never settle must not keep the process (and the orchestrator) waiting.
    const last = setTimeout(() => {
      app.log.error('stop still not done: exiting without closing the database')
      exit(1)
    }, timeoutMs * 2)
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS)
    try {
      await app.close()
    } catch (error) {
      app.log.error({ err: error }, 'closing the app failed')
      forced = true
    } finally {
      clearInterval(sweep)
      clearTimeout(cut)
      await database.close().catch((error: unknown) => {
        app.log.error({ err: error }, 'closing the database failed')
        forced = true
      })
      clearTimeout(last)
    }
    app.log.info(forced ? 'stopped (forced)' : 'stopped')
    exit(forced ? 1 : 0)
  }
  return (signal: string) => (stopping ??= stop(signal))
}
