// What every service is built from: the database, the configuration, the clock and a logger.
import type { WechatHttp } from './providers/wechat/access-token'
import type { FastifyBaseLogger } from 'fastify'
import type { ServerConfig } from './config'
import type { Database } from './db/client'
import type { FileStorage } from './services/work-orders/file-storage'
import type { FirstPageCache } from './services/shared/first-page-cache'
import type { MessageGateways } from './providers/index'
import type { NoticeCache } from './services/notices/notice-cache'
import type { SessionCache } from './services/auth/session-cache'
import type { UnreadRepliesCache } from './services/work-orders/unread-replies-cache'
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
  /** Live sessions in memory, kept true by the database's notifications; default: nothing cached. */
  sessionCache?: SessionCache
  /** The SMS and mail providers; default: those config names (providers/index.ts). */
  gateways?: MessageGateways
  /** The home poll's and the header's answers about notices, kept true the same way; default: nothing cached. */
  noticeCache?: NoticeCache
  /** The unread engineer replies of each addressee, kept true the same way; default: nothing cached. */
  unreadReplies?: UnreadRepliesCache
  /** The first pages of the lists that change only when written, kept true the same way; default: nothing cached. */
  firstPages?: FirstPageCache
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
