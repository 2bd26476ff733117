import { redactTokens } from '../../server/app'
import path from 'node:path'
import { PASSWORD_AES_KEY } from '../../src/core/config/shared'
import { DEFAULT_DATABASE_URL, DEV_PAY_NOTIFY_SECRET, loadConfig, parseTrustProxy } from '../../server/config'

describe('loadConfig (docs/api.md "Configuration")', () => {
  it('has development defaults', () => {
    const config = loadConfig({ STATIC_DIR: '/no/such/dir' })
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: DEFAULT_DATABASE_URL,
      production: false,
      staticDir: null,
      // The shared default (src/core/config/shared.ts), unless the environment sets one.
      passwordKey: PASSWORD_AES_KEY,
      trustProxy: false,
      payNotifySecret: DEV_PAY_NOTIFY_SECRET,
      smsHourlyLimitPerAddress: 10,
    })
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
      SMS_ADDRESS_HOURLY_LIMIT: '50',
    })
    expect(config).toMatchObject({
      port: 9001,
      host: '127.0.0.1',
      databaseUrl: 'memory://',
      production: true,
      passwordKey: 'k'.repeat(32),
      switchSignPrefix: 'PREFIX',
      smsHourlyLimitPerAddress: 50,
      // No sandbox key in production: notifications need PAY_NOTIFY_SECRET.
      payNotifySecret: null,
    })
    // STATIC_DIR counts only when a build (index.html) is there.
    expect([null, path.resolve('dist/h5')]).toContain(config.staticDir)
  })

  it('refuses a port that is not one and a key AES cannot use', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/)
    expect(() => loadConfig({ TARO_APP_PASSWORD_KEY: 'short' })).toThrow(/16, 24 or 32 bytes/)
    expect(() => loadConfig({ SMS_ADDRESS_HOURLY_LIMIT: '0' })).toThrow(/SMS_ADDRESS_HOURLY_LIMIT/)
  })

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%p', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected)
  })
})

describe('request logging', () => {
  it('keeps entry tokens out of logged URLs', () => {
    expect(redactTokens('/api/feignApi/fkToken?token=abc.DEF-1&x=1')).toBe(
      '/api/feignApi/fkToken?token=[redacted]&x=1',
    )
    expect(redactTokens('/index?a=1&token=abc')).toBe('/index?a=1&token=[redacted]')
    expect(redactTokens('/api/pc/getOrder?pageNum=1')).toBe('/api/pc/getOrder?pageNum=1')
  })
})
