// `npm run providers:check` (server/providers/checks.ts): one line per outside service naming the
// provider the environment selects and the host it is reached at, and every problem of its
// variables; nothing is sent. In production endpoints are https on the providers' own hosts.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { smtpTransportOptions } from '../../../server/providers/mail/smtp'
import { checkProviders } from '../../../server/providers/checks'
import { TEMPLATE_VARIABLES } from '../../../server/config/providers'
import { paymentEnv } from '../support/payment-env'

const payment = paymentEnv('provider-checks')
const wechatPay = payment.wechat
const alipay = payment.alipay

type Env = Record<string, string>

const byService = (env: Env, production: boolean) =>
  Object.fromEntries(checkProviders(env, production).map(({ service, ...rest }) => [service, rest]))

const templates = (id: (index: number) => string) =>
  Object.fromEntries(Object.values(TEMPLATE_VARIABLES).map((name, index) => [name, id(index)]))

const SMS_CODE_SECRET = 'c'.repeat(32)
const ALIYUN_SECRET = 'Xq3Lm8Rt2Vb6Nw9Kp4Hd7Fj1Gs5Zc0'
const aliyun: Env = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tQ7yF2nW8kR3mZ9xB4c',
  ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN_SECRET,
  SMS_SIGN_NAME: '会员中心',
  SMS_CODE_SECRET,
  ...templates((index) => `SMS_4650${index}0001`),
}
const tencent: Env = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: `AKID${'a1B2'.repeat(8)}`,
  TENCENT_SMS_SECRET_KEY: 'k9L8m7N6'.repeat(4),
  TENCENT_SMS_SDK_APP_ID: '1400123456',
  SMS_SIGN_NAME: '会员中心',
  SMS_CODE_SECRET,
  ...templates((index) => `10${index}001`),
}
const UNSAFE = { PROVIDER_ENDPOINTS_UNSAFE: '1' }

describe('providers:check', () => {
  it('lists every outside service; in development the sandbox plays each one', () => {
    expect(byService({}, false)).toEqual({
      SMS: { provider: 'sandbox', problems: [] },
      mail: { provider: 'sandbox', problems: [] },
      'WeChat Pay': { provider: 'sandbox', problems: [] },
      Alipay: { provider: 'sandbox', problems: [] },
      'WeChat messages': { provider: 'sandbox', problems: [] },
      console: { provider: "the request's origin", problems: [] },
    })
  })

  it('names the WeChat templates production is missing per app, and refuses WECHAT_API_BASE there', () => {
    const mini = { WECHAT_MINI_APPID: 'wx1', WECHAT_MINI_SECRET: 's', WECHAT_TEMPLATE_WORK_ORDER_REPLY: 'T1' }
    expect(byService({ SMS_CODE_SECRET }, true)['WeChat messages']).toEqual({ provider: null, problems: [] })
    const named = byService({ SMS_CODE_SECRET, ...mini }, true)['WeChat messages']
    expect(named.provider).toBe(
      'mini-program formal (no WECHAT_TEMPLATE_AWAITING_CONFIRMATION, WECHAT_TEMPLATE_REOPENED, ' +
        'WECHAT_TEMPLATE_CLOSED, WECHAT_TEMPLATE_EXPIRY: those by SMS and mail only)',
    )
    const both = { ...mini, WECHAT_OAUTH_APPID: 'wx2', WECHAT_OAUTH_SECRET: 's2' }
    const oaTemplates = ['WORK_ORDER_REPLY', 'AWAITING_CONFIRMATION', 'REOPENED', 'CLOSED']
    const withOa = Object.fromEntries(oaTemplates.map((name) => [`WECHAT_OA_TEMPLATE_${name}`, `OA-${name}`]))
    expect(byService({ SMS_CODE_SECRET, ...both, ...withOa }, true)['WeChat messages'].provider).toBe(
      'mini-program formal (no WECHAT_TEMPLATE_AWAITING_CONFIRMATION, WECHAT_TEMPLATE_REOPENED, ' +
        'WECHAT_TEMPLATE_CLOSED, WECHAT_TEMPLATE_EXPIRY: those by SMS and mail only); ' +
        'official account (no WECHAT_OA_TEMPLATE_EXPIRY: those by SMS and mail only)',
    )
    expect(
      byService({ SMS_CODE_SECRET, ...mini, WECHAT_API_BASE: 'http://127.0.0.1:9' }, true)['WeChat messages']
        .problems,
    ).toEqual(['WECHAT_API_BASE is for development and tests only'])
  })

  it('in production an unconfigured payment provider is disabled, not an error', () => {
    const result = byService({ SMS_CODE_SECRET }, true)
    expect(result['WeChat Pay']).toEqual({ provider: null, problems: [] })
    expect(result.Alipay).toEqual({ provider: null, problems: [] })
  })

  it('names the payment provider, its verification mode and the host it is reached at', () => {
    const result = byService({ ...wechatPay, ...alipay }, true)
    expect(result['WeChat Pay']).toEqual({
      provider: 'wechatpay (public key) at api.mch.weixin.qq.com',
      problems: [],
    })
    expect(result.Alipay).toEqual({
      provider: 'alipay (public key mode) at openapi.alipay.com',
      problems: [],
    })
  })

  it('reports each problem of a partial or malformed payment set, without its values', () => {
    const result = byService(
      { ...wechatPay, WECHATPAY_APIV3_KEY: 'k3GSx1Zy', ALIPAY_APP_ID: '2021000000000001' },
      true,
    )
    expect(result['WeChat Pay']).toEqual({
      provider: null,
      problems: ['WECHATPAY_APIV3_KEY is not 32 characters'],
    })
    expect(result.Alipay.provider).toBeNull()
    expect(result.Alipay.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ALIPAY_PRIVATE_KEY_FILE/),
        'ALIPAY_SELLER_ID is not set',
      ]),
    )
    expect(JSON.stringify(result)).not.toContain('k3GSx1Zy')
  })
})

describe.each([
  ['aliyun', aliyun, 'ALIYUN_SMS_ENDPOINT', 'dysmsapi', 'aliyuncs.com', 'ap-southeast-1'],
  ['tencent', tencent, 'TENCENT_SMS_ENDPOINT', 'sms', 'tencentcloudapi.com', 'ap-guangzhou'],
])('%s SMS endpoint', (provider, env, variable, service, domain, region) => {
  const hosts = `${service}.${domain} or ${service}.<region>.${domain}`
  const sms = (extra: Env, production = true) => byService({ ...env, ...extra }, production).SMS

  it("is on the provider's own host over https, regional ones included", () => {
    expect(sms({})).toEqual({ provider: `${provider} at ${service}.${domain}`, problems: [] })
    const regional = `${service}.${region}.${domain}`
    expect(sms({ [variable]: `https://${regional}` })).toEqual({
      provider: `${provider} at ${regional}`,
      problems: [],
    })
  })

  it('in production refuses http and another host, naming each', () => {
    expect(sms({ [variable]: 'http://127.0.0.1:8125' }).problems).toEqual([
      `${variable} is not https: http://127.0.0.1:8125`,
      `${variable} is on 127.0.0.1, not ${hosts}`,
    ])
    // Another subdomain of the provider's domain (on Aliyun, OSS buckets are customers' own).
    expect(sms({ [variable]: `https://${service}.oss-cn-hangzhou.${domain}` }).problems).toEqual([
      `${variable} is on ${service}.oss-cn-hangzhou.${domain}, not ${hosts}`,
    ])
  })

  it('takes the fake on loopback with PROVIDER_ENDPOINTS_UNSAFE=1, and in development', () => {
    const fake = { [variable]: 'http://127.0.0.1:8125' }
    expect(sms({ ...fake, ...UNSAFE })).toEqual({ provider: `${provider} at 127.0.0.1:8125`, problems: [] })
    expect(sms(fake, false)).toEqual({ provider: `${provider} at 127.0.0.1:8125`, problems: [] })
  })
})

describe('PUBLIC_ORIGIN', () => {
  const origin = (env: Env, production = true) => byService({ SMS_CODE_SECRET, ...env }, production).console

  it('is https in production: links and notification addresses never travel in clear', () => {
    expect(origin({ PUBLIC_ORIGIN: 'https://mc.example.com/any/path' })).toEqual({
      provider: 'https://mc.example.com',
      problems: [],
    })
    expect(origin({ PUBLIC_ORIGIN: 'http://mc.example.com' }).problems).toEqual([
      'PUBLIC_ORIGIN is not https: http://mc.example.com',
    ])
    expect(origin({}).problems).toEqual(['PUBLIC_ORIGIN is not set'])
  })

  it('may be http with PROVIDER_ENDPOINTS_UNSAFE=1, and in development', () => {
    const fake = { PUBLIC_ORIGIN: 'http://127.0.0.1:8080' }
    expect(origin({ ...fake, ...UNSAFE })).toEqual({ provider: 'http://127.0.0.1:8080', problems: [] })
    expect(origin(fake, false)).toEqual({ provider: 'http://127.0.0.1:8080', problems: [] })
  })
})

describe('mail over SMTP', () => {
  const MAIL_FROM = '会员中心 <noreply@mc.example.com>'

  it('smtp:// to another machine requires STARTTLS; smtps:// and a relay on loopback do not', () => {
    expect(smtpTransportOptions('smtp://mc:pw@smtp.example.com:587')).toMatchObject({
      host: 'smtp.example.com',
      secure: false,
      requireTLS: true,
    })
    // The URL's own options cannot turn it off.
    expect(smtpTransportOptions('smtp://smtp.example.com?requireTLS=false&ignoreTLS=true')).toMatchObject({
      requireTLS: true,
    })
    for (const url of ['smtps://mc:pw@smtp.example.com:465', 'smtp://127.0.0.1:2525', 'smtp://localhost'])
      expect(smtpTransportOptions(url)).not.toHaveProperty('requireTLS')
  })

  it('providers:check names the host, and STARTTLS where it is required, never the password', () => {
    const mail = (SMTP_URL: string) => byService({ SMTP_URL, MAIL_FROM }, false).mail
    expect(mail('smtp://mc:s3cret@smtp.example.com:587')).toEqual({
      provider: 'smtp at smtp.example.com:587 (STARTTLS required)',
      problems: [],
    })
    expect(mail('smtps://mc:s3cret@smtp.example.com')).toEqual({
      provider: 'smtp at smtp.example.com',
      problems: [],
    })
  })
})

describe('npm run providers:check in production', () => {
  const ROOT = path.resolve(__dirname, '../../..')
  const deployed: Env = {
    ...aliyun,
    ...wechatPay,
    ...alipay,
    SMTP_URL: 'smtp://mc:s3cret@smtp.example.com:587',
    MAIL_FROM: 'noreply@mc.example.com',
    PUBLIC_ORIGIN: 'http://127.0.0.1:8080',
    ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:8125',
    WECHATPAY_BASE_URL: 'http://127.0.0.1:8123/',
    ALIPAY_GATEWAY: 'https://gateway.example.net/gateway.do',
  }
  const run = (env: Env) => {
    // Production and these variables only: nothing of the test process or the machine's own settings.
    const only: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      ...env,
    }
    return spawnSync(process.execPath, ['--import', 'tsx', 'server/providers-check.ts'], {
      cwd: ROOT,
      env: only as NodeJS.ProcessEnv,
      encoding: 'utf8',
      timeout: 60_000,
    })
  }

  it('refuses an http endpoint and a foreign host unless PROVIDER_ENDPOINTS_UNSAFE=1', () => {
    const refused = run(deployed)
    expect(refused.status).toBe(1)
    const lines = refused.stdout.split('\n').map((line) => line.trim())
    expect(lines).toEqual(
      expect.arrayContaining([
        'SMS         aliyun at 127.0.0.1:8125',
        '✗ ALIYUN_SMS_ENDPOINT is not https: http://127.0.0.1:8125',
        '✗ ALIYUN_SMS_ENDPOINT is on 127.0.0.1, not dysmsapi.aliyuncs.com or dysmsapi.<region>.aliyuncs.com',
        'mail        smtp at smtp.example.com:587 (STARTTLS required)',
        'WeChat Pay  misconfigured',
        '✗ WECHATPAY_BASE_URL is not https: http://127.0.0.1:8123',
        '✗ WECHATPAY_BASE_URL is on 127.0.0.1, not api.mch.weixin.qq.com or api2.mch.weixin.qq.com',
        '✗ ALIPAY_GATEWAY is on gateway.example.net, not openapi.alipay.com',
        'console     http://127.0.0.1:8080',
        '✗ PUBLIC_ORIGIN is not https: http://127.0.0.1:8080',
        '6 problem(s)',
      ]),
    )
    for (const secret of [ALIYUN_SECRET, wechatPay.WECHATPAY_APIV3_KEY, 's3cret'])
      expect(refused.stdout).not.toContain(secret)

    const unsafe = run({ ...deployed, ...UNSAFE, ALIPAY_GATEWAY: 'http://127.0.0.1:8124/gateway.do' })
    expect(unsafe.status).toBe(0)
    expect(unsafe.stdout.split('\n').map((line) => line.trim())).toEqual(
      expect.arrayContaining([
        'WeChat Pay  wechatpay (public key) at 127.0.0.1:8123',
        'Alipay      alipay (public key mode) at 127.0.0.1:8124',
        '! PROVIDER_ENDPOINTS_UNSAFE=1: endpoints and PUBLIC_ORIGIN may be http and on any host (tests only)',
        'ok',
      ]),
    )
  }, 120_000)
})
