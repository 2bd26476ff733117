/** @jest-environment ./test/api/support/pglite-environment.ts */
// WeChat Pay API v3 in production (server/providers/payment/wechatpay.ts through wechatpay-axios-plugin)
// against a protocol-faithful fake (support/fake-wechatpay.ts): NATIVE, H5, JSAPI in WeChat's browser
// (snsapi_base payer) and in the mini-program; notifications verified, decrypted and applied once;
// a lost notification recovered by the status poll; voided orders closed at WeChat Pay.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { checkWechatPay } from '../../server/providers/payment/wechatpay'
import type { WechatApi } from '../../server/services/wechat/wechat-api'
import { DEMO, startTestServer, type TestServer } from './support/harness'
import { providerOrders } from './support/provider-orders'
import {
  MINI_APPID,
  OFFICIAL_APPID,
  startFakeWechatPay,
  type FakeTransaction,
  type FakeWechatPay,
} from './support/fake-wechatpay'

const ORIGIN = 'https://console.example.cn'

let server: TestServer
let fake: FakeWechatPay
let app: FastifyInstance
let owner: string

/** WeChat's code exchanges: `mini:<openid>` and `web:<openid>` codes name their openid. */
const wechatApi: WechatApi = {
  miniProgramIdentity: async (code) => ({ openid: code.replace(/^mini:/, '') }),
  oauthIdentity: async (code) => ({ openid: code.replace(/^web:/, '') }),
}

beforeAll(async () => {
  fake = await startFakeWechatPay(() => server.clock())
  server = await startTestServer()
  const check = checkWechatPay(fake.env)
  expect(check.problems).toEqual([])
  app = await server.buildVariant(
    {
      production: true,
      payNotifySecret: null,
      publicOrigin: ORIGIN,
      wechatOauth: { appId: OFFICIAL_APPID, secret: 'oauth-secret' },
      wechatMini: { appId: MINI_APPID, secret: 'mini-secret' },
      paymentProviders: { wechatPay: check.settings, alipay: null },
    },
    { wechatApi },
  )
  owner = await server.tokenFor(DEMO.owner)
}, 120_000)

afterAll(async () => {
  await server?.close()
  await fake?.close()
})

const { call, newOrder, orderRow, paymentRows } = providerOrders(() => ({ server, app, owner }))

async function native(code: string) {
  return call<{ code_url: string }>('POST', '/api/wxpay/tradePrecreate', {
    trade_type: 'NATIVE',
    out_trade_no: code,
  })
}

const notify = (notice: { headers: Record<string, string>; body: string }) =>
  app.inject({ method: 'POST', url: '/api/wxpay/notify', headers: notice.headers, payload: notice.body })

describe('ordering', () => {
  it("NATIVE: a signed request for the order's own amount, deadline and notify URL; the code_url comes back", async () => {
    const code = await newOrder()
    const answer = await native(code)
    expect(answer.data.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/)
    const order = await orderRow(code)
    expect(fake.trades.get(code)?.body).toMatchObject({
      appid: OFFICIAL_APPID,
      out_trade_no: code,
      notify_url: `${ORIGIN}/api/wxpay/notify`,
      amount: { total: Math.round(Number(order.payAmount) * 100), currency: 'CNY' },
    })
    expect(fake.trades.get(code)?.body.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/)
  })

  it('H5 (the v3 MWEB): scene_info carries the payer address; the phone comes back to the payment page', async () => {
    const code = await newOrder()
    const answer = await call<{ mweb_url: string }>('POST', '/api/wxpay/tradePrecreate', {
      trade_type: 'MWEB',
      out_trade_no: code,
    })
    expect(answer.data.mweb_url).toContain('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=')
    expect(new URL(answer.data.mweb_url).searchParams.get('redirect_url')).toBe(
      `${ORIGIN}/orderByPlay?orderCode=${code}&fromProvider=1`,
    )
    expect(fake.trades.get(code)?.body.scene_info).toEqual({
      payer_client_ip: '127.0.0.1',
      h5_info: { type: 'Wap' },
    })
  })

  it('JSAPI in the mini-program: the openid of a wx.login code, parameters signed with the merchant key', async () => {
    const code = await newOrder()
    const answer = await call<Record<string, string>>('POST', '/api/wxpay/tradePrecreate', {
      trade_type: 'JSAPI',
      out_trade_no: code,
      code: 'mini:o-mini-payer',
    })
    expect(fake.trades.get(code)?.body).toMatchObject({
      appid: MINI_APPID,
      payer: { openid: 'o-mini-payer' },
    })
    const params = answer.data
    expect(params).toMatchObject({ appId: MINI_APPID, signType: 'RSA' })
    expect(params.package).toMatch(/^prepay_id=wx/)
    const signed = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`
    const verify = (text: string) =>
      crypto.createVerify('RSA-SHA256').update(text).verify(fake.merchantPublicKey, params.paySign!, 'base64')
    expect(verify(signed)).toBe(true)
    expect(verify(signed.replace(params.nonceStr!, 'another'))).toBe(false)
  })

  it("JSAPI in WeChat's browser: a silent snsapi_base authorisation first, then the payer's openid", async () => {
    const code = await newOrder()
    const first = await call<{ authorize_url: string }>('POST', '/api/wxpay/tradePrecreate', {
      trade_type: 'JSAPI',
      out_trade_no: code,
    })
    const authorize = new URL(first.data.authorize_url)
    expect(authorize.origin + authorize.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize')
    expect(authorize.searchParams.get('scope')).toBe('snsapi_base')
    expect(authorize.searchParams.get('appid')).toBe(OFFICIAL_APPID)
    expect(fake.trades.has(code)).toBe(false)

    const back = await app.inject({
      method: 'GET',
      url: `/wechat/pay/callback?code=web:o-browser-payer&state=${authorize.searchParams.get('state')}`,
    })
    expect(back.statusCode).toBe(302)
    const page = new URL(back.headers.location as string, ORIGIN)
    expect(page.pathname).toBe('/orderByPlay')
    expect(page.searchParams.get('orderCode')).toBe(code)
    const payer = page.searchParams.get('wxPayer')!

    const forged = await call('POST', '/api/wxpay/tradePrecreate', {
      trade_type: 'JSAPI',
      out_trade_no: code,
      payer: payer.replace(/^[^.]+/, Buffer.from('o-someone-else').toString('base64url')),
    })
    expect(forged.data).toHaveProperty('authorize_url')

    const second = await call<Record<string, string>>('POST', '/api/wxpay/tradePrecreate', {
      trade_type: 'JSAPI',
      out_trade_no: code,
      payer,
    })
    expect(second.data).toMatchObject({ appId: OFFICIAL_APPID, signType: 'RSA' })
    expect(fake.trades.get(code)?.body.payer).toEqual({ openid: 'o-browser-payer' })
  })

  it('refuses plainly when WeChat Pay refuses our signature or its answer does not verify', async () => {
    const code = await newOrder()
    fake.behaviour.badAnswerSignature = true
    try {
      expect(await native(code)).toMatchObject({ code: 500, message: '支付服务暂时不可用，请稍后重试' })
    } finally {
      fake.behaviour.badAnswerSignature = false
    }
    // Another merchant key signs the request: the fake (as WeChat) refuses it.
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
    const settings = checkWechatPay(fake.env).settings!
    const impostor = await server.buildVariant({
      production: true,
      payNotifySecret: null,
      publicOrigin: ORIGIN,
      paymentProviders: { wechatPay: { ...settings, privateKey: other.privateKey }, alipay: null },
    })
    const refusedBefore = fake.refused.length
    const answer = await impostor.inject({
      method: 'POST',
      url: '/api/wxpay/tradePrecreate',
      headers: { token: owner },
      payload: { trade_type: 'NATIVE', out_trade_no: code },
    })
    expect(answer.json()).toMatchObject({ code: 500 })
    expect(fake.refused.length).toBe(refusedBefore + 1)
  })
})

describe('notifications', () => {
  it('a verified, decrypted notification pays the order once; the same notification again changes nothing', async () => {
    const code = await newOrder()
    await native(code)
    fake.pay(code)
    const notice = fake.notification(code)
    const first = await notify(notice)
    expect(first.statusCode).toBe(204)
    expect((await orderRow(code)).status).toBe(1)
    const replay = await notify(notice)
    expect(replay.statusCode).toBe(204)
    const rows = await paymentRows(code)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ provider: 'wxpay', tradeNo: fake.trades.get(code)!.transactionId })
  })

  it.each([
    ['a tampered body', { tamper: true }, 401],
    ['a timestamp six minutes old', { ageSeconds: 360 }, 401],
    ['a resource encrypted under another key', { key: 'another-apiv3-key-of-32-chars!!!' }, 401],
    ['another merchant', { change: (t: FakeTransaction) => (t.mchid = '1900000999') }, 401],
    ['a wrong amount', { change: (t: FakeTransaction) => (t.amount.total = 1) }, 400],
  ])('refuses %s and leaves the order unpaid', async (_name, options, status) => {
    const code = await newOrder()
    await native(code)
    fake.pay(code)
    const answer = await notify(fake.notification(code, options as never))
    expect(answer.statusCode).toBe(status)
    expect(answer.json()).toMatchObject({ code: 'FAIL' })
    expect((await orderRow(code)).status).toBe(3)
    expect(await paymentRows(code)).toHaveLength(0)
  })

  it("a timestamp four minutes old is still within WeChat's tolerance", async () => {
    const code = await newOrder()
    await native(code)
    fake.pay(code)
    expect((await notify(fake.notification(code, { ageSeconds: 240 }))).statusCode).toBe(204)
  })
})

describe('a lost notification', () => {
  it('is recovered by the status poll: the provider is queried and the payment applied once', async () => {
    const code = await newOrder()
    await native(code)
    const status = () => call<boolean>('GET', `/api/pc/getOrderStatus?orderCode=${code}`)
    const queries = () => fake.calls.filter((c) => c.method === 'GET' && c.path.endsWith(`/${code}`)).length

    expect((await status()).data).toBe(false)
    expect(queries()).toBe(1)
    fake.pay(code)
    // Within the spacing the provider is not asked again.
    expect((await status()).data).toBe(false)
    expect(queries()).toBe(1)
    server.clock.advance(6_000)
    expect((await status()).data).toBe(true)
    expect(queries()).toBe(2)
    expect(await paymentRows(code)).toHaveLength(1)
    // The late notification finds it paid.
    expect((await notify(fake.notification(code))).statusCode).toBe(204)
    expect(await paymentRows(code)).toHaveLength(1)
  })

  it('a voided order is closed at WeChat Pay by housekeeping', async () => {
    const code = await newOrder()
    await native(code)
    server.clock.advance(31 * 60_000)
    await housekeeping()
    expect((await orderRow(code)).status).toBe(4)
    expect(fake.calls.some((c) => c.path.endsWith(`/${code}/close`))).toBe(true)
    expect(fake.trades.get(code)?.state).toBe('CLOSED')
  })
})

/** The production app's housekeeping pass (what main.ts runs every hour). */
async function housekeeping() {
  const { createServices } = await import('../../server/services')
  const { testConfig } = await import('./support/harness')
  const services = createServices({
    db: server.db,
    config: testConfig({
      production: true,
      payNotifySecret: null,
      publicOrigin: ORIGIN,
      paymentProviders: { wechatPay: checkWechatPay(fake.env).settings, alipay: null },
    }),
    now: server.clock,
    log: app.log,
  })
  await services.housekeeping.purgeExpired()
}
