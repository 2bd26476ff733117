// `npm run providers:check`: for each outside service, which provider the environment selects and
// whether its variables are present and well formed (key formats, template ids, addresses). It
// reads only the environment: nothing is sent and no secret is printed.
// Each service adds one entry to PROVIDER_CHECKS.
import { checkAlipay, checkWechatPay, type ProviderCheck as PaymentCheck } from './payment/settings'
import { readMailSettings, readSmsSettings, type Reading } from './settings'

type Env = Record<string, string | undefined>

export interface CheckResult {
  service: string
  /** The provider that will serve it; null = disabled (its calls answer …未配置). */
  provider: string | null
  problems: string[]
}

export interface ProviderCheck {
  service: string
  check(env: Env, production: boolean): Omit<CheckResult, 'service'>
}

const fromReading = (reading: Reading<{ provider: string }>) => ({
  provider: reading.settings?.provider ?? null,
  problems: reading.problems,
})

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
      const result = fromReading(readSmsSettings(env, production))
      // The code hashes' key (config.ts refuses to start without it in production).
      if (production && (env.SMS_CODE_SECRET ?? '').length < 32)
        result.problems.push('SMS_CODE_SECRET is shorter than 32 characters')
      return result
    },
  },
  { service: 'mail', check: (env, production) => fromReading(readMailSettings(env, production)) },
  {
    service: 'WeChat Pay',
    check: (env, production) =>
      fromPayment(
        production,
        () => checkWechatPay(env),
        ({ platform }) =>
          `wechatpay (${platform.id.startsWith('PUB_KEY_ID_') ? 'public key' : 'platform certificate'})`,
      ),
  },
  {
    service: 'Alipay',
    check: (env, production) =>
      fromPayment(
        production,
        () => checkAlipay(env),
        ({ certs }) => `alipay (${certs ? 'certificate' : 'public key'} mode)`,
      ),
  },
]

export function checkProviders(env: Env, production: boolean, checks = PROVIDER_CHECKS): CheckResult[] {
  return checks.map(({ service, check }) => ({ service, ...check(env, production) }))
}
