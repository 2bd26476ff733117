// What every service is built from: the database, the configuration, the clock and a logger.
import type { WechatHttp } from './providers/wechat/access-token'
import type { FastifyBaseLogger } from 'fastify'
import type { ServerConfig } from './config'
import type { Database } from './db/client'
import type { Listen } from './db/notifications'
import type { FileStorage } from './services/work-orders/file-storage'
import type { WechatApi } from './services/wechat/wechat-api'

/** Injected so tests can move time (idle expiry, lockout windows) without fake timers. */
export type Clock = () => Date

export interface AppContext {
  db: Database
  config: ServerConfig
  now: Clock
  log: FastifyBaseLogger
  /** WeChat's servers (jscode2session, web OAuth); default: the real client on config's credentials. */
  wechatApi?: WechatApi
  /** How WeChat's message API is reached (stable_token, subscribeMessage.send); tests give a fake. */
  wechatHttp?: WechatHttp
  /**
   * The database's LISTEN: with it the services' caches (services/caches.ts) stay true across
   * instances; without it nothing is cached.
   */
  listen?: Listen
  /** Called when a change notification has been applied, with its channel and id (tests wait on it). */
  onNotified?: (channel: string, id: number) => void
  /** Where uploads' bytes go (`fileStorageFor(handle)`, services/work-orders/file-storage.ts); default: the database (stored_files). */
  fileStorage?: FileStorage
}

export const systemClock: Clock = () => new Date()

export const minutes = (n: number) => n * 60_000
export const hours = (n: number) => n * 3_600_000
export const days = (n: number) => n * 86_400_000

export function later(from: Date, ms: number): Date {
  return new Date(from.getTime() + ms)
}
