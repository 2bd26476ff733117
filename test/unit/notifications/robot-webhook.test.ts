// 群机器人 addresses: only https on the WeCom, DingTalk, Feishu and Lark hosts, default port, no
// credentials, the platform's webhook path with its token; signing secrets per platform; masking.
import fc from 'fast-check'
import { ROBOT_MESSAGES } from '../../../src/core/contract/robots'
import {
  maskRobotWebhook,
  parseRobotWebhook,
  robotPlatformOf,
  robotSecretError,
  ROBOT_HOSTS,
  type RobotWebhook,
} from '../../../src/core/validation/robot-webhook'

const WECOM = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa'
const DINGTALK = 'https://oapi.dingtalk.com/robot/send?access_token=8f3ad2c1b7e94a0c9d21'
const FEISHU = 'https://open.feishu.cn/open-apis/bot/v2/hook/5e3d587e-d78e-4a07-bd07-265f269f86fd'
const LARK = 'https://open.larksuite.com/open-apis/bot/v2/hook/5e3d587e-d78e-4a07'

const accepted = (text: string) => {
  const parsed = parseRobotWebhook(text)
  if ('error' in parsed) throw new Error(`${text} refused: ${parsed.error}`)
  return parsed
}

describe('the platform of an address', () => {
  it.each([
    [WECOM, 'wecom'],
    [DINGTALK, 'dingtalk'],
    [FEISHU, 'feishu'],
    [LARK, 'feishu'],
  ])('%s is a %s robot', (url, platform) => {
    expect(robotPlatformOf(url)).toBe(platform)
    expect(accepted(url).platform).toBe(platform)
  })

  it('takes the host in any case and keeps it lower-cased', () => {
    expect(accepted(DINGTALK.replace('oapi.dingtalk.com', 'OAPI.DingTalk.com')).url).toBe(DINGTALK)
  })

  it('finds the token among other query parameters', () => {
    expect(accepted(`${DINGTALK}&foo=bar`).token).toBe('8f3ad2c1b7e94a0c9d21')
    expect(accepted(WECOM.replace('?key=', '?debug=1&key=')).token).toMatch(/^693a91f6/)
  })
})

describe('addresses refused with 仅支持企业微信、钉钉、飞书的机器人 Webhook 地址（https）', () => {
  it.each([
    ['http', DINGTALK.replace('https:', 'http:')],
    ['an internal address', 'https://127.0.0.1/robot/send?access_token=8f3ad2c1b7e94a0c9d21'],
    ['localhost', 'https://localhost/robot/send?access_token=8f3ad2c1b7e94a0c9d21'],
    ['a look-alike host', DINGTALK.replace('oapi.dingtalk.com', 'oapi.dingtalk.com.evil.cn')],
    ['a sub-domain', DINGTALK.replace('oapi.dingtalk.com', 'x.oapi.dingtalk.com')],
    ['credentials', DINGTALK.replace('https://', 'https://user:pw@')],
    ['a user before a look-alike', 'https://oapi.dingtalk.com@evil.cn/robot/send?access_token=8f3ad2c1'],
    ['a port', DINGTALK.replace('.com/', '.com:8443/')],
    ['the default port spelt out', DINGTALK.replace('.com/', '.com:443/')],
    ['a trailing dot', DINGTALK.replace('.com/', '.com./')],
    ['a backslash', 'https://oapi.dingtalk.com\\@evil.cn/robot/send?access_token=8f3ad2c1'],
    ['a fragment', `${DINGTALK}#x`],
    ['spaces inside', DINGTALK.replace('/robot', ' /robot')],
    ['another platform', 'https://hooks.slack.com/services/T000/B000/XXXX'],
    ['no path', 'https://oapi.dingtalk.com'],
    ['too long', `${DINGTALK}&pad=${'x'.repeat(600)}`],
    ['not an address', 'oapi.dingtalk.com/robot/send?access_token=8f3ad2c1b7e94a0c9d21'],
  ])('%s', (_, url) => {
    expect(parseRobotWebhook(url)).toEqual({ error: ROBOT_MESSAGES.badUrl })
  })

  it.each([
    ['no token', 'https://oapi.dingtalk.com/robot/send'],
    ['another path on the host', 'https://oapi.dingtalk.com/gettoken?access_token=8f3ad2c1b7e94a0c9d21'],
    ['an empty key', 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key='],
    ['a Feishu hook without id', 'https://open.feishu.cn/open-apis/bot/v2/hook/'],
  ])('the right host but %s is incomplete', (_, url) => {
    expect(parseRobotWebhook(url)).toEqual({ error: ROBOT_MESSAGES.incompleteUrl })
  })

  it('never accepts an address whose host is not one of the four (property)', () => {
    const hosts = Object.keys(ROBOT_HOSTS)
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.string(),
        (url, noise) => {
          for (const candidate of [url, `${url}${noise}`, `${noise}${url}`]) {
            const parsed = parseRobotWebhook(candidate)
            if ('error' in parsed) continue
            const { hostname, protocol, port, username, password } = new URL(candidate.trim())
            expect(protocol).toBe('https:')
            expect(hosts).toContain(hostname)
            expect([port, username, password]).toEqual(['', '', ''])
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  it('accepts only what a URL parser reads as the same platform host (property)', () => {
    const hosts = Object.keys(ROBOT_HOSTS)
    const piece = fc.stringMatching(/^[\x21-\x7e]{0,12}$/)
    fc.assert(
      fc.property(
        piece,
        fc.constantFrom(...hosts),
        piece,
        fc.string({ maxLength: 20 }),
        (before, host, after, tail) => {
          const candidate = `https://${before}${host}${after}/robot/send?access_token=abcdefgh12${tail}`
          const parsed = parseRobotWebhook(candidate)
          if ('error' in parsed) return
          const url = new URL(candidate.trim())
          expect(hosts).toContain(url.hostname)
          expect(url.hostname).toBe(parsed.host)
          expect(url.port).toBe('')
          expect(url.username + url.password).toBe('')
        },
      ),
      { numRuns: 1000 },
    )
  })
})

describe('signing secrets', () => {
  it.each([
    ['wecom', '', ''],
    ['wecom', 'SEC0123456789abcdef0123', ROBOT_MESSAGES.secretNotUsed],
    ['dingtalk', '', ''],
    ['dingtalk', `SEC${'a1'.repeat(32)}`, ''],
    ['dingtalk', 'abc', ROBOT_MESSAGES.badDingtalkSecret],
    ['dingtalk', 'SEC 123', ROBOT_MESSAGES.badDingtalkSecret],
    ['feishu', 'nIMtb7r3N9pkXyXdtAbx6e', ''],
    ['feishu', 'short', ROBOT_MESSAGES.badFeishuSecret],
    ['feishu', 'has space inside it', ROBOT_MESSAGES.badFeishuSecret],
  ] as const)('%s with %j: %j', (platform, secret, message) => {
    expect(robotSecretError(platform, secret)).toBe(message)
  })
})

describe('masking', () => {
  it.each([
    [WECOM, 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=****5aaa'],
    [`${DINGTALK}&foo=bar`, 'https://oapi.dingtalk.com/robot/send?access_token=****9d21'],
    [FEISHU, 'https://open.feishu.cn/open-apis/bot/v2/hook/****86fd'],
  ])('%s is shown as %s', (url, masked) => {
    expect(maskRobotWebhook(accepted(url) as RobotWebhook)).toBe(masked)
  })

  it('never shows more than 4 characters of the token and fits the column', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\w-]{8,128}$/), (token) => {
        const masked = maskRobotWebhook(accepted(`https://open.larksuite.com/open-apis/bot/v2/hook/${token}`))
        expect(masked).toBe(`https://open.larksuite.com/open-apis/bot/v2/hook/****${token.slice(-4)}`)
        expect(masked.length).toBeLessThanOrEqual(96)
      }),
    )
  })
})
