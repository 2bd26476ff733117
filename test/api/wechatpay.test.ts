// WeChat Pay API v3 in production (server/providers/payment/wechatpay.ts through wechatpay-axios-plugin)
// against a protocol-faithful fake (support/fake-wechatpay.ts): NATIVE, H5, JSAPI in WeChat's browser
// (snsapi_base payer) and in the mini-program, each attempt with its own out_trade_no; notifications
// verified, decrypted and applied once; a lost notification recovered by the status poll; voided
// orders closed at WeChat Pay; and no verified payment dropped: a late one pays the order, a second
// one is refunded through WeChat Pay and settled by its refund notification; daily reconciliation.
import crypto from 'node:crypto'
import * as promClient from '@prometheus-io/client'
import { eq } from 'drizzle-orm'
import { paymentAttempts } from '../../server/db/schema'
import type { FastifyInstance } from 'fastify'
import { checkWechatPay } from '../../server/providers/payment/wechatpay'
import type { WechatApi } from '../../server/services/wechat/wechat-api'
import { DEMO, useTestServer } from './support/harness'
import { providerOrders } from './support/provider-orders'
import {
  MINI_APPID,
  OFFICIAL_APPID,
  startFakeWechatPay,
  type FakeTransaction,
  type FakeWechatPay,
} from './support/fake-wechatpay'

const ORIGIN = 'https://console.example.cn'

const server = useTestServer()
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
  await fake?.close()
})

const { call, newOrder, orderRow, paymentRows } = providerOrders(() => ({ server, app, owner }))

/** The out_trade_no of an order's first attempt of a kind: NATIVE WN, H5 WH, JSAPI WJ (browser) / WM (mini-program). */
const attempt = (code: string, suffix = 'WN') => `${code}${suffix}1`

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
    expect(fake.trades.get(attempt(code))?.body).toMatchObject({
      appid: OFFICIAL_APPID,
      out_trade_no: attempt(code),
      notify_url: `${ORIGIN}/api/wxpay/notify`,
      amount: { total: Math.round(Number(order.payAmount) * 100), currency: 'CNY' },
    })
    expect(fake.trades.get(attempt(code))?.body.time_expire).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/,
    )
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
    expect(fake.trades.get(attempt(code, 'WH'))?.body.scene_info).toEqual({
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
    expect(fake.trades.get(attempt(code, 'WM'))?.body).toMatchObject({
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
    expect(fake.trades.has(attempt(code, 'WJ'))).toBe(false)

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
    expect(fake.trades.get(attempt(code, 'WJ'))?.body.payer).toEqual({ openid: 'o-browser-payer' })
  })

  it('asks WeChat only for an authorisation it started, once: a forged or replayed state never reaches WeChat', async () => {
    const code = await newOrder()
    const asked: string[] = []
    const counting = await server.buildVariant(
      {
        production: true,
        payNotifySecret: null,
        publicOrigin: ORIGIN,
        wechatOauth: { appId: OFFICIAL_APPID, secret: 'oauth-secret' },
        paymentProviders: { wechatPay: checkWechatPay(fake.env).settings, alipay: null },
      },
      {
        wechatApi: {
          ...wechatApi,
          oauthIdentity: async (given) => {
            asked.push(given)
            return wechatApi.oauthIdentity(given)
          },
        },
      },
    )
    const callback = (state: string, ip = '203.0.113.40') =>
      counting.inject({
        method: 'GET',
        url: `/wechat/pay/callback?code=web:o-forger&state=${state}`,
        remoteAddress: ip,
      })
    // The order code as state (what the callback took before), and a made-up ticket.
    for (const state of [`p${code}`, `p${'0'.repeat(48)}`]) {
      const back = await callback(state)
      expect(back.headers.location).toBe('/orderlist')
    }
    expect(asked).toEqual([])

    const precreate = await counting.inject({
      method: 'POST',
      url: '/api/wxpay/tradePrecreate',
      headers: { token: owner },
      payload: { trade_type: 'JSAPI', out_trade_no: code },
    })
    const state = new URL(precreate.json().data.authorize_url).searchParams.get('state')!
    expect(state).toMatch(/^p[0-9a-f]{48}$/)
    expect((await callback(state)).headers.location).toMatch(/^\/orderByPlay\?orderCode=/)
    expect((await callback(state)).headers.location).toBe('/orderlist')
    expect(asked).toEqual(['web:o-forger'])
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
    fake.pay(attempt(code))
    const notice = fake.notification(attempt(code))
    const first = await notify(notice)
    expect(first.statusCode).toBe(204)
    expect((await orderRow(code)).status).toBe(1)
    const replay = await notify(notice)
    expect(replay.statusCode).toBe(204)
    const rows = await paymentRows(code)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      provider: 'wxpay',
      outTradeNo: attempt(code),
      tradeNo: fake.trades.get(attempt(code))!.transactionId,
    })
  })

  it.each([
    ['a tampered body', { tamper: true }, 401],
    ['a timestamp six minutes old', { ageSeconds: 360 }, 401],
    ['a resource encrypted under another key', { key: 'another-apiv3-key-of-32-chars!!!' }, 401],
    ['another merchant', { change: (t: FakeTransaction) => (t.mchid = '1900000999') }, 401],
    ['another currency', { change: (t: FakeTransaction) => (t.amount.currency = 'USD') }, 401],
  ])('refuses %s and leaves the order unpaid', async (_name, options, status) => {
    const code = await newOrder()
    await native(code)
    fake.pay(attempt(code))
    const answer = await notify(fake.notification(attempt(code), options as never))
    expect(answer.statusCode).toBe(status)
    expect(answer.json()).toMatchObject({ code: 'FAIL' })
    expect((await orderRow(code)).status).toBe(3)
    expect(await paymentRows(code)).toHaveLength(0)
  })

  it("a timestamp four minutes old is still within WeChat's tolerance", async () => {
    const code = await newOrder()
    await native(code)
    fake.pay(attempt(code))
    expect((await notify(fake.notification(attempt(code), { ageSeconds: 240 }))).statusCode).toBe(204)
  })
})

describe('a lost notification', () => {
  it('is recovered by the status poll: the provider is queried and the payment applied once', async () => {
    const code = await newOrder()
    await native(code)
    const status = () => call<boolean>('GET', `/api/pc/getOrderStatus?orderCode=${code}`)
    const queries = () =>
      fake.calls.filter((c) => c.method === 'GET' && c.path.endsWith(`/${attempt(code)}`)).length

    expect((await status()).data).toBe(false)
    expect(queries()).toBe(1)
    fake.pay(attempt(code))
    // Within the spacing the provider is not asked again.
    expect((await status()).data).toBe(false)
    expect(queries()).toBe(1)
    server.clock.advance(6_000)
    expect((await status()).data).toBe(true)
    expect(queries()).toBe(2)
    expect(await paymentRows(code)).toHaveLength(1)
    // The late notification finds it paid.
    expect((await notify(fake.notification(attempt(code)))).statusCode).toBe(204)
    expect(await paymentRows(code)).toHaveLength(1)
  })

  it('a voided order is closed at WeChat Pay by housekeeping', async () => {
    const code = await newOrder()
    await native(code)
    server.clock.advance(31 * 60_000)
    await housekeeping()
    expect((await orderRow(code)).status).toBe(4)
    expect(fake.calls.some((c) => c.path.endsWith(`/${attempt(code)}/close`))).toBe(true)
    expect(fake.trades.get(attempt(code))?.state).toBe('CLOSED')
  })
})

/** A counter's value in the process's registry (services/shared/counters.ts), 0 before its first count. */
async function counter(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = promClient.register.getSingleMetric(name)
  if (!metric) return 0
  const { values } = await metric.get()
  return values
    .filter((value) => Object.entries(labels).every(([key, label]) => value.labels[key] === label))
    .reduce((sum, value) => sum + value.value, 0)
}

const refundOf = async (code: string) => (await paymentRows(code)).find((row) => row.state !== 'paid')!

describe('no verified payment is dropped', () => {
  // The tests before moved the clock past the session's idle limit.
  beforeEach(async () => {
    owner = await server.tokenFor(DEMO.owner)
  })

  it('paid in time, notified after the deadline: the payment is kept, the order paid and fulfilled, WeChat acknowledged', async () => {
    const code = await newOrder()
    await native(code)
    fake.pay(attempt(code))
    const late = await counter('member_centre_payment_notifications_total', {
      provider: 'wxpay',
      outcome: 'late',
    })
    server.clock.advance(31 * 60_000)
    const answer = await notify(fake.notification(attempt(code)))
    expect(answer.statusCode).toBe(204)
    expect((await orderRow(code)).status).toBe(1)
    expect(await paymentRows(code)).toEqual([
      expect.objectContaining({ state: 'paid', outTradeNo: attempt(code) }),
    ])
    expect(
      await counter('member_centre_payment_notifications_total', { provider: 'wxpay', outcome: 'late' }),
    ).toBe(late + 1)
    owner = await server.tokenFor(DEMO.owner)
  })

  it('voiding closes the open trade first; a trade paid meanwhile is applied and the void answers 订单已支付', async () => {
    const code = await newOrder()
    await native(code)
    fake.pay(attempt(code))
    const voided = await call('POST', '/api/pc/syncOrderStatus', { orderCode: code, status: 4 })
    expect(voided).toMatchObject({ code: 400, message: '订单已支付' })
    expect((await orderRow(code)).status).toBe(1)
    expect(await paymentRows(code)).toEqual([expect.objectContaining({ state: 'paid' })])
  })

  it('voiding an order whose trade is open closes it at WeChat Pay, then voids', async () => {
    const code = await newOrder()
    await native(code)
    expect(await call('POST', '/api/pc/syncOrderStatus', { orderCode: code, status: 4 })).toMatchObject({
      code: 200,
    })
    expect(fake.trades.get(attempt(code))?.state).toBe('CLOSED')
    expect((await orderRow(code)).status).toBe(4)
  })

  it('a void whose close WeChat Pay does not answer is refused and changes nothing', async () => {
    const code = await newOrder()
    await native(code)
    const failures = await counter('member_centre_payments_close_failures_total')
    fake.behaviour.hang = true
    try {
      expect(await call('POST', '/api/pc/syncOrderStatus', { orderCode: code, status: 4 })).toMatchObject({
        code: 400,
        message: '订单支付状态确认中，请稍后再试',
      })
    } finally {
      fake.behaviour.hang = false
    }
    expect((await orderRow(code)).status).toBe(3)
    expect(await counter('member_centre_payments_close_failures_total')).toBe(failures + 1)
  }, 30_000)

  it('each way of paying is its own trade: opening H5 after the QR closes the QR trade first', async () => {
    const code = await newOrder()
    await native(code)
    // A repeat of the same way hands out the same code_url without asking WeChat again.
    const creates = () => fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/native')).length
    const before = creates()
    await native(code)
    expect(creates()).toBe(before)
    await call('POST', '/api/wxpay/tradePrecreate', { trade_type: 'MWEB', out_trade_no: code })
    expect(fake.trades.get(attempt(code))?.state).toBe('CLOSED')
    expect(fake.trades.get(attempt(code, 'WH'))?.state).toBe('NOTPAY')
    // Paying on the QR again after H5: a new QR trade, never the closed number.
    await native(code)
    expect(fake.trades.get(`${code}WN2`)?.state).toBe('NOTPAY')
    expect(fake.trades.get(attempt(code, 'WH'))?.state).toBe('CLOSED')
  })

  it('paid twice: the second payment is refunded through WeChat Pay once, and its refund notification settles it', async () => {
    const code = await newOrder()
    await native(code)
    await call('POST', '/api/wxpay/tradePrecreate', { trade_type: 'MWEB', out_trade_no: code })
    // The payer had scanned the QR and paid as the close reached WeChat; then paid on the phone too.
    fake.pay(attempt(code))
    fake.pay(attempt(code, 'WH'))
    const due = await counter('member_centre_payments_refund_due_total')
    expect((await notify(fake.notification(attempt(code)))).statusCode).toBe(204)
    expect((await notify(fake.notification(attempt(code, 'WH')))).statusCode).toBe(204)
    await app.payments.settle()
    expect(await counter('member_centre_payments_refund_due_total')).toBe(due + 1)

    const second = await refundOf(code)
    expect(second).toMatchObject({ outTradeNo: attempt(code, 'WH'), state: 'refunding' })
    const refund = fake.refunds.get(second.refundNo!)!
    expect(refund.body).toMatchObject({
      out_refund_no: second.refundNo,
      amount: { refund: 198000, total: 198000, currency: 'CNY' },
      notify_url: `${ORIGIN}/api/wxpay/refund/notify`,
    })
    // The job's next turn asks where the refund stands: still processing, nothing asked twice.
    server.clock.advance(2 * 60_000)
    await app.payments.refunds.runDue()
    expect([...fake.refunds.values()].filter((r) => r.tradeNo === attempt(code, 'WH'))).toHaveLength(1)

    fake.settleRefund(second.refundNo!)
    const refunded = await counter('member_centre_payments_refunds_total', { result: 'refunded' })
    const notice = fake.refundNotification(second.refundNo!)
    const answer = await app.inject({
      method: 'POST',
      url: '/api/wxpay/refund/notify',
      headers: notice.headers,
      payload: notice.body,
    })
    expect(answer.statusCode).toBe(204)
    expect(await refundOf(code)).toMatchObject({ state: 'refunded', refundedAt: expect.any(Date) })
    expect((await orderRow(code)).status).toBe(1)
    expect(await counter('member_centre_payments_refunds_total', { result: 'refunded' })).toBe(refunded + 1)
    // The same notification again changes nothing.
    await app.inject({
      method: 'POST',
      url: '/api/wxpay/refund/notify',
      headers: notice.headers,
      payload: notice.body,
    })
    expect(await counter('member_centre_payments_refunds_total', { result: 'refunded' })).toBe(refunded + 1)
  })

  it('housekeeping asks before it closes: a paid trade is not closed, one WeChat never created is only marked', async () => {
    const code = await newOrder()
    await native(code)
    fake.pay(attempt(code))
    expect((await notify(fake.notification(attempt(code)))).statusCode).toBe(204)
    await app.payments.settle()
    await housekeeping()
    expect(fake.calls.some((c) => c.path.endsWith(`/${attempt(code)}/close`))).toBe(false)
    const [row] = await server.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.tradeNo, attempt(code)))
    expect(row!.closedAt).not.toBeNull()
  })

  it('reconciliation reports a trade WeChat billed that the payments table lacks, and one whose amount differs', async () => {
    // A day of its own: the other tests' trades (some refused on purpose) are billed on theirs.
    server.clock.advance(24 * 3_600_000)
    owner = await server.tokenFor(DEMO.owner)
    const date = new Date(server.clock().getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
    const [code, other] = [await newOrder(), await newOrder()]
    for (const each of [code, other]) {
      await native(each)
      fake.pay(attempt(each))
      expect((await notify(fake.notification(attempt(each)))).statusCode).toBe(204)
    }
    const paid = fake.trades.get(attempt(code))!
    fake.billExtras.fen.set(attempt(code), 100)
    fake.billExtras.rows.push({
      date,
      kind: 'payment',
      tradeNo: 'FOREIGN0001',
      transactionId: '4200FOREIGN0001',
      fen: 500,
    })
    const counted = await counter('member_centre_payments_reconcile_differences_total')
    const differences = await app.payments.reconciliation.reconcile(date)
    expect(differences).toHaveLength(2)
    expect(differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'amount-differs',
          transactionId: paid.transactionId,
          theirFen: 100,
          ourFen: 198000,
        }),
        expect.objectContaining({ kind: 'missing-here', transactionId: '4200FOREIGN0001', theirFen: 500 }),
      ]),
    )
    expect(await counter('member_centre_payments_reconcile_differences_total')).toBe(counted + 2)
    fake.billExtras.rows.length = 0
    fake.billExtras.fen.clear()
  })
})

describe('the daily reconciliation', () => {
  it('runs once across instances, only after 10:30 Beijing time, for the day before', async () => {
    const other = await server.buildVariant(
      {
        production: true,
        payNotifySecret: null,
        publicOrigin: ORIGIN,
        paymentProviders: { wechatPay: checkWechatPay(fake.env).settings, alipay: null },
      },
      { wechatApi },
    )
    // The next 10:29 in Beijing (UTC 02:29): the bills are not ready yet.
    const at = server.clock()
    const beijingDay = new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
    let early = Date.parse(`${beijingDay}T02:29:00Z`)
    if (early <= at.getTime()) early += 24 * 3_600_000
    server.clock.advance(early - at.getTime())
    expect(await app.payments.reconciliation.reconcileDue()).toBe(false)
    server.clock.advance(2 * 60_000)
    const bills = () => fake.calls.filter((call) => call.path === '/v3/bill/tradebill').length
    const before = bills()
    const runs = await Promise.all([
      app.payments.reconciliation.reconcileDue(),
      other.payments.reconciliation.reconcileDue(),
    ])
    expect(runs.filter(Boolean)).toHaveLength(1)
    expect(await other.payments.reconciliation.reconcileDue()).toBe(false)
    expect(bills()).toBe(before + 1)
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
  await services.payments.settle()
}
