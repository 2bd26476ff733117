// PostgreSQL LISTEN/NOTIFY for both drivers: how one server instance hears that another changed a
// row it may have cached (sessions: services/auth/session-cache.ts). A NOTIFY is delivered only to
// connections listening at the time, so a listener that loses its connection reports it (`live`
// false: whatever was cached may have missed a change) and reports `live` true once it listens again.
import { Client } from 'pg'

export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onLive?: (live: boolean) => void,
) => Promise<() => Promise<void>>

const RECONNECT_MS = 1_000

/** A dedicated connection (not one of the pool's) that LISTENs, and reconnects when it is lost. */
export function postgresListener(url: string): Listen {
  return async (channel, onNotify, onLive = () => {}) => {
    let client: Client | null = null
    let stopped = false
    let listening = false
    let retry: NodeJS.Timeout | undefined

    // The first connection's failure is the caller's (it rejects); later ones are retried.
    const lost = (from: Client) => {
      if (stopped || !listening || client !== from) return
      client = null
      onLive(false)
      retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref()
    }

    async function connect() {
      const next = new Client({ connectionString: url })
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '')
      })
      // An idle client's error is followed by 'end'; without a handler it would crash the process.
      next.on('error', () => lost(next))
      next.on('end', () => lost(next))
      client = next
      try {
        await next.connect()
        await next.query(`listen "${channel.replace(/"/g, '""')}"`)
      } catch (error) {
        lost(next)
        await next.end().catch(() => undefined)
        throw error
      }
      if (stopped) return void (await next.end())
      listening = true
      onLive(true)
    }

    await connect()
    return async () => {
      stopped = true
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
    }
  }
}
