// An in-memory cache kept true across server instances by the database: a trigger NOTIFYs a channel
// with a group id (a session's id, an account's id) whenever a row of that group changes, whoever
// wrote it, and every instance LISTENs and forgets that group's entries. Nothing is cached while the
// listener is not connected (a notification may have been missed), and an entry is stored only if
// no notification arrived while it was being read (`generation`).
import type { Listen } from '../../db/notifications'

export interface NotifiedCacheOptions {
  channel: string
  listen?: Listen
  /** Entries kept at most; the oldest makes room. */
  maxEntries: number
  /** Called after a notification was applied: the hook tests wait on instead of sleeping. */
  onChange?: (group: number) => void
  /** The clock entries with an expiry are read against (the app's, so tests can move it). */
  now?: () => Date
}

/**
 * For a value that changes with the clock: how many ms it may be kept (≤ 0: not at all), fixed or
 * found in the value. Without one, a value is kept until a notification.
 */
export type KeepFor<V> = number | ((value: V) => number)

/** The payload that forgets every group, and the id `onChange` reports it with. */
export const ALL_GROUPS = '*'
export const ALL_GROUPS_ID = 0

export function createNotifiedCache<V>({
  channel,
  listen,
  maxEntries,
  onChange,
  now = () => new Date(),
}: NotifiedCacheOptions) {
  const entries = new Map<string, { group: number; value: V; expiresAt: number }>()
  const keysOf = new Map<number, Set<string>>()
  let live = false
  let generation = 0
  let unlisten: (() => Promise<void>) | null = null

  function remove(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    const keys = keysOf.get(entry.group)
    keys?.delete(key)
    if (!keys?.size) keysOf.delete(entry.group)
  }

  function forget(group: number) {
    generation++
    for (const key of keysOf.get(group) ?? []) entries.delete(key)
    keysOf.delete(group)
  }

  /** The entry of `key` unless it has expired (then it is dropped). */
  function current(key: string) {
    const entry = live ? entries.get(key) : undefined
    if (entry && entry.expiresAt !== Infinity && entry.expiresAt <= now().getTime()) {
      remove(key)
      return undefined
    }
    return entry
  }

  function put(key: string, group: number, value: V, readAt: number, keepFor = Infinity) {
    if (!live || readAt !== generation) return
    remove(key)
    if (entries.size >= maxEntries) remove(entries.keys().next().value as string)
    entries.set(key, { group, value, expiresAt: now().getTime() + keepFor })
    keysOf.set(group, (keysOf.get(group) ?? new Set()).add(key))
  }

  function clear() {
    generation++
    entries.clear()
    keysOf.clear()
  }

  return {
    get: (key: string): V | undefined => current(key)?.value,

    /** Read before a database read; `put` ignores the value if anything changed since. */
    generation: () => generation,

    put,

    /**
     * The value of `key`, read by `load` unless cached; stored unless the group changed meanwhile
     * and kept until a notification or for `keepFor`, whichever comes first.
     */
    async cached(key: string, group: number, load: () => Promise<V>, keepFor?: KeepFor<V>): Promise<V> {
      const entry = current(key)
      if (entry) return entry.value
      const readAt = generation
      const value = await load()
      const ms = typeof keepFor === 'function' ? keepFor(value) : keepFor
      if (ms === undefined || ms > 0) put(key, group, value, readAt, ms)
      return value
    },

    /** This instance changed the group: forget it now, before the notification comes back. */
    forget,

    /** Starts listening (app onReady); without a listener nothing is ever cached. */
    async start() {
      if (!listen || unlisten) return
      unlisten = await listen(
        channel,
        (payload) => {
          // '*': a change every group's entries depend on (services/shared/first-page-cache.ts).
          if (payload === ALL_GROUPS) clear()
          else forget(Number(payload))
          onChange?.(payload === ALL_GROUPS ? ALL_GROUPS_ID : Number(payload))
        },
        (isLive) => {
          clear()
          live = isLive
        },
      )
      live = true
    },

    async stop() {
      live = false
      clear()
      await unlisten?.()
      unlisten = null
    },
  }
}

export type NotifiedCache<V> = ReturnType<typeof createNotifiedCache<V>>

/**
 * A cache of answers about accounts, forgotten when `channel` carries the account's id (what the
 * notice and work-order triggers send).
 */
export function createAccountCache<V>(
  channel: string,
  listen?: Listen,
  onChange?: (accountId: number) => void,
) {
  return createNotifiedCache<V>({ channel, listen, maxEntries: 20_000, onChange })
}
