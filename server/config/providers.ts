// Which provider serves each outside service and where it is reached, read from the environment
// (README "Deploying"). The same reading backs the start-up (config/index.ts refuses to start on a
// problem) and `npm run providers:check` (checks.ts), so both judge a deployment alike. Nothing
// here sends.

type Env = Record<string, string | undefined>

/** One registered template per kind of message (SMS_TEMPLATE_* in README "Deploying"). */
export const SMS_TEMPLATES = [
  'login',
  'register',
  'reset',
  'bind',
  'verify',
  'changePhone',
  'transfer',
  'activationLink',
  'recipientLink',
  'refund',
  'expiry',
  'renewed',
  'security',
  'workOrder',
] as const
export type SmsTemplate = (typeof SMS_TEMPLATES)[number]

export interface AliyunSmsSettings {
  accessKeyId: string
  accessKeySecret: string
  /** https://dysmsapi.aliyuncs.com unless set. */
  endpoint: URL
  signName: string
  templates: Record<SmsTemplate, string>
}

export interface TencentSmsSettings {
  secretId: string
  secretKey: string
  sdkAppId: string
  region: string
  /** https://sms.tencentcloudapi.com unless set. */
  endpoint: URL
  signName: string
  templates: Record<SmsTemplate, string>
}

export interface SmtpSettings {
  url: string
  from: string
}

export type SmsSettings =
  | { provider: 'sandbox' }
  | ({ provider: 'aliyun' } & AliyunSmsSettings)
  | ({ provider: 'tencent' } & TencentSmsSettings)

export type MailSettings = { provider: 'sandbox' } | ({ provider: 'smtp' } & SmtpSettings)

/** A reading: the settings (null = not configured, the service answers …未配置) and what is wrong. */
export interface Reading<T> {
  settings: T | null
  problems: string[]
}

/** The variable naming each template's id. */
export const TEMPLATE_VARIABLES: Record<SmsTemplate, string> = {
  login: 'SMS_TEMPLATE_LOGIN',
  register: 'SMS_TEMPLATE_REGISTER',
  reset: 'SMS_TEMPLATE_RESET',
  bind: 'SMS_TEMPLATE_BIND',
  verify: 'SMS_TEMPLATE_VERIFY',
  changePhone: 'SMS_TEMPLATE_CHANGE_PHONE',
  transfer: 'SMS_TEMPLATE_TRANSFER',
  activationLink: 'SMS_TEMPLATE_ACTIVATION_LINK',
  recipientLink: 'SMS_TEMPLATE_RECIPIENT_LINK',
  refund: 'SMS_TEMPLATE_REFUND',
  expiry: 'SMS_TEMPLATE_EXPIRY',
  renewed: 'SMS_TEMPLATE_RENEWED',
  security: 'SMS_TEMPLATE_SECURITY',
  workOrder: 'SMS_TEMPLATE_WORK_ORDER',
}

/**
 * Templates a deployment may leave out: verify reuses login's; without refund's, expiry's, renewed's,
 * security's or workOrder's, those are told by notice and mail only.
 */
export const OPTIONAL_TEMPLATES: ReadonlySet<SmsTemplate> = new Set([
  'verify',
  'refund',
  'expiry',
  'renewed',
  'security',
  'workOrder',
])

const value = (env: Env, name: string) => env[name]?.trim() ?? ''

/** Checks a variable against a format; returns its value ('' when it is missing or wrong). */
function formatted(env: Env, name: string, pattern: RegExp, what: string, problems: string[]): string {
  const text = value(env, name)
  if (!text) problems.push(`${name} is not set`)
  else if (!pattern.test(text)) problems.push(`${name} does not look like ${what}`)
  return pattern.test(text) ? text : ''
}

/** A region id as Aliyun and Tencent Cloud write it: cn-hangzhou, ap-southeast-1, ap-shanghai-fsi. */
const REGION = '[a-z]{2}-[a-z]+(?:-[a-z0-9]+)*'

/** A provider's own hosts: the pattern, and the same in words for the problems that name them. */
export interface ProviderHosts {
  pattern: RegExp
  names: string
}

// The region is spelled out (not any label): other subdomains of aliyuncs.com are customers' own (OSS buckets).
export const ALIYUN_SMS_HOSTS: ProviderHosts = {
  pattern: new RegExp(`^dysmsapi(?:\\.${REGION})?\\.aliyuncs\\.com$`),
  names: 'dysmsapi.aliyuncs.com or dysmsapi.<region>.aliyuncs.com',
}
export const TENCENT_SMS_HOSTS: ProviderHosts = {
  pattern: new RegExp(`^sms(?:\\.${REGION})?\\.tencentcloudapi\\.com$`),
  names: 'sms.tencentcloudapi.com or sms.<region>.tencentcloudapi.com',
}

/**
 * PROVIDER_ENDPOINTS_UNSAFE=1 lets production reach any http(s) endpoint and link to an http origin:
 * for tests, whose fakes listen on http://127.0.0.1. Never in a deployment.
 */
export const endpointsUnsafe = (env: Env) => value(env, 'PROVIDER_ENDPOINTS_UNSAFE') === '1'

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

/**
 * A provider's endpoint: its variable, else the provider's default. Production reaches a provider
 * over https on the provider's own hosts only, so a mistyped or planted variable can neither send
 * signed requests and credentials in clear nor hand them to another machine.
 */
export function providerEndpoint(
  env: Env,
  name: string,
  fallback: string,
  hosts: ProviderHosts,
  production: boolean,
  problems: string[],
): URL {
  const url = httpUrl(value(env, name) || fallback)
  if (!url) {
    problems.push(`${name} is not an http(s) URL`)
    return new URL(fallback)
  }
  if (production && !endpointsUnsafe(env)) {
    if (url.protocol !== 'https:') problems.push(`${name} is not https: ${url.origin}`)
    if (!hosts.pattern.test(url.hostname)) problems.push(`${name} is on ${url.hostname}, not ${hosts.names}`)
  }
  return url
}

/**
 * PUBLIC_ORIGIN: the console's address in the links sent by SMS and mail (activation and recipient
 * links are credentials) and in the payment providers' notification and return addresses (WeChat
 * Pay takes https only). Production wants it set and https.
 */
export function readPublicOrigin(env: Env, production: boolean): Reading<string> {
  const text = value(env, 'PUBLIC_ORIGIN')
  if (!text) return { settings: null, problems: production ? ['PUBLIC_ORIGIN is not set'] : [] }
  const url = httpUrl(text)
  if (!url) return { settings: null, problems: ['PUBLIC_ORIGIN is not an http(s) origin'] }
  const clear = production && !endpointsUnsafe(env) && url.protocol !== 'https:'
  return { settings: url.origin, problems: clear ? [`PUBLIC_ORIGIN is not https: ${url.origin}`] : [] }
}

function templates(env: Env, pattern: RegExp, what: string, problems: string[]) {
  const ids = {} as Record<SmsTemplate, string>
  for (const template of SMS_TEMPLATES) {
    const name = TEMPLATE_VARIABLES[template]
    if (template === 'verify' && !value(env, name)) ids.verify = ids.login
    else if (OPTIONAL_TEMPLATES.has(template) && !value(env, name)) ids[template] = ''
    else ids[template] = formatted(env, name, pattern, what, problems)
  }
  return ids
}

function signName(env: Env, problems: string[]): string {
  return formatted(env, 'SMS_SIGN_NAME', /^.{2,20}$/u, 'a signature name (2 to 20 characters)', problems)
}

export function readSmsSettings(env: Env, production: boolean): Reading<SmsSettings> {
  const provider = value(env, 'SMS_PROVIDER')
  const problems: string[] = []
  if (!provider) return { settings: production ? null : { provider: 'sandbox' }, problems }
  if (provider === 'sandbox') {
    if (production) problems.push('SMS_PROVIDER=sandbox serves development only')
    return { settings: { provider: 'sandbox' }, problems }
  }
  if (provider === 'aliyun') {
    const settings = {
      provider,
      accessKeyId: formatted(
        env,
        'ALIYUN_SMS_ACCESS_KEY_ID',
        /^LTAI[0-9A-Za-z]{12,30}$/,
        'an AccessKey ID (LTAI…)',
        problems,
      ),
      accessKeySecret: formatted(
        env,
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        /^[0-9A-Za-z]{30}$/,
        'an AccessKey secret (30 letters and digits)',
        problems,
      ),
      endpoint: providerEndpoint(
        env,
        'ALIYUN_SMS_ENDPOINT',
        'https://dysmsapi.aliyuncs.com',
        ALIYUN_SMS_HOSTS,
        production,
        problems,
      ),
      signName: signName(env, problems),
      templates: templates(env, /^SMS_\d{6,12}$/, 'an Aliyun template code (SMS_…)', problems),
    } as const
    return { settings, problems }
  }
  if (provider === 'tencent') {
    const settings = {
      provider,
      secretId: formatted(
        env,
        'TENCENT_SMS_SECRET_ID',
        /^AKID[0-9A-Za-z]{32}$/,
        'a SecretId (AKID…, 36 characters)',
        problems,
      ),
      secretKey: formatted(
        env,
        'TENCENT_SMS_SECRET_KEY',
        /^[0-9A-Za-z]{32}$/,
        'a SecretKey (32 letters and digits)',
        problems,
      ),
      sdkAppId: formatted(
        env,
        'TENCENT_SMS_SDK_APP_ID',
        /^14\d{8}$/,
        'an SMS SdkAppId (14…, 10 digits)',
        problems,
      ),
      region: value(env, 'TENCENT_SMS_REGION') || 'ap-guangzhou',
      endpoint: providerEndpoint(
        env,
        'TENCENT_SMS_ENDPOINT',
        'https://sms.tencentcloudapi.com',
        TENCENT_SMS_HOSTS,
        production,
        problems,
      ),
      signName: signName(env, problems),
      templates: templates(env, /^\d{4,10}$/, 'a Tencent Cloud template id (digits)', problems),
    } as const
    return { settings, problems }
  }
  return { settings: null, problems: [`SMS_PROVIDER is aliyun, tencent or sandbox, not ${provider}`] }
}

export function readMailSettings(env: Env, production: boolean): Reading<MailSettings> {
  const url = value(env, 'SMTP_URL')
  const from = value(env, 'MAIL_FROM')
  if (!url && !from) return { settings: production ? null : { provider: 'sandbox' }, problems: [] }
  const problems: string[] = []
  try {
    if (!/^smtps?:$/.test(new URL(url).protocol))
      problems.push('SMTP_URL is not an smtp:// or smtps:// address')
  } catch {
    problems.push(url ? 'SMTP_URL is not an smtp:// or smtps:// address' : 'SMTP_URL is not set')
  }
  // "会员中心 <noreply@example.com>" or a bare address.
  if (!/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(from))
    problems.push(from ? 'MAIL_FROM is not an e-mail address' : 'MAIL_FROM is not set')
  return { settings: { provider: 'smtp', url, from }, problems }
}
