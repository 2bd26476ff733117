// Server settings from the environment (documented in docs/api.md, "Configuration").
import fs from 'node:fs'
import path from 'node:path'
import { PASSWORD_AES_KEY, SWITCH_SIGN_PREFIX } from '../src/core/config/shared'
import { assertPasswordKey } from './security/password'
import { SMS_HOURLY_LIMIT } from './services/sms'

export interface ServerConfig {
  port: number
  host: string
  databaseUrl: string
  /** NODE_ENV=production: no /__dev sandbox routes. */
  production: boolean
  /** Built H5 app to serve with history fallback; null when the folder does not exist. */
  staticDir: string | null
  /** Shared with the client (src/core/config/shared.ts). */
  passwordKey: string
  switchSignPrefix: string
  /** Behind a load balancer: trust X-Forwarded-For so rate limits see client addresses. */
  trustProxy: boolean | string[]
  logger: boolean
  /** HMAC key of payment notifications; null refuses every notification (production without one). */
  payNotifySecret: string | null
  /** SMS sends one client address may ask for in an hour (doc2 §9 limits; an office behind one NAT may need more). */
  smsHourlyLimitPerAddress: number
}

/** The payment sandbox's notification key outside production (PAY_NOTIFY_SECRET replaces it). */
export const DEV_PAY_NOTIFY_SECRET = 'member-centre-pay-sandbox'

export const DEFAULT_DATABASE_URL = './data/pglite'
export const DEFAULT_STATIC_DIR = 'dist/h5'

/** TRUST_PROXY: unset or false = off, true = any proxy, else comma-separated proxy addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim()
  if (!text || text === 'false') return false
  if (text === 'true') return true
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
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

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const port = Number(env.PORT || 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${env.PORT}`)
  const passwordKey = env.TARO_APP_PASSWORD_KEY || PASSWORD_AES_KEY
  assertPasswordKey(passwordKey)
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    production: env.NODE_ENV === 'production',
    staticDir: existingDir(env.STATIC_DIR || DEFAULT_STATIC_DIR),
    passwordKey,
    switchSignPrefix: env.TARO_APP_SWITCH_SIGN_PREFIX || SWITCH_SIGN_PREFIX,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logger: true,
    payNotifySecret: env.PAY_NOTIFY_SECRET || (env.NODE_ENV === 'production' ? null : DEV_PAY_NOTIFY_SECRET),
    smsHourlyLimitPerAddress: positiveInteger(
      env.SMS_ADDRESS_HOURLY_LIMIT,
      SMS_HOURLY_LIMIT,
      'SMS_ADDRESS_HOURLY_LIMIT',
    ),
  }
}
