import { redactSecrets } from '../../server/app'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  DEVELOPMENT_PASSWORD_AES_KEY,
  DEVELOPMENT_SWITCH_SIGN_PREFIX,
  PASSWORD_AES_KEY,
} from '../../src/core/config/shared'
import {
  DEFAULT_DATABASE_URL,
  DEV_FILE_URL_SECRET,
  DEV_SMS_CODE_SECRET,
  DEV_PAY_NOTIFY_SECRET,
  disabledServices,
  loadConfig,
  parseTrustProxy,
} from '../../server/config'
import { TEMPLATE_VARIABLES } from '../../server/config/providers'

describe('loadConfig (docs/api.md "Configuration")', () => {
  it('has development defaults under NODE_ENV=development', () => {
    const config = loadConfig({ NODE_ENV: 'development', STATIC_DIR: '/no/such/dir' })
    expect(config).toMatchObject({
      port: 8080,
      // The sandbox (demo accounts, /__dev) is reachable from this machine only unless HOST is set.
      host: '127.0.0.1',
      databaseUrl: DEFAULT_DATABASE_URL,
      production: false,
      staticDir: null,
      // The shared default (src/core/config/shared.ts), unless the environment sets one.
      passwordKey: PASSWORD_AES_KEY,
      trustProxy: false,
      payNotifySecret: DEV_PAY_NOTIFY_SECRET,
      smsHourlyLimitPerAddress: 10,
      seedDemo: true,
      publicOrigin: null,
      wechatMini: null,
      wechatOauth: null,
      frameAncestors: [],
      hsts: false,
    })
    expect(disabledServices(config)).toEqual([])
  })

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9001',
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      NODE_ENV: 'production',
      STATIC_DIR: 'dist/h5',
      TARO_APP_PASSWORD_KEY: 'k'.repeat(32),
      TARO_APP_SWITCH_SIGN_PREFIX: 'PREFIX',
      PUBLIC_ORIGIN: 'https://mc.example.com/ignored/path',
      FILE_URL_SECRET: 's'.repeat(40),
      SMS_CODE_SECRET: 'c'.repeat(40),
      SMS_ADDRESS_HOURLY_LIMIT: '50',
      WECHAT_MINI_APPID: 'wx123',
      WECHAT_MINI_SECRET: 'mini-secret',
      FRAME_ANCESTORS: 'https://portal.example.com https://admin.example.com',
      HSTS: '1',
    })
    expect(config).toMatchObject({
      port: 9001,
      host: '127.0.0.1',
      databaseUrl: 'memory://',
      production: true,
      passwordKey: 'k'.repeat(32),
      switchSignPrefix: 'PREFIX',
      smsHourlyLimitPerAddress: 50,
      // No payment sandbox in production.
      payNotifySecret: null,
      seedDemo: false,
      publicOrigin: 'https://mc.example.com',
      wechatMini: { appId: 'wx123', secret: 'mini-secret' },
      wechatOauth: null,
      frameAncestors: ['https://portal.example.com', 'https://admin.example.com'],
      hsts: true,
    })
    const disabled = disabledServices(config).join('\n')
    expect(disabled).toMatch(/WECHAT_OAUTH_APPID/)
    expect(disabled).toMatch(/SMS_PROVIDER/)
    expect(disabled).toMatch(/SMTP_URL/)
    expect(disabled).not.toMatch(/WECHAT_MINI_APPID/)
    // No payment provider variables: both providers are off (paying answers 在线支付暂未开通).
    expect(config.paymentProviders).toEqual({ wechatPay: null, alipay: null })
    expect(disabled).toMatch(/WeChat Pay \(WECHATPAY_\*\)/)
    expect(disabled).toMatch(/Alipay \(ALIPAY_\*\)/)
  })

  it('refuses to start in production with a payment provider configured in part, naming each problem', () => {
    const production = {
      NODE_ENV: 'production',
      TARO_APP_PASSWORD_KEY: 'k'.repeat(32),
      TARO_APP_SWITCH_SIGN_PREFIX: 'PREFIX',
      PUBLIC_ORIGIN: 'https://mc.example.com',
      FILE_URL_SECRET: 's'.repeat(40),
      SMS_CODE_SECRET: 'c'.repeat(40),
    }
    expect(() => loadConfig({ ...production, ALIPAY_APP_ID: '2021000000000001' })).toThrow(
      /ALIPAY_PRIVATE_KEY_FILE is not set; ALIPAY_PUBLIC_KEY_FILE is not set; ALIPAY_SELLER_ID is not set/,
    )
    // The sandbox ignores them: development pays through /__dev/pay.
    expect(loadConfig({ NODE_ENV: 'development', ALIPAY_APP_ID: '1' }).paymentProviders).toBeUndefined()
  })

  it('serves STATIC_DIR only when a build (index.html) is there', () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-built-'))
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-empty-'))
    try {
      fs.writeFileSync(path.join(built, 'index.html'), '<!doctype html>')
      expect(loadConfig({ NODE_ENV: 'test', STATIC_DIR: built }).staticDir).toBe(built)
      expect(loadConfig({ NODE_ENV: 'test', STATIC_DIR: empty }).staticDir).toBeNull()
    } finally {
      fs.rmSync(built, { recursive: true, force: true })
      fs.rmSync(empty, { recursive: true, force: true })
    }
  })

  it('refuses a port that is not one and a key AES cannot use', () => {
    const dev = { NODE_ENV: 'development' }
    expect(() => loadConfig({ ...dev, PORT: 'http' })).toThrow(/PORT/)
    expect(() => loadConfig({ ...dev, TARO_APP_PASSWORD_KEY: 'short' })).toThrow(/16, 24 or 32 bytes/)
    expect(() => loadConfig({ ...dev, SMS_ADDRESS_HOURLY_LIMIT: '0' })).toThrow(/SMS_ADDRESS_HOURLY_LIMIT/)
    expect(() => loadConfig({ ...dev, PUBLIC_ORIGIN: 'ftp://x' })).toThrow(/PUBLIC_ORIGIN/)
  })

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%p', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected)
  })

  it('refuses TRUST_PROXY=true, which would let any client choose its address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=true/)
  })
})

describe('production is the default and fails closed', () => {
  const secrets = {
    TARO_APP_PASSWORD_KEY: 'p'.repeat(16),
    TARO_APP_SWITCH_SIGN_PREFIX: 'DEPLOYED-PREFIX',
    PUBLIC_ORIGIN: 'https://mc.example.com',
    FILE_URL_SECRET: 'f'.repeat(32),
    SMS_CODE_SECRET: 'c'.repeat(32),
  }

  it.each([undefined, '', 'production', 'staging', 'Development'])(
    'NODE_ENV=%p is production: the sandbox and the demo seed are off',
    (nodeEnv) => {
      const config = loadConfig({ ...secrets, NODE_ENV: nodeEnv })
      expect(config).toMatchObject({ production: true, seedDemo: false, payNotifySecret: null })
    },
  )

  it.each(['development', 'test'])('NODE_ENV=%s is the sandbox', (nodeEnv) => {
    expect(loadConfig({ NODE_ENV: nodeEnv })).toMatchObject({ production: false, seedDemo: true })
  })

  it('listens on every interface unless HOST is set; the sandbox on loopback', () => {
    expect(loadConfig(secrets).host).toBe('0.0.0.0')
    expect(loadConfig({ ...secrets, HOST: '10.0.0.7' }).host).toBe('10.0.0.7')
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1')
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
  })

  it("PAY_NOTIFY_SECRET is the sandbox's key only: production ignores it and has no sandbox", () => {
    expect(loadConfig({ ...secrets, PAY_NOTIFY_SECRET: 'n'.repeat(32) }).payNotifySecret).toBeNull()
    expect(loadConfig({ NODE_ENV: 'development' }).payNotifySecret).toBe(DEV_PAY_NOTIFY_SECRET)
    expect(loadConfig({ NODE_ENV: 'development', PAY_NOTIFY_SECRET: 'short' }).payNotifySecret).toBe('short')
  })

  it('SEED_DEMO=1 opts a production server into the demo data', () => {
    expect(loadConfig({ ...secrets, SEED_DEMO: '1' }).seedDemo).toBe(true)
  })

  it('refuses to start naming every missing secret', () => {
    expect(() => loadConfig({})).toThrow(/TARO_APP_PASSWORD_KEY, TARO_APP_SWITCH_SIGN_PREFIX, PUBLIC_ORIGIN/)
    const { PUBLIC_ORIGIN: _origin, ...withoutOrigin } = secrets
    expect(() => loadConfig(withoutOrigin)).toThrow(/set PUBLIC_ORIGIN \(/)
  })

  it('refuses the development key and prefix in production', () => {
    expect(() => loadConfig({ ...secrets, TARO_APP_PASSWORD_KEY: DEVELOPMENT_PASSWORD_AES_KEY })).toThrow(
      /set TARO_APP_PASSWORD_KEY \(/,
    )
    expect(() =>
      loadConfig({ ...secrets, TARO_APP_SWITCH_SIGN_PREFIX: DEVELOPMENT_SWITCH_SIGN_PREFIX }),
    ).toThrow(/set TARO_APP_SWITCH_SIGN_PREFIX \(/)
  })

  it('refuses a missing, short or sandbox file-address key in production', () => {
    const { FILE_URL_SECRET: _key, ...withoutKey } = secrets
    expect(() => loadConfig(withoutKey)).toThrow(/set FILE_URL_SECRET \(at least 32 characters\)/)
    expect(() => loadConfig({ ...secrets, FILE_URL_SECRET: 'short' })).toThrow(/FILE_URL_SECRET/)
    expect(() => loadConfig({ ...secrets, FILE_URL_SECRET: DEV_FILE_URL_SECRET })).toThrow(/FILE_URL_SECRET/)
    expect(loadConfig(secrets).fileUrlSecret).toBe(secrets.FILE_URL_SECRET)
    expect(loadConfig({ NODE_ENV: 'development' }).fileUrlSecret).toBe(DEV_FILE_URL_SECRET)
  })

  it('refuses one secret for two jobs, and a short METRICS_TOKEN', () => {
    expect(() => loadConfig({ ...secrets, SMS_CODE_SECRET: secrets.FILE_URL_SECRET })).toThrow(
      /set SMS_CODE_SECRET \(not the same as FILE_URL_SECRET\)/,
    )
    expect(() => loadConfig({ ...secrets, METRICS_TOKEN: 'x' })).toThrow(
      /set METRICS_TOKEN \(at least 32 characters, or unset\)/,
    )
    expect(() => loadConfig({ ...secrets, METRICS_TOKEN: secrets.SMS_CODE_SECRET })).toThrow(
      /METRICS_TOKEN \(not one of the other secrets\)/,
    )
    expect(loadConfig({ ...secrets, METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32))
    // The sandbox keeps its defaults and takes any token.
    expect(loadConfig({ NODE_ENV: 'development', METRICS_TOKEN: 'x' }).metricsToken).toBe('x')
  })

  it('takes a TRUST_PROXY hop count only on a private address, where only the proxy connects', () => {
    expect(() => loadConfig({ ...secrets, TRUST_PROXY: '1' })).toThrow(
      /Refusing to start: TRUST_PROXY=1 \(a hop count\) would believe any direct client's X-Forwarded-For on HOST 0\.0\.0\.0/,
    )
    expect(() => loadConfig({ ...secrets, TRUST_PROXY: '1', HOST: '203.0.113.5' })).toThrow(/TRUST_PROXY=1/)
    for (const host of ['127.0.0.1', '10.0.0.7', '172.20.1.2', '192.168.1.10', '::1', 'fd00::5'])
      expect(loadConfig({ ...secrets, TRUST_PROXY: '2', HOST: host }).trustProxy).toBe(2)
    expect(loadConfig({ ...secrets, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8'])
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: '1', HOST: '0.0.0.0' }).trustProxy).toBe(1)
  })

  it('refuses an http PUBLIC_ORIGIN in production unless PROVIDER_ENDPOINTS_UNSAFE=1 (tests on loopback)', () => {
    expect(() => loadConfig({ ...secrets, PUBLIC_ORIGIN: 'http://mc.example.com' })).toThrow(
      /Refusing to start: PUBLIC_ORIGIN is not https: http:\/\/mc\.example\.com/,
    )
    const loopback = { ...secrets, PUBLIC_ORIGIN: 'http://127.0.0.1:8080' }
    expect(loadConfig({ ...loopback, PROVIDER_ENDPOINTS_UNSAFE: '1' }).publicOrigin).toBe(
      'http://127.0.0.1:8080',
    )
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_ORIGIN: 'http://127.0.0.1:8080' }).publicOrigin).toBe(
      'http://127.0.0.1:8080',
    )
  })

  it("refuses a provider endpoint off the provider's own https hosts in production", () => {
    const aliyun = {
      ...secrets,
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tQ7yF2nW8kR3mZ9xB4c',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'Xq3Lm8Rt2Vb6Nw9Kp4Hd7Fj1Gs5Zc0',
      SMS_SIGN_NAME: '会员中心',
      ...Object.fromEntries(Object.values(TEMPLATE_VARIABLES).map((name) => [name, 'SMS_465000001'])),
    }
    expect(loadConfig(aliyun).sms).toMatchObject({ endpoint: new URL('https://dysmsapi.aliyuncs.com') })
    const fake = { ...aliyun, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:8125' }
    expect(() => loadConfig(fake)).toThrow(
      /ALIYUN_SMS_ENDPOINT is not https: http:\/\/127\.0\.0\.1:8125; ALIYUN_SMS_ENDPOINT is on 127\.0\.0\.1/,
    )
    expect(loadConfig({ ...fake, PROVIDER_ENDPOINTS_UNSAFE: '1' }).sms).toMatchObject({
      endpoint: new URL('http://127.0.0.1:8125'),
    })
  })

  it('refuses a missing, short or sandbox SMS code key in production', () => {
    const { SMS_CODE_SECRET: _key, ...withoutKey } = secrets
    expect(() => loadConfig(withoutKey)).toThrow(/set SMS_CODE_SECRET \(at least 32 characters\)/)
    expect(() => loadConfig({ ...secrets, SMS_CODE_SECRET: 'c'.repeat(31) })).toThrow(/SMS_CODE_SECRET/)
    expect(() => loadConfig({ ...secrets, SMS_CODE_SECRET: DEV_SMS_CODE_SECRET })).toThrow(/SMS_CODE_SECRET/)
    expect(loadConfig(secrets).smsCodeSecret).toBe(secrets.SMS_CODE_SECRET)
  })
})

describe('request logging', () => {
  it('logs only allow-listed query values: codes, tokens and link credentials are redacted', () => {
    expect(redactSecrets('/api/feignApi/fkToken?token=abc.DEF-1&x=1')).toBe(
      '/api/feignApi/fkToken?token=[redacted]&x=[redacted]',
    )
    expect(redactSecrets('/index?pageNum=1&token=abc')).toBe('/index?pageNum=1&token=[redacted]')
    expect(redactSecrets('/api/pc/getOrder?pageNum=1&pageSize=10&status=2')).toBe(
      '/api/pc/getOrder?pageNum=1&pageSize=10&status=2',
    )
    expect(redactSecrets('/activation?activeCode=s3cr3t&id=4')).toBe(
      '/activation?activeCode=[redacted]&id=[redacted]',
    )
    expect(redactSecrets('/login?wxcode=w1&state=s2')).toBe('/login?wxcode=[redacted]&state=[redacted]')
    expect(redactSecrets('/api/wechat/oauthLogin?code=c&ticket=t#x')).toBe(
      '/api/wechat/oauthLogin?code=[redacted]&ticket=[redacted]#x',
    )
    // The receiver link's id, the survey's uuId and a file's signature are credentials too.
    expect(redactSecrets('/productTransfer?id=5f0c9e2a-77')).toBe('/productTransfer?id=[redacted]')
    expect(redactSecrets('/api/app/evaluate/getEvaluateDetail?uuId=5d6b1a3e')).toBe(
      '/api/app/evaluate/getEvaluateDetail?uuId=[redacted]',
    )
    expect(redactSecrets('/api/user/downLoadFile?fileId=12&expires=99&sig=abcdef')).toBe(
      '/api/user/downLoadFile?fileId=[redacted]&expires=[redacted]&sig=[redacted]',
    )
    // Allow-listed by exact key only; a bare key is redacted whole.
    expect(redactSecrets('/x?PAGE=1&pageNumber=2&s3cr3t')).toBe(
      '/x?PAGE=[redacted]&pageNumber=[redacted]&[redacted]',
    )
    expect(redactSecrets('/api/pc/getOrder')).toBe('/api/pc/getOrder')
  })
})
