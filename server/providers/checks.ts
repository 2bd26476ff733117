// `npm run providers:check`: for each outside service, which provider the environment selects, the
// host it is reached at, and whether its variables are present and well formed (key formats,
// template ids, addresses; in production https endpoints on the providers' own hosts). It reads
// only the environment: nothing is sent and no secret is printed. Each service adds one entry to
// PROVIDER_CHECKS.
import { requiresStartTls } from './mail/smtp'
import {
  checkAlipay,
  checkWechatPay,
  type AlipayKeys,
  type ProviderCheck as PaymentCheck,
  type WechatPaySettings,
} from '../config/payment'
import {
  OPTIONAL_TEMPLATES,
  readMailSettings,
  readPublicOrigin,
  readSmsSettings,
  TEMPLATE_VARIABLES,
  type MailSettings,
  type Reading,
  type SmsSettings,
} from '../config/providers'

import { WECHAT_TEMPLATES } from '../../src/core/contract/wechat-messages'
import { readWechatMessaging, templateVariable } from '../config/wechat'

type Env = Record<string, string | undefined>

export interface CheckResult {
  service: string
  /** The provider that will serve it and where; null = disabled (its calls answer …未配置). */
  provider: string | null
  problems: string[]
}

export interface ProviderCheck {
  service: string
  check(env: Env, production: boolean): Omit<CheckResult, 'service'>
}

const fromReading = <T>(reading: Reading<T>, describe: (settings: T) => string) => ({
  provider: reading.settings ? describe(reading.settings) : null,
  problems: reading.problems,
})

/** host[:port] of an address: never its user, password or query. */
function hostOf(address: string): string {
  try {
    return new URL(address).host || '?'
  } catch {
    return '?'
  }
}

/**
 * The optional templates left out (verify aside: it reuses login's): what they carry (refunds,
 * expiry reminders, renewals) is told by notice and mail only.
 */
function missingTemplates(settings: SmsSettings): string {
  if (settings.provider === 'sandbox') return ''
  const missing = [...OPTIONAL_TEMPLATES]
    .filter((template) => template !== 'verify' && !settings.templates[template])
    .map((template) => TEMPLATE_VARIABLES[template])
  return missing.length ? ` (no ${missing.join(', ')}: by notice and mail only)` : ''
}

const smsProvider = (settings: SmsSettings) =>
  settings.provider === 'sandbox'
    ? 'sandbox'
    : `${settings.provider} at ${settings.endpoint.host}${missingTemplates(settings)}`

function mailProvider(settings: MailSettings): string {
  if (settings.provider === 'sandbox') return 'sandbox'
  const tls = requiresStartTls(settings.url) ? ' (STARTTLS required)' : ''
  return `smtp at ${hostOf(settings.url)}${tls}`
}

/** The keys WeChat Pay's signatures are checked with: "public key + 2 platform certificates". */
function wechatPayKeys({ platformKeys, publicKeyId }: WechatPaySettings): string {
  const certificates = platformKeys.length - (publicKeyId ? 1 : 0)
  return [
    publicKeyId && 'public key',
    certificates === 1 && 'platform certificate',
    certificates > 1 && `${certificates} platform certificates`,
  ]
    .filter(Boolean)
    .join(' + ')
}

const wechatPayProvider = (settings: WechatPaySettings) =>
  `wechatpay (${wechatPayKeys(settings)}) at ${hostOf(settings.baseUrl)}`

const alipayProvider = ({ certs, gateway }: AlipayKeys) =>
  `alipay (${certs ? 'certificate' : 'public key'} mode) at ${hostOf(gateway)}`

/**
 * A payment provider: outside production the development sandbox plays it (its variables are not
 * read there); in production it is off until configured, and a partial or malformed set is named.
 */
const fromPayment = <T>(
  production: boolean,
  check: () => PaymentCheck<T>,
  provider: (settings: T) => string,
) => {
  if (!production) return { provider: 'sandbox', problems: [] }
  const { problems, settings } = check()
  return { provider: settings ? provider(settings) : null, problems }
}

export const PROVIDER_CHECKS: ProviderCheck[] = [
  {
    service: 'SMS',
    check: (env, production) => {
      const result = fromReading(readSmsSettings(env, production), smsProvider)
      // The code hashes' key (config/ refuses to start without it in production).
      if (production && (env.SMS_CODE_SECRET ?? '').length < 32)
        result.problems.push('SMS_CODE_SECRET is shorter than 32 characters')
      return result
    },
  },
  {
    service: 'mail',
    check: (env, production) => fromReading(readMailSettings(env, production), mailProvider),
  },
  {
    service: 'WeChat Pay',
    check: (env, production) => fromPayment(production, () => checkWechatPay(env), wechatPayProvider),
  },
  {
    service: 'Alipay',
    check: (env, production) => fromPayment(production, () => checkAlipay(env), alipayProvider),
  },
  {
    service: 'WeChat messages',
    check: (env, production) => {
      const { settings, problems } = readWechatMessaging(env, production)
      if (!production) return { provider: 'sandbox', problems }
      // Each app whose credentials are set, with the templates it lacks (those go by SMS and mail).
      const apps = [
        { app: 'mini', label: `mini-program ${settings.miniprogramState}`, prefix: 'WECHAT_MINI' },
        { app: 'oa', label: 'official account', prefix: 'WECHAT_OAUTH' },
      ] as const
      const provided = apps
        .filter(({ prefix }) => env[`${prefix}_APPID`] && env[`${prefix}_SECRET`])
        .map(({ app, label }) => {
          const missing = WECHAT_TEMPLATES.filter((template) => !settings.templates[app][template])
          const names = missing.map((template) => templateVariable(app, template)).join(', ')
          return missing.length ? `${label} (no ${names}: those by SMS and mail only)` : label
        })
      return { provider: provided.length ? provided.join('; ') : null, problems }
    },
  },
  {
    // Not a provider, but every provider is given it: notification and return addresses, links.
    service: 'console',
    check: (env, production) => {
      const { settings, problems } = readPublicOrigin(env, production)
      return { provider: settings ?? (production ? 'not set' : "the request's origin"), problems }
    },
  },
]

export function checkProviders(env: Env, production: boolean, checks = PROVIDER_CHECKS): CheckResult[] {
  return checks.map(({ service, check }) => ({ service, ...check(env, production) }))
}
