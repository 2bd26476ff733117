// 登录设备's pure rules: the device label, the device id's shape, the city fallback, when a login
// alerts, 上次登录's line, the 不是我 link, and the reserved generated names.
import { deviceIdOf, deviceLabel, isMiniProgramReferer } from '../../../server/services/account/device-info'
import { CITY, cityOf, cityOfAddress } from '../../../server/services/account/ip-city'
import { deservesNewDeviceAlert } from '../../../server/services/account/login-alert'
import {
  generatedName,
  GENERATED_NAME_RESERVED,
  isGeneratedName,
  renamedMemberAccountError,
} from '../../../src/core/validation/generated-names'
import {
  canSignOutDevice,
  devicePlace,
  hasOtherDevices,
  lastLoginText,
  notMeSessionId,
} from '../../../src/features/account/rules'

const AGENTS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.40',
  miniProgramWebview:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.40 miniProgram/wx123',
}

describe('the device label (fixed names only)', () => {
  it.each([
    [AGENTS.chromeWindows, 'password', 'Chrome · Windows'],
    [AGENTS.edgeMac, 'password', 'Edge · macOS'],
    [AGENTS.safariIphone, 'sms', 'Safari · iOS'],
    [AGENTS.wechatAndroid, 'wechatOauth', '微信内浏览器 · Android'],
    [AGENTS.miniProgramWebview, 'password', '微信小程序'],
    ['', 'wechatMini', '微信小程序'],
    ['', 'password', '未知设备'],
    ['<img src=x onerror=alert(1)>', 'password', '未知设备'],
  ])('%s by %s is %s', (agent, source, label) => {
    expect(deviceLabel(agent, source)).toBe(label)
  })

  it('fits the 32-character column', () => {
    for (const agent of Object.values(AGENTS))
      expect(deviceLabel(agent, 'password').length).toBeLessThanOrEqual(32)
  })
})

describe('the device id header', () => {
  it.each([
    ['0123456789abcdef0123456789ABCDEF', '0123456789abcdef0123456789abcdef'],
    ['123e4567-e89b-12d3-a456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
    [['0123456789abcdef0123456789abcdef', 'x'], '0123456789abcdef0123456789abcdef'],
  ])('keeps %p', (header, id) => {
    expect(deviceIdOf(header)).toBe(id)
  })

  it.each([
    undefined,
    '',
    'abc',
    '0123456789abcdef0123456789abcdeg',
    `${'a'.repeat(32)}0`,
    "'; drop table--",
  ])('ignores %p', (header) => {
    expect(deviceIdOf(header)).toBe('')
  })
})

describe('the city', () => {
  it('is the city, else the province, else the country', () => {
    expect(cityOf({ country: '中国', province: '广东省', city: '深圳市', isp: '' }, false)).toBe('深圳市')
    expect(cityOf({ country: '中国', province: '广东省', city: '', isp: '' }, false)).toBe('广东省')
    expect(cityOf({ country: '美国', province: '', city: '', isp: '' }, false)).toBe('美国')
  })

  it('is 局域网 for private networks and 未知 without data', () => {
    expect(cityOf(null, true)).toBe(CITY.lan)
    expect(cityOf({ country: '', province: '', city: '内网IP', isp: '' }, false)).toBe(CITY.lan)
    expect(cityOf(null, false)).toBe(CITY.unknown)
    expect(cityOf({ country: '', province: '', city: '', isp: 'Google' }, false)).toBe(CITY.unknown)
  })

  it.each([
    ['120.24.78.68', '深圳市'],
    ['101.226.4.6', '上海市'],
    ['::ffff:61.135.169.121', '北京市'],
    ['240e:47d:c20:1627:30a3:ba0d:a5e6:ec19', '广州市'],
    ['127.0.0.1', '局域网'],
    ['::1', '局域网'],
    ['192.168.1.20', '局域网'],
    ['10.1.2.3', '局域网'],
    ['not an address', '未知'],
    ['', '未知'],
  ])('of %s is %s (offline database)', (ip, city) => {
    expect(cityOfAddress(ip)).toBe(city)
  })
})

describe('the new-device alert', () => {
  it.each([
    [{ anyKnown: true, deviceKnown: false, cityKnown: false }, true, 'a new device in a new city'],
    [{ anyKnown: true, deviceKnown: true, cityKnown: false }, false, 'a known device on a new address'],
    [{ anyKnown: true, deviceKnown: false, cityKnown: true }, false, 'a new device in a known city'],
    [{ anyKnown: true, deviceKnown: true, cityKnown: true }, false, 'a known device in a known city'],
    [{ anyKnown: false, deviceKnown: false, cityKnown: false }, false, 'the first login'],
  ])('%p → %p (%s)', (familiarity, alerts) => {
    expect(deservesNewDeviceAlert(familiarity)).toBe(alerts)
  })
})

describe('reserved generated names', () => {
  it.each(['mc13800000001', 'MC13800000001', ' mc13800000001 ', 'mc13800000001_2', 'Mc13800000001_15'])(
    '%p is the generated form',
    (name) => expect(isGeneratedName(name)).toBe(true),
  )

  it.each([
    'mc1380000000',
    'mc138000000012',
    'mc13800000001_',
    'mc13800000001_a',
    'xmc13800000001',
    'mcdemo',
  ])('%p is an ordinary name', (name) => expect(isGeneratedName(name)).toBe(false))

  it('refuses a rename to the form, but not keeping one’s own generated name', () => {
    expect(renamedMemberAccountError('mc13900000001', 'demo')).toBe(GENERATED_NAME_RESERVED)
    expect(renamedMemberAccountError('mc13900000001', 'mc13900000001')).toBeNull()
    expect(renamedMemberAccountError('demo_new', 'mc13900000001')).toBeNull()
  })

  it('registration takes mc<phone>, else the first free suffix (case-insensitively)', () => {
    expect(generatedName('13900000001', [])).toBe('mc13900000001')
    expect(generatedName('13900000001', ['MC13900000001'])).toBe('mc13900000001_2')
    expect(generatedName('13900000001', ['mc13900000001', 'mc13900000001_2'])).toBe('mc13900000001_3')
  })
})

describe('the section’s rules', () => {
  it('writes 上次登录 as time · city · device in Beijing time', () => {
    expect(lastLoginText({ time: '2026-11-21T01:05:00Z', city: '上海市', device: '微信小程序' })).toBe(
      '上次登录：2026-11-21 09:05 · 上海市 · 微信小程序',
    )
    expect(lastLoginText(null)).toBeNull()
  })

  it('never offers 退出 for 本机', () => {
    expect(canSignOutDevice({ current: true })).toBe(false)
    expect(canSignOutDevice({ current: false })).toBe(true)
    expect(hasOtherDevices([{ current: true }])).toBe(false)
    expect(hasOtherDevices([{ current: true }, { current: false }])).toBe(true)
    expect(devicePlace({ city: '深圳市', ip: '120.24.78.68' })).toBe('深圳市 · 120.24.78.68')
    expect(devicePlace({ city: '', ip: '' })).toBe('--')
  })

  it.each([
    ['42', 42],
    [undefined, null],
    ['', null],
    ['0', null],
    ['-1', null],
    ['4x', null],
    ['99999999999', null],
  ])('不是我 link %p is session %p', (param, id) => {
    expect(notMeSessionId(param)).toBe(id)
  })
})

describe('a mini-program request', () => {
  it('is told by its servicewechat.com Referer, whatever its User-Agent and login method', () => {
    expect(isMiniProgramReferer('https://servicewechat.com/wx1234/3/page-frame.html')).toBe(true)
    expect(isMiniProgramReferer('https://servicewechat.com.evil.cn/')).toBe(false)
    expect(isMiniProgramReferer(undefined)).toBe(false)
    expect(deviceLabel(AGENTS.wechatAndroid, 'password', true)).toBe('微信小程序')
  })
})
