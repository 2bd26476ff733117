// The payment providers' settings (README "Deploying"): read from the environment, checked for
// presence and format (ids look right, key files parse) without calling anyone. A provider with
// none of its variables set is simply off (payments answer 在线支付暂未开通); one set in part or
// with a bad value stops the start with each problem named. `providers:check` prints the same list.
import crypto from 'node:crypto'
import fs from 'node:fs'

type Env = Record<string, string | undefined>

export const WECHATPAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com/'
export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do'

/** How WeChat Pay's answers and notifications are verified: its public key (with its id) or its platform certificate. */
export interface WechatPayPlatformKey {
  /** The Wechatpay-Serial this key answers to: PUB_KEY_ID_… or the certificate's serial number. */
  id: string
  publicKey: crypto.KeyObject
}

export interface WechatPaySettings {
  mchid: string
  /** Serial number of the merchant's API certificate (goes in each request's Authorization). */
  serial: string
  privateKey: crypto.KeyObject
  /** The APIv3 key: AES-256-GCM key of the notifications' resource (32 bytes). */
  apiV3Key: string
  platform: WechatPayPlatformKey
  /** The official account bound to the merchant: NATIVE, H5 and JSAPI in WeChat's browser. */
  appId: string
  /** The mini-program bound to the merchant (JSAPI in the mini-program); null = not offered there. */
  miniAppId: string | null
  baseUrl: string
}

export interface AlipayKeys {
  appId: string
  /** PEM text of the application's private key (PKCS#1 or PKCS#8). */
  privateKey: string
  keyType: 'PKCS1' | 'PKCS8'
  gateway: string
  /** Public-key mode: Alipay's public key (PEM). Certificate mode: the three certificates' paths. */
  alipayPublicKey?: string
  certs?: { appCertPath: string; alipayPublicCertPath: string; alipayRootCertPath: string }
}

export interface PaymentSettings {
  wechatPay: WechatPaySettings | null
  alipay: AlipayKeys | null
}

export interface ProviderCheck<T> {
  /** At least one of the provider's variables is set. */
  configured: boolean
  problems: string[]
  settings: T | null
}

const WECHAT_VARIABLES = [
  'WECHATPAY_MCHID',
  'WECHATPAY_SERIAL',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PUBLIC_KEY_FILE',
  'WECHATPAY_PUBLIC_KEY_ID',
  'WECHATPAY_PLATFORM_CERT_FILE',
  'WECHATPAY_APPID',
  'WECHATPAY_MINI_APPID',
]
const ALIPAY_VARIABLES = [
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY_FILE',
  'ALIPAY_PUBLIC_KEY_FILE',
  'ALIPAY_APP_CERT_FILE',
  'ALIPAY_PUBLIC_CERT_FILE',
  'ALIPAY_ROOT_CERT_FILE',
]

const MCHID = /^\d{8,10}$/
const CERT_SERIAL = /^[0-9A-Fa-f]{8,40}$/
const PUBLIC_KEY_ID = /^PUB_KEY_ID_[0-9A-Za-z]+$/
const WECHAT_APPID = /^wx[0-9a-f]{16}$/
const ALIPAY_APPID = /^20\d{14}$/

const value = (env: Env, name: string) => env[name]?.trim() || ''

function readFile(env: Env, name: string, problems: string[]): string | null {
  const file = value(env, name)
  if (!file) {
    problems.push(`${name} is not set`)
    return null
  }
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    problems.push(`${name}: cannot read ${file}`)
    return null
  }
}

function rsaPrivateKey(pem: string | null, name: string, problems: string[]): crypto.KeyObject | null {
  if (pem === null) return null
  try {
    const key = crypto.createPrivateKey(pem)
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA')
    return key
  } catch {
    problems.push(`${name} is not an RSA private key in PEM`)
    return null
  }
}

function rsaPublicKey(pem: string | null, name: string, problems: string[]): crypto.KeyObject | null {
  if (pem === null) return null
  try {
    // createPublicKey also derives one from a private key: a private key here is a mistake.
    if (pem.includes('PRIVATE KEY')) throw new Error('a private key')
    const key = crypto.createPublicKey(pem)
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA')
    return key
  } catch {
    problems.push(`${name} is not an RSA public key in PEM`)
    return null
  }
}

function certificate(pem: string | null, name: string, problems: string[]): crypto.X509Certificate | null {
  if (pem === null) return null
  try {
    return new crypto.X509Certificate(pem)
  } catch {
    problems.push(`${name} is not an X.509 certificate in PEM`)
    return null
  }
}

function httpsUrl(env: Env, name: string, fallback: string, problems: string[]): string {
  const text = value(env, name) || fallback
  try {
    const url = new URL(text)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme')
    return url.toString()
  } catch {
    problems.push(`${name} is not an http(s) URL`)
    return fallback
  }
}

function matching(env: Env, name: string, pattern: RegExp, what: string, problems: string[]): string {
  const text = value(env, name)
  if (!text) problems.push(`${name} is not set`)
  else if (!pattern.test(text)) problems.push(`${name} does not look like ${what}`)
  return text
}

function wechatPlatform(env: Env, problems: string[]): WechatPayPlatformKey | null {
  if (value(env, 'WECHATPAY_PLATFORM_CERT_FILE')) {
    const cert = certificate(
      readFile(env, 'WECHATPAY_PLATFORM_CERT_FILE', problems),
      'WECHATPAY_PLATFORM_CERT_FILE',
      problems,
    )
    return cert ? { id: cert.serialNumber.toUpperCase(), publicKey: cert.publicKey } : null
  }
  const id = matching(
    env,
    'WECHATPAY_PUBLIC_KEY_ID',
    PUBLIC_KEY_ID,
    'a WeChat Pay public key id (PUB_KEY_ID_…)',
    problems,
  )
  const publicKey = rsaPublicKey(
    readFile(env, 'WECHATPAY_PUBLIC_KEY_FILE', problems),
    'WECHATPAY_PUBLIC_KEY_FILE',
    problems,
  )
  return publicKey && id ? { id, publicKey } : null
}

/** WeChat Pay (API v3): WECHATPAY_* (README "Deploying"). The appids default to WECHAT_OAUTH_APPID / WECHAT_MINI_APPID. */
export function checkWechatPay(env: Env = process.env): ProviderCheck<WechatPaySettings> {
  const configured = WECHAT_VARIABLES.some((name) => value(env, name))
  if (!configured) return { configured, problems: [], settings: null }
  const problems: string[] = []
  const mchid = matching(env, 'WECHATPAY_MCHID', MCHID, 'a merchant id (8 to 10 digits)', problems)
  const serial = matching(env, 'WECHATPAY_SERIAL', CERT_SERIAL, 'a certificate serial number (hex)', problems)
  const privateKey = rsaPrivateKey(
    readFile(env, 'WECHATPAY_PRIVATE_KEY_FILE', problems),
    'WECHATPAY_PRIVATE_KEY_FILE',
    problems,
  )
  const apiV3Key = value(env, 'WECHATPAY_APIV3_KEY')
  if (Buffer.byteLength(apiV3Key) !== 32) problems.push('WECHATPAY_APIV3_KEY is not 32 characters')
  const platform = wechatPlatform(env, problems)
  const appEnv = {
    ...env,
    WECHATPAY_APPID: value(env, 'WECHATPAY_APPID') || value(env, 'WECHAT_OAUTH_APPID'),
  }
  const appId = matching(appEnv, 'WECHATPAY_APPID', WECHAT_APPID, 'a WeChat appid (wx + 16 hex)', problems)
  const mini = value(env, 'WECHATPAY_MINI_APPID') || value(env, 'WECHAT_MINI_APPID')
  if (mini && !WECHAT_APPID.test(mini))
    problems.push('WECHATPAY_MINI_APPID does not look like a WeChat appid')
  const baseUrl = httpsUrl(env, 'WECHATPAY_BASE_URL', WECHATPAY_DEFAULT_BASE_URL, problems)
  if (problems.length || !privateKey || !platform) return { configured, problems, settings: null }
  return {
    configured,
    problems,
    settings: { mchid, serial, privateKey, apiV3Key, platform, appId, miniAppId: mini || null, baseUrl },
  }
}

/** Alipay: ALIPAY_* (README "Deploying"), public-key mode or certificate mode. */
export function checkAlipay(env: Env = process.env): ProviderCheck<AlipayKeys> {
  const configured = ALIPAY_VARIABLES.some((name) => value(env, name))
  if (!configured) return { configured, problems: [], settings: null }
  const problems: string[] = []
  const appId = matching(env, 'ALIPAY_APP_ID', ALIPAY_APPID, 'an Alipay app id (16 digits)', problems)
  const privatePem = readFile(env, 'ALIPAY_PRIVATE_KEY_FILE', problems)
  const privateKey = rsaPrivateKey(privatePem, 'ALIPAY_PRIVATE_KEY_FILE', problems)
  const gateway = httpsUrl(env, 'ALIPAY_GATEWAY', ALIPAY_DEFAULT_GATEWAY, problems)
  const certMode = ['ALIPAY_APP_CERT_FILE', 'ALIPAY_PUBLIC_CERT_FILE', 'ALIPAY_ROOT_CERT_FILE'].some((name) =>
    value(env, name),
  )
  let keys: Pick<AlipayKeys, 'alipayPublicKey' | 'certs'> = {}
  if (certMode) {
    for (const name of ['ALIPAY_APP_CERT_FILE', 'ALIPAY_PUBLIC_CERT_FILE'])
      certificate(readFile(env, name, problems), name, problems)
    // Alipay's root file is a chain of several certificates (some not RSA): only its presence is checked.
    const root = readFile(env, 'ALIPAY_ROOT_CERT_FILE', problems)
    if (root !== null && !root.includes('BEGIN CERTIFICATE'))
      problems.push('ALIPAY_ROOT_CERT_FILE holds no PEM certificate')
    keys = {
      certs: {
        appCertPath: value(env, 'ALIPAY_APP_CERT_FILE'),
        alipayPublicCertPath: value(env, 'ALIPAY_PUBLIC_CERT_FILE'),
        alipayRootCertPath: value(env, 'ALIPAY_ROOT_CERT_FILE'),
      },
    }
  } else {
    const pem = readFile(env, 'ALIPAY_PUBLIC_KEY_FILE', problems)
    if (rsaPublicKey(pem, 'ALIPAY_PUBLIC_KEY_FILE', problems)) keys = { alipayPublicKey: pem! }
  }
  if (problems.length || !privateKey || !privatePem) return { configured, problems, settings: null }
  const keyType = privatePem.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8'
  return { configured, problems, settings: { appId, privateKey: privatePem, keyType, gateway, ...keys } }
}

/** Both providers, or the start refused with every problem named. */
export function loadPaymentSettings(env: Env = process.env): PaymentSettings {
  const wechat = checkWechatPay(env)
  const alipay = checkAlipay(env)
  const problems = [...wechat.problems, ...alipay.problems]
  if (problems.length) throw new Error(`Payment provider settings: ${problems.join('; ')}`)
  return { wechatPay: wechat.settings, alipay: alipay.settings }
}
