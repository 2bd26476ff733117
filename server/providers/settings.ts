// Which provider serves each outside service, read from the environment (README "Deploying").
// The same reading backs the start-up (config.ts refuses to start on a problem) and
// `npm run providers:check` (checks.ts), so both judge a deployment alike. Nothing here sends.
import type { AliyunSmsSettings } from './sms/aliyun'
import { SMS_TEMPLATES, type SmsTemplate } from './sms/index'
import type { TencentSmsSettings } from './sms/tencent'
import type { SmtpSettings } from './mail/smtp'

type Env = Record<string, string | undefined>

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

/** The variable naming each template's id (SMS_TEMPLATE_VERIFY may be left out: it reuses LOGIN). */
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
}

const value = (env: Env, name: string) => env[name]?.trim() ?? ''

/** Checks a variable against a format; returns its value ('' when it is missing or wrong). */
function formatted(env: Env, name: string, pattern: RegExp, what: string, problems: string[]): string {
  const text = value(env, name)
  if (!text) problems.push(`${name} is not set`)
  else if (!pattern.test(text)) problems.push(`${name} does not look like ${what}`)
  return pattern.test(text) ? text : ''
}

function endpoint(env: Env, name: string, fallback: string, problems: string[]): URL {
  const text = value(env, name) || fallback
  try {
    const url = new URL(text)
    if (url.protocol === 'https:' || url.protocol === 'http:') return url
  } catch {
    // reported below
  }
  problems.push(`${name} is not an http(s) address`)
  return new URL(fallback)
}

function templates(env: Env, pattern: RegExp, what: string, problems: string[]) {
  const ids = {} as Record<SmsTemplate, string>
  for (const template of SMS_TEMPLATES) {
    const name = TEMPLATE_VARIABLES[template]
    if (template === 'verify' && !value(env, name)) ids.verify = ids.login
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
      endpoint: endpoint(env, 'ALIYUN_SMS_ENDPOINT', 'https://dysmsapi.aliyuncs.com', problems),
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
      endpoint: endpoint(env, 'TENCENT_SMS_ENDPOINT', 'https://sms.tencentcloudapi.com', problems),
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
