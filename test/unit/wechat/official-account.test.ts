// The official account's path in WeChat's browser: wx.config's signature (WeChat's own worked
// example), which pages are signed, the jsapi_ticket's cache and its one retry after a 40001, what
// the wx-open-subscribe tag's events carry, and where a message opens in each app.
import type { AccessTokens, WechatHttp } from '../../../server/providers/wechat/access-token'
import { createJsapiTickets, jssdkSignature } from '../../../server/providers/wechat/jsapi-ticket'
import { signedPageUrl } from '../../../server/services/wechat/jssdk'
import { miniProgramPage } from '../../../server/services/wechat/wechat-messaging'
import type { Subscriptions } from '../../../src/core/contract/wechat-messages'
import {
  answersFromOpenTag,
  answersFromOpenTagError,
  combinedReach,
  openTagFailure,
  REMINDER_MSG,
} from '../../../src/core/wechat/rules'

describe('jssdkSignature', () => {
  it("matches WeChat's worked example (JS-SDK appendix 1)", () => {
    const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg'
    expect(
      jssdkSignature(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value'),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
  })
})

describe('signedPageUrl: only the console pages are signed', () => {
  const origin = 'https://console.example.cn'
  it.each([
    ['https://console.example.cn/renewal', 'https://console.example.cn/renewal'],
    [
      'https://console.example.cn/workOrderDetail?id=7#reply',
      'https://console.example.cn/workOrderDetail?id=7',
    ],
    ['https://console.example.cn:443/index', 'https://console.example.cn:443/index'],
  ])('signs %s as %s', (url, signed) => expect(signedPageUrl(url, origin)).toBe(signed))

  it.each([
    'https://evil.example/renewal',
    'http://console.example.cn/renewal',
    'https://console.example.cn.evil.example/',
    '/renewal',
    '',
    42,
    null,
  ])('refuses %p', (url) => expect(signedPageUrl(url, origin)).toBeNull())

  it('refuses an address past 2048 characters', () =>
    expect(signedPageUrl(`${origin}/${'a'.repeat(2048)}`, origin)).toBeNull())

  it('refuses everything when the origin itself is not an address', () =>
    expect(signedPageUrl('https://console.example.cn/', 'not an origin')).toBeNull())
})

describe('the jsapi_ticket', () => {
  function setup(answers: Record<string, unknown>[]) {
    let now = 0
    const asked: string[] = []
    const http: WechatHttp = {
      postJson: async () => ({}),
      getJson: async (url) => {
        asked.push(new URL(url).searchParams.get('access_token')!)
        return answers.shift() ?? { errcode: -1 }
      },
    }
    let token = 'T1'
    const tokens: AccessTokens = {
      current: async () => token,
      renewAfterInvalid: async () => (token = 'T2'),
      calls: 0,
    }
    const tickets = createJsapiTickets({
      tokens,
      http,
      origin: 'https://api.weixin.fake',
      now: () => new Date(now),
    })
    return { tickets, asked, advance: (ms: number) => (now += ms) }
  }

  it('is cached until 5 minutes before it expires', async () => {
    const { tickets, asked, advance } = setup([
      { errcode: 0, ticket: 'A', expires_in: 7200 },
      { errcode: 0, ticket: 'B', expires_in: 7200 },
    ])
    expect(await tickets.current()).toBe('A')
    advance(7200_000 - 300_001)
    expect(await tickets.current()).toBe('A')
    advance(2)
    expect(await tickets.current()).toBe('B')
    expect(asked).toEqual(['T1', 'T1'])
  })

  it('after a 40001 asks once more with a renewed token', async () => {
    const { tickets, asked } = setup([
      { errcode: 40001, errmsg: 'invalid credential' },
      { errcode: 0, ticket: 'A', expires_in: 7200 },
    ])
    expect(await tickets.current()).toBe('A')
    expect(asked).toEqual(['T1', 'T2'])
  })

  it('fails (and is asked again next time) when WeChat refuses it', async () => {
    const { tickets } = setup([
      { errcode: 45009, errmsg: 'reach max api daily quota limit' },
      { errcode: 0, ticket: 'A', expires_in: 7200 },
    ])
    await expect(tickets.current()).rejects.toThrow('45009')
    expect(await tickets.current()).toBe('A')
  })
})

describe('the wx-open-subscribe events', () => {
  const ids = ['T-A', 'T-B', 'T-C']

  it('reads each template status from the JSON of JSON texts', () => {
    const subscribeDetails = JSON.stringify({
      'T-A': JSON.stringify({ status: 'accept' }),
      'T-B': JSON.stringify({ status: 'reject' }),
      'T-C': JSON.stringify({ status: 'cancel' }),
      'T-X': JSON.stringify({ status: 'accept' }),
    })
    expect(answersFromOpenTag(ids, { subscribeDetails })).toEqual({ 'T-A': 'accept', 'T-B': 'reject' })
  })

  it.each([undefined, null, {}, { subscribeDetails: 'not json' }, { subscribeDetails: '{"T-A":"{bad"}' }])(
    'records nothing from %p',
    (detail) => expect(answersFromOpenTag(ids, detail as never)).toEqual({}),
  )

  it('an error with the main switch off refuses them all; another error says nothing', () => {
    expect(answersFromOpenTagError(ids, { errCode: 20004 })).toEqual({
      'T-A': 'reject',
      'T-B': 'reject',
      'T-C': 'reject',
    })
    expect(answersFromOpenTagError(ids, { errCode: 10002 })).toEqual({})
    expect(openTagFailure({ errCode: 20004 })).toBe(REMINDER_MSG.switchedOffOa)
    expect(openTagFailure({ errCode: 10002 })).toBe(REMINDER_MSG.failed)
  })
})

describe('miniProgramPage: where a message opens in the mini-program', () => {
  it.each([
    ['/workOrderDetail?id=7', 'workorders/pages/detail/index?id=7'],
    ['/renewal', 'pages/renewal/index'],
  ])('%s → %s', (path, page) => expect(miniProgramPage(path)).toBe(page))

  it('throws on a path the route table does not have (a bug, not a member input)', () =>
    expect(() => miniProgramPage('/nowhere')).toThrow('no route /nowhere'))
})

describe('combinedReach: 账户管理 counts both apps', () => {
  const app = (
    name: 'mini' | 'oa',
    canReceive: boolean,
    states: [string, number, boolean][],
  ): Subscriptions => ({
    app: name,
    canReceive,
    templates: states.map(([templateId, remaining, refused], index) => ({
      template: (['workOrderReply', 'expiry'] as const)[index],
      templateId,
      remaining,
      refused,
    })),
  })

  it('receives if either app can, adds the messages left, refused only where every configured app was', () => {
    const mini = app('mini', false, [
      ['M-REPLY', 2, false],
      ['', 0, false],
    ])
    const oa = app('oa', true, [
      ['O-REPLY', 1, true],
      ['O-EXPIRY', 0, true],
    ])
    expect(combinedReach([mini, oa])).toEqual({
      app: 'mini',
      canReceive: true,
      templates: [
        { template: 'workOrderReply', templateId: 'M-REPLY', remaining: 3, refused: false },
        { template: 'expiry', templateId: 'O-EXPIRY', remaining: 0, refused: true },
      ],
    })
  })

  it('a template no app configures stays unconfigured', () => {
    const none = app('mini', false, [['', 0, false]])
    expect(combinedReach([none, { ...none, app: 'oa' }]).templates).toEqual([
      { template: 'workOrderReply', templateId: '', remaining: 0, refused: false },
    ])
  })
})
