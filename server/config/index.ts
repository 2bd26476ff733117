// Server settings from the environment (documented in docs/api.md, "Configuration" and "Security model").
// Production is the default: the sandbox and the development defaults exist only when the process
// runs with NODE_ENV development or test, and production refuses to start without its secrets.
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import {
  DEVELOPMENT_PASSWORD_AES_KEY,
  DEVELOPMENT_SWITCH_SIGN_PREFIX,
  PASSWORD_AES_KEY,
  SWITCH_SIGN_PREFIX,
} from '../../src/core/config/shared'
import { loadPaymentSettings, type PaymentSettings } from './payment'
import { readWechatMessaging, type WechatMessagingSettings } from './wechat'
import { DEFAULT_STOP_TIMEOUT_MS } from '../lifecycle'
import { parseDataKey } from '../security/data-encryption'
import {
  readMailSettings,
  readPublicOrigin,
  readSmsSettings,
  type MailSettings,
  type SmsSettings,
} from './providers'
import { assertPasswordKey } from '../security/password'

/**
 * The default count of each limited anonymous call per address and minute
 * (ANONYMOUS_CALLS_PER_MINUTE; http/rate-limits.ts): far more than a person clicking (a captcha
 * refresh, a new QR code), a wall for a script.
 */
export const ANONYMOUS_CALLS_PER_MINUTE = 60

/** An app registered with WeChat (mini-program, or the official account for the web OAuth). */
export interface WechatAppCredentials {
  appId: string
  secret: string
}

export interface ServerConfig {
  port: number
  host: string
  databaseUrl: string
  /** Not NODE_ENV development/test: no /__dev sandbox, no sandbox providers, no development keys. */
  production: boolean
  /** Write the demo accounts and data into an empty database (development, or SEED_DEMO=1). */
  seedDemo: boolean
  /** The console's public address (PUBLIC_ORIGIN, https in production), for links sent by SMS or mail; null = the request's. */
  publicOrigin: string | null
  /** Built H5 app to serve with history fallback; null when the folder does not exist. */
  staticDir: string | null
  /** Shared with the client (src/core/config/shared.ts). */
  passwordKey: string
  switchSignPrefix: string
  /** Proxies whose X-Forwarded-For is believed: addresses/CIDRs, or a hop count; false = none. */
  trustProxy: false | string[] | number
  logger: boolean
  /** HMAC key of payment notifications; null refuses every notification (production without one). */
  payNotifySecret: string | null
  /** SMS sends one client address may ask for in an hour (doc2 §9 limits; an office behind one NAT may need more). */
  smsHourlyLimitPerAddress: number
  /** Each anonymous call that writes a row or draws an image, per client address and minute (server/http/rate-limits.ts). */
  anonymousCallsPerMinute: number
  /** jscode2session credentials of the mini-program; null outside the sandbox = mini-program login disabled. */
  wechatMini: WechatAppCredentials | null
  /** OAuth credentials for the WeChat in-app browser; null outside the sandbox = disabled. */
  wechatOauth: WechatAppCredentials | null
  /** WeChat as a message channel: template ids per app, the mini-program state, WeChat's API address. */
  wechatMessaging: WechatMessagingSettings
  /** Origins allowed to frame the console (Content-Security-Policy frame-ancestors); empty = none. */
  frameAncestors: string[]
  /** Served over TLS (directly or behind the proxy): send Strict-Transport-Security. */
  hsts: boolean
  /** Bytes of uploads one account may keep (UPLOAD_QUOTA_MB, default 200 MB; services/work-orders/uploads.ts). */
  uploadQuotaBytes: number
  /** Bytes one account may upload in 24 hours (UPLOAD_DAILY_MB, default 100 MB). */
  uploadDailyBytes: number
  /** HMAC key of the signed file addresses (/api/user/downLoadFile); FILE_URL_SECRET, required in production. */
  fileUrlSecret: string
  /** WeChat Pay and Alipay (WECHATPAY_*, ALIPAY_*), production only; unset or null = offline transfer only. */
  paymentProviders?: PaymentSettings
  /** SIGTERM waits this long for the requests in flight, then cuts their connections (STOP_TIMEOUT_MS). */
  stopTimeoutMs: number
  /** METRICS_TOKEN: /metrics wants `Authorization: Bearer <it>`; null = open in the sandbox, off in production. */
  metricsToken: string | null
  /** The SMS provider (SMS_PROVIDER, config/providers.ts); null = SMS refused as 未配置. */
  sms: SmsSettings | null
  /** The mail provider (SMTP_URL, MAIL_FROM); null = mail refused as 未配置. */
  mail: MailSettings | null
  /** HMAC key of the stored SMS codes; SMS_CODE_SECRET, required in production. */
  smsCodeSecret: string
  /**
   * The at-rest key of the second factor's TOTP keys (DATA_ENCRYPTION_KEY, 32 bytes in hex or
   * base64). Development has a fixed one; production without it offers no second factor, and refuses
   * to start once a key is stored (main.ts).
   */
  dataEncryptionKey: Buffer | null
  /** SMS one account may cause in an hour (SMS_ACCOUNT_HOURLY_LIMIT). */
  smsAccountHourlyLimit: number
  /** SMS the whole server may send in an hour (SMS_GLOBAL_HOURLY_LIMIT): a cap on the bill. */
  smsGlobalHourlyLimit: number
  /**
   * ROBOT_WEBHOOK_BASE, development and tests only: group-robot posts go to this origin instead of
   * the platform's host (a local fake). Production refuses to start with it set.
   */
  robotWebhookBase?: string | null
}

/** The payment sandbox's notification key (PAY_NOTIFY_SECRET replaces it); production has no sandbox. */
export const DEV_PAY_NOTIFY_SECRET = 'member-centre-pay-sandbox'

/** SMS_ADDRESS_HOURLY_LIMIT unless set: doc2 §9's hourly count, as for one phone (services/sms/sms.ts). */
export const DEFAULT_SMS_ADDRESS_HOURLY_LIMIT = 10
/** The sandbox's key for signed file addresses (FILE_URL_SECRET replaces it; production has no default). */
export const DEV_FILE_URL_SECRET = 'member-centre-file-url-sandbox'
/** UPLOAD_QUOTA_MB unless set. */
export const DEFAULT_UPLOAD_QUOTA_MB = 200
/** UPLOAD_DAILY_MB unless set. */
export const DEFAULT_UPLOAD_DAILY_MB = 100
/** A secret shorter than this is refused in production (it would be guessable). */
const SECRET_MIN_LENGTH = 32

/** The sandbox's key for the SMS code hashes (SMS_CODE_SECRET replaces it; production has no default). */
export const DEV_SMS_CODE_SECRET = 'member-centre-sms-code-sandbox'
export const DEFAULT_SMS_ACCOUNT_HOURLY_LIMIT = 20
export const DEFAULT_SMS_GLOBAL_HOURLY_LIMIT = 1000

export const DEFAULT_DATABASE_URL = './data/pglite'
export const DEFAULT_STATIC_DIR = 'dist/h5'
/** The only NODE_ENV values that turn on the sandbox and the development defaults. */
const SANDBOX_ENVIRONMENTS = ['development', 'test']

/** Production unless NODE_ENV is development or test (also read by `npm run db:reset`). */
export const isProductionEnvironment = (env: Record<string, string | undefined>) =>
  !SANDBOX_ENVIRONMENTS.includes(env.NODE_ENV ?? '')

/**
 * TRUST_PROXY: unset or false = off; a whole number = that many proxy hops; else comma-separated
 * proxy addresses or CIDRs. `true` (trust any client's X-Forwarded-For) is refused: it would let a
 * client choose its address and pass the login mask and the per-address limits.
 */
export function parseTrustProxy(value: string | undefined): false | string[] | number {
  const text = (value ?? '').trim()
  if (!text || text === 'false') return false
  if (text === 'true')
    throw new Error('TRUST_PROXY=true would trust any client: name the proxy addresses/CIDRs or a hop count')
  if (/^\d+$/.test(text)) return Number(text) || false
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

const PRIVATE_NETWORKS = (() => {
  const list = new net.BlockList()
  for (const [address, prefix] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const)
    list.addSubnet(address, prefix, 'ipv4')
  list.addAddress('::1', 'ipv6')
  list.addSubnet('fc00::', 7, 'ipv6')
  return list
})()

/** Loopback or a private network's address (RFC 1918, IPv6 unique local): not reachable from outside. */
export function isPrivateAddress(host: string): boolean {
  if (host === 'localhost') return true
  const family = net.isIP(host)
  return family !== 0 && PRIVATE_NETWORKS.check(host, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * A hop count believes the last N entries of X-Forwarded-For from whoever connects: a client that
 * reaches the server directly chooses its own address (passing the login mask and every per-address
 * limit). Production takes one only on a private address, where only the proxy can connect.
 */
function trustProxyProblem(trustProxy: ServerConfig['trustProxy'], host: string): string | null {
  if (typeof trustProxy !== 'number' || isPrivateAddress(host)) return null
  return (
    `TRUST_PROXY=${trustProxy} (a hop count) would believe any direct client's X-Forwarded-For on HOST ${host}: ` +
    'name the proxy addresses or CIDRs, or listen on a private address'
  )
}

/** What TRUST_PROXY means, for the start-up log. */
export function describeTrustProxy(trustProxy: ServerConfig['trustProxy']): string {
  if (trustProxy === false) return 'off (client addresses are the socket addresses)'
  if (typeof trustProxy === 'number') return `${trustProxy} proxy hop(s)`
  return `proxies ${trustProxy.join(', ')}`
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${name} is not a positive whole number: ${value}`)
  return number
}

function existingDir(dir: string): string | null {
  const absolute = path.resolve(dir)
  return fs.existsSync(path.join(absolute, 'index.html')) ? absolute : null
}

function origin(value: string | undefined, name: string): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)')
    return url.origin
  } catch {
    throw new Error(`${name} is not an http(s) origin: ${value}`)
  }
}

function wechatApp(env: Record<string, string | undefined>, prefix: string): WechatAppCredentials | null {
  const appId = env[`${prefix}_APPID`]?.trim()
  const secret = env[`${prefix}_SECRET`]?.trim()
  return appId && secret ? { appId, secret } : null
}

/** The sandbox's at-rest key (DATA_ENCRYPTION_KEY replaces it; production has no default). */
export const DEV_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 'member-centre-data-key-sandbox!!')

/** A set DATA_ENCRYPTION_KEY must be a real key (a typo would seal nothing readable later). */
function dataEncryptionKey(env: Record<string, string | undefined>, production: boolean): Buffer | null {
  if (!env.DATA_ENCRYPTION_KEY) return production ? null : DEV_DATA_ENCRYPTION_KEY
  const key = parseDataKey(env.DATA_ENCRYPTION_KEY)
  if (!key || key.equals(DEV_DATA_ENCRYPTION_KEY))
    throw new Error('DATA_ENCRYPTION_KEY must be 32 random bytes, as 64 hex digits or base64')
  return key
}

/** Production refuses to start with a development default or without these (each one named). */
function missingProductionSecrets(env: Record<string, string | undefined>): string[] {
  const missing: string[] = []
  const key = env.TARO_APP_PASSWORD_KEY
  if (!key || key === DEVELOPMENT_PASSWORD_AES_KEY) missing.push('TARO_APP_PASSWORD_KEY')
  const prefix = env.TARO_APP_SWITCH_SIGN_PREFIX
  if (!prefix || prefix === DEVELOPMENT_SWITCH_SIGN_PREFIX) missing.push('TARO_APP_SWITCH_SIGN_PREFIX')
  if (!env.PUBLIC_ORIGIN) missing.push('PUBLIC_ORIGIN')
  const fileUrlSecret = env.FILE_URL_SECRET ?? ''
  if (fileUrlSecret.length < SECRET_MIN_LENGTH || fileUrlSecret === DEV_FILE_URL_SECRET)
    missing.push(`FILE_URL_SECRET (at least ${SECRET_MIN_LENGTH} characters)`)
  const smsCodeSecret = env.SMS_CODE_SECRET ?? ''
  if (smsCodeSecret.length < SECRET_MIN_LENGTH || smsCodeSecret === DEV_SMS_CODE_SECRET)
    missing.push(`SMS_CODE_SECRET (at least ${SECRET_MIN_LENGTH} characters)`)
  // One key for two jobs: whoever learns it from one learns the other.
  else if (smsCodeSecret === fileUrlSecret) missing.push('SMS_CODE_SECRET (not the same as FILE_URL_SECRET)')
  // Optional (metrics are off without it), but a short one would open them to guessing.
  const metricsToken = env.METRICS_TOKEN?.trim()
  if (metricsToken && metricsToken.length < SECRET_MIN_LENGTH)
    missing.push(`METRICS_TOKEN (at least ${SECRET_MIN_LENGTH} characters, or unset)`)
  else if (metricsToken && [fileUrlSecret, smsCodeSecret].includes(metricsToken))
    missing.push('METRICS_TOKEN (not one of the other secrets)')
  return missing
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const production = isProductionEnvironment(env)
  if (production) {
    const missing = missingProductionSecrets(env)
    if (missing.length)
      throw new Error(
        `Refusing to start in production mode (NODE_ENV=${env.NODE_ENV ?? 'unset'}): set ${missing.join(', ')} ` +
          '(not the development defaults), or run with NODE_ENV=development for the sandbox',
      )
  }
  const port = Number(env.PORT || 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${env.PORT}`)
  const passwordKey = env.TARO_APP_PASSWORD_KEY || PASSWORD_AES_KEY
  assertPasswordKey(passwordKey)
  const publicOrigin = readPublicOrigin(env, production)
  const sms = readSmsSettings(env, production)
  const mail = readMailSettings(env, production)
  const wechatMessaging = readWechatMessaging(env, production)
  // The sandbox (demo accounts, /__dev) listens on loopback unless HOST says otherwise.
  const host = env.HOST || (production ? '0.0.0.0' : '127.0.0.1')
  const trustProxy = parseTrustProxy(env.TRUST_PROXY)
  const proxyProblem = production ? trustProxyProblem(trustProxy, host) : null
  if (proxyProblem) throw new Error(`Refusing to start: ${proxyProblem}`)
  // Group robots post only to the platforms' own hosts; a redirect of them is for a local fake.
  if (production && env.ROBOT_WEBHOOK_BASE)
    throw new Error('Refusing to start: ROBOT_WEBHOOK_BASE is for development and tests only (unset it)')
  const providerProblems = [
    ...publicOrigin.problems,
    ...sms.problems,
    ...mail.problems,
    ...wechatMessaging.problems,
  ]
  if (providerProblems.length)
    throw new Error(`Refusing to start: ${providerProblems.join('; ')} (npm run providers:check)`)
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    production,
    seedDemo: !production || env.SEED_DEMO === '1',
    publicOrigin: publicOrigin.settings,
    staticDir: existingDir(env.STATIC_DIR || DEFAULT_STATIC_DIR),
    passwordKey,
    switchSignPrefix: env.TARO_APP_SWITCH_SIGN_PREFIX || SWITCH_SIGN_PREFIX,
    trustProxy,
    logger: true,
    payNotifySecret: production ? null : env.PAY_NOTIFY_SECRET || DEV_PAY_NOTIFY_SECRET,
    smsHourlyLimitPerAddress: positiveInteger(
      env.SMS_ADDRESS_HOURLY_LIMIT,
      DEFAULT_SMS_ADDRESS_HOURLY_LIMIT,
      'SMS_ADDRESS_HOURLY_LIMIT',
    ),
    anonymousCallsPerMinute: positiveInteger(
      env.ANONYMOUS_CALLS_PER_MINUTE,
      ANONYMOUS_CALLS_PER_MINUTE,
      'ANONYMOUS_CALLS_PER_MINUTE',
    ),
    wechatMini: wechatApp(env, 'WECHAT_MINI'),
    wechatOauth: wechatApp(env, 'WECHAT_OAUTH'),
    wechatMessaging: wechatMessaging.settings,
    frameAncestors: (env.FRAME_ANCESTORS ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((entry) => origin(entry, 'FRAME_ANCESTORS') as string),
    hsts: env.HSTS === '1',
    fileUrlSecret: env.FILE_URL_SECRET || DEV_FILE_URL_SECRET,
    // Development pays through the sandbox; production through the providers configured here.
    paymentProviders: production ? loadPaymentSettings(env) : undefined,
    uploadQuotaBytes:
      positiveInteger(env.UPLOAD_QUOTA_MB, DEFAULT_UPLOAD_QUOTA_MB, 'UPLOAD_QUOTA_MB') * 1024 * 1024,
    uploadDailyBytes:
      positiveInteger(env.UPLOAD_DAILY_MB, DEFAULT_UPLOAD_DAILY_MB, 'UPLOAD_DAILY_MB') * 1024 * 1024,
    stopTimeoutMs: positiveInteger(env.STOP_TIMEOUT_MS, DEFAULT_STOP_TIMEOUT_MS, 'STOP_TIMEOUT_MS'),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    sms: sms.settings,
    mail: mail.settings,
    smsCodeSecret: env.SMS_CODE_SECRET || DEV_SMS_CODE_SECRET,
    dataEncryptionKey: dataEncryptionKey(env, production),
    smsAccountHourlyLimit: positiveInteger(
      env.SMS_ACCOUNT_HOURLY_LIMIT,
      DEFAULT_SMS_ACCOUNT_HOURLY_LIMIT,
      'SMS_ACCOUNT_HOURLY_LIMIT',
    ),
    smsGlobalHourlyLimit: positiveInteger(
      env.SMS_GLOBAL_HOURLY_LIMIT,
      DEFAULT_SMS_GLOBAL_HOURLY_LIMIT,
      'SMS_GLOBAL_HOURLY_LIMIT',
    ),
    robotWebhookBase: env.ROBOT_WEBHOOK_BASE
      ? (origin(env.ROBOT_WEBHOOK_BASE, 'ROBOT_WEBHOOK_BASE') as string)
      : null,
  }
}

/**
 * Outside services with no provider configured: in production their calls answer a "not configured"
 * refusal (the sandbox stands in for all of them in development). Listed at start-up.
 */
export function disabledServices(config: ServerConfig): string[] {
  if (!config.production) return []
  return [
    ...(config.wechatMini ? [] : ['WeChat mini-program login (WECHAT_MINI_APPID, WECHAT_MINI_SECRET)']),
    ...(config.wechatOauth
      ? []
      : ['WeChat web OAuth and QR login (WECHAT_OAUTH_APPID, WECHAT_OAUTH_SECRET)']),
    ...(config.paymentProviders?.alipay ? [] : ['Alipay (ALIPAY_*)']),
    ...(config.paymentProviders?.wechatPay ? [] : ['WeChat Pay (WECHATPAY_*)']),
    'e-sign provider (contracts, invoice PDFs)',
    ...(config.sms ? [] : ['SMS (SMS_PROVIDER: codes and links by SMS are refused)']),
    ...(config.mail ? [] : ['mail (SMTP_URL, MAIL_FROM: activation and confirmation mail is refused)']),
  ]
}
