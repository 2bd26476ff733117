// The payment providers' settings (README "Deploying"): read from the environment, checked for
// presence and format (ids look right, key files parse, endpoints https on the provider's own hosts)
// without calling anyone. A provider with none of its variables set is simply off (payments answer
// 在线支付暂未开通); one set in part or with a bad value stops the start with each problem named.
// `providers:check` prints the same list.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { providerEndpoint, type ProviderHosts } from './providers'

type Env = Record<string, string | undefined>

export const WECHATPAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com/'
export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do'

export const WECHATPAY_HOSTS: ProviderHosts = {
  pattern: /^api2?\.mch\.weixin\.qq\.com$/,
  names: 'api.mch.weixin.qq.com or api2.mch.weixin.qq.com',
}
export const ALIPAY_HOSTS: ProviderHosts = { pattern: /^openapi\.alipay\.com$/, names: 'openapi.alipay.com' }

/** A key WeChat Pay's answers and notifications are verified with: its public key (with its id) or a platform certificate. */
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
  /**
   * Every key WeChat Pay may sign with, chosen by Wechatpay-Serial: platform certificates and the
   * WeChat Pay public key may all be set during a rotation.
   */
  platformKeys: WechatPayPlatformKey[]
  /** The WeChat Pay public key's id (PUB_KEY_ID_…), sent as Wechatpay-Serial so answers are signed with it. */
  publicKeyId: string | null
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
  /** The merchant's Alipay PID (2088…): a notification for another seller is refused. */
  sellerId: string
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
  'WECHATPAY_PLATFORM_CERT_FILES',
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
  'ALIPAY_SELLER_ID',
]
/** Platform certificates: the list, and the single file older deployments name. */
const PLATFORM_CERT_VARIABLES = ['WECHATPAY_PLATFORM_CERT_FILES', 'WECHATPAY_PLATFORM_CERT_FILE']

const MCHID = /^\d{8,10}$/
const CERT_SERIAL = /^[0-9A-Fa-f]{8,40}$/
const PUBLIC_KEY_ID = /^PUB_KEY_ID_[0-9A-Za-z]+$/
const WECHAT_APPID = /^wx[0-9a-f]{16}$/
const ALIPAY_APPID = /^20\d{14}$/
const ALIPAY_PID = /^2088\d{12}$/

const value = (env: Env, name: string) => env[name]?.trim() || ''

function readFile(env: Env, name: string, problems: string[]): string | null {
  const file = value(env, name)
  if (!file) {
    problems.push(`${name} is not set`)
    return null
  }
  return readPath(name, file, problems)
}

function readPath(name: string, file: string, problems: string[]): string | null {
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

/** Payment providers are read in production only (development pays through the sandbox). */
const paymentEndpoint = (
  env: Env,
  name: string,
  fallback: string,
  hosts: ProviderHosts,
  problems: string[],
) => providerEndpoint(env, name, fallback, hosts, true, problems).toString()

function matching(env: Env, name: string, pattern: RegExp, what: string, problems: string[]): string {
  const text = value(env, name)
  if (!text) problems.push(`${name} is not set`)
  else if (!pattern.test(text)) problems.push(`${name} does not look like ${what}`)
  return text
}

/** WeChat Pay's public key: WECHATPAY_PUBLIC_KEY_FILE with its id; null when neither is set. */
function wechatPublicKey(env: Env, problems: string[]): WechatPayPlatformKey | null {
  if (!value(env, 'WECHATPAY_PUBLIC_KEY_FILE') && !value(env, 'WECHATPAY_PUBLIC_KEY_ID')) return null
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
  return publicKey && PUBLIC_KEY_ID.test(id) ? { id, publicKey } : null
}

/** Each platform certificate named (comma-separated files), its id the serial number in upper-case hex. */
function wechatCertificates(env: Env, problems: string[]): WechatPayPlatformKey[] {
  const keys: WechatPayPlatformKey[] = []
  for (const name of PLATFORM_CERT_VARIABLES) {
    const files = value(env, name)
      .split(',')
      .map((file) => file.trim())
      .filter(Boolean)
    for (const file of files) {
      const cert = certificate(readPath(name, file, problems), `${name}: ${file}`, problems)
      if (cert) keys.push({ id: cert.serialNumber.toUpperCase(), publicKey: cert.publicKey })
    }
  }
  return keys
}

/**
 * Every key WeChat Pay may sign with. The public key and platform certificates may all be set while
 * WeChat Pay moves from one to another; each answer's Wechatpay-Serial picks its key, so ids are unique.
 */
function wechatPlatformKeys(env: Env, problems: string[]): WechatPayPlatformKey[] {
  const publicKey = wechatPublicKey(env, problems)
  const keys = [...(publicKey ? [publicKey] : []), ...wechatCertificates(env, problems)]
  const named = ['WECHATPAY_PUBLIC_KEY_FILE', 'WECHATPAY_PUBLIC_KEY_ID', ...PLATFORM_CERT_VARIABLES]
  if (!named.some((name) => value(env, name)))
    problems.push(
      'neither WECHATPAY_PUBLIC_KEY_FILE + WECHATPAY_PUBLIC_KEY_ID nor WECHATPAY_PLATFORM_CERT_FILES is set',
    )
  const ids = keys.map((key) => key.id)
  for (const id of new Set(ids.filter((id, index) => ids.indexOf(id) !== index)))
    problems.push(`WECHATPAY_PLATFORM_CERT_FILES: the certificate ${id} is named twice`)
  return keys
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
  const platformKeys = wechatPlatformKeys(env, problems)
  const appEnv = {
    ...env,
    WECHATPAY_APPID: value(env, 'WECHATPAY_APPID') || value(env, 'WECHAT_OAUTH_APPID'),
  }
  const appId = matching(appEnv, 'WECHATPAY_APPID', WECHAT_APPID, 'a WeChat appid (wx + 16 hex)', problems)
  const mini = value(env, 'WECHATPAY_MINI_APPID') || value(env, 'WECHAT_MINI_APPID')
  if (mini && !WECHAT_APPID.test(mini))
    problems.push('WECHATPAY_MINI_APPID does not look like a WeChat appid')
  const baseUrl = paymentEndpoint(
    env,
    'WECHATPAY_BASE_URL',
    WECHATPAY_DEFAULT_BASE_URL,
    WECHATPAY_HOSTS,
    problems,
  )
  if (problems.length || !privateKey || !platformKeys.length) return { configured, problems, settings: null }
  return {
    configured,
    problems,
    settings: {
      mchid,
      serial,
      privateKey,
      apiV3Key,
      platformKeys,
      publicKeyId: platformKeys.find((key) => PUBLIC_KEY_ID.test(key.id))?.id ?? null,
      appId,
      miniAppId: mini || null,
      baseUrl,
    },
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
  const sellerId = matching(
    env,
    'ALIPAY_SELLER_ID',
    ALIPAY_PID,
    'a merchant PID (2088 + 12 digits)',
    problems,
  )
  const gateway = paymentEndpoint(env, 'ALIPAY_GATEWAY', ALIPAY_DEFAULT_GATEWAY, ALIPAY_HOSTS, problems)
  if (problems.length || !privateKey || !privatePem) return { configured, problems, settings: null }
  const keyType = privatePem.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8'
  return {
    configured,
    problems,
    settings: { appId, privateKey: privatePem, keyType, gateway, sellerId, ...keys },
  }
}

/** Both providers, or the start refused with every problem named. */
export function loadPaymentSettings(env: Env = process.env): PaymentSettings {
  const wechat = checkWechatPay(env)
  const alipay = checkAlipay(env)
  const problems = [...wechat.problems, ...alipay.problems]
  if (problems.length) throw new Error(`Payment provider settings: ${problems.join('; ')}`)
  return { wechatPay: wechat.settings, alipay: alipay.settings }
}
