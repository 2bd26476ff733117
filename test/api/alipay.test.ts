// Alipay in production (server/providers/payment/alipay.ts through the official alipay-sdk v4)
// against a protocol-faithful fake gateway (support/fake-alipay.ts): precreate, the wap page URL,
// notifications (checkNotifySignV2, app id, seller, age, status; answered `success`), the lost
// notification recovered by the status poll with alipay.trade.query, alipay.trade.close, refunds
// (alipay.trade.refund, fastpay.refund.query) of payments that cannot be kept, and the daily bill.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { checkAlipay } from '../../server/providers/payment/alipay'
import { createServices } from '../../server/services'
import { DEMO, testConfig, useTestServer } from './support/harness'
import { providerOrders } from './support/provider-orders'
import { startFakeAlipay, type FakeAlipay } from './support/fake-alipay'

const otherPublicKey = () =>
  crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'pem' }) as string

const ORIGIN = 'https://console.example.cn'

const server = useTestServer()
let fake: FakeAlipay
let app: FastifyInstance
let owner: string

const productionConfig = () =>
  testConfig({
    production: true,
    payNotifySecret: null,
    publicOrigin: ORIGIN,
    paymentProviders: { alipay: checkAlipay(fake.env).settings, wechatPay: null },
  })

beforeAll(async () => {
  fake = await startFakeAlipay({ now: () => server.clock() })
  expect(checkAlipay(fake.env).problems).toEqual([])
  app = await server.buildVariant(productionConfig())
  owner = await server.tokenFor(DEMO.owner)
}, 120_000)

afterAll(async () => {
  await fake?.close()
})

const { call, newOrder, orderRow, paymentRows } = providerOrders(() => ({ server, app, owner }))
/** The out_trade_no of an order's first QR (AQ) or wap (AW) attempt. */
const qr = (code: string) => `${code}AQ1`
const wap = (code: string) => `${code}AW1`

const precreate = (code: string) =>
  call<{ qr_code: string }>('POST', '/api/alipay/tradePrecreate', { out_trade_no: code })

const notify = (form: string) =>
  app.inject({
    method: 'POST',
    url: '/api/alipay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: form,
  })

describe('ordering', () => {
  it("precreate: a signed call for the order's own amount; the qr_code comes back", async () => {
    const code = await newOrder()
    const answer = await precreate(code)
    expect(answer.data).toEqual({ out_trade_no: code, qr_code: `https://qr.alipay.com/bax0${qr(code)}` })
    const order = await orderRow(code)
    expect(fake.trades.get(qr(code))?.biz).toMatchObject({
      out_trade_no: qr(code),
      total_amount: order.payAmount,
      notify_url: `${ORIGIN}/api/alipay/notify`,
    })
    expect(fake.trades.get(qr(code))?.biz.time_expire).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  })

  it('wap: a signed GET URL of alipay.trade.wap.pay that comes back to the payment page', async () => {
    const code = await newOrder()
    const answer = await call<{ url: string }>('POST', '/api/alipay/tradeWapPay', { out_trade_no: code })
    const trade = fake.openWapPage(answer.data.url)
    expect(trade?.biz).toMatchObject({
      out_trade_no: wap(code),
      product_code: 'QUICK_WAP_WAY',
      return_url: `${ORIGIN}/orderByPlay?orderCode=${code}&fromProvider=1`,
    })
    // A URL changed after signing is refused by Alipay.
    expect(
      fake.openWapPage(answer.data.url.replace(/total_amount%22%3A%22[\d.]+/, 'total_amount%22%3A%220.01')),
    ).toBeNull()
  })

  it('a gateway answer whose sign does not verify is refused', async () => {
    const code = await newOrder()
    const impostor = await server.buildVariant({
      ...productionConfig(),
      paymentProviders: {
        wechatPay: null,
        // Alipay's answers checked against another key: they cannot verify.
        alipay: { ...checkAlipay(fake.env).settings!, alipayPublicKey: otherPublicKey() },
      },
    })
    const answer = await impostor.inject({
      method: 'POST',
      url: '/api/alipay/tradePrecreate',
      headers: { token: owner },
      payload: { out_trade_no: code },
    })
    expect(answer.json()).toMatchObject({ code: 500, message: '支付服务暂时不可用，请稍后重试' })
  })
})

describe('notifications', () => {
  it('a verified notification pays once and is answered `success`; the same one again changes nothing', async () => {
    const code = await newOrder()
    await precreate(code)
    fake.pay(qr(code))
    const form = fake.notification(qr(code))
    const first = await notify(form)
    expect(first.body).toBe('success')
    expect((await orderRow(code)).status).toBe(1)
    expect((await notify(form)).body).toBe('success')
    expect(await paymentRows(code)).toHaveLength(1)
  })

  it.each([
    [
      'a tampered field',
      (f: Record<string, string>) => f,
      (form: string) => form.replace('trade_status_sync', 'trade_status_sync2'),
    ],
    [
      'another app id',
      (f: Record<string, string>) => (f.app_id = '2021000000000999'),
      (form: string) => form,
    ],
    [
      'another seller',
      (f: Record<string, string>) => (f.seller_id = '2088000000000999'),
      (form: string) => form,
    ],
    [
      'a notify_time older than 48 hours',
      (f: Record<string, string>) => (f.notify_time = '2026-01-01 00:00:00'),
      (form: string) => form,
    ],
  ])(
    'refuses %s (not `success`, so Alipay sends it again) and leaves the order unpaid',
    async (_n, change, damage) => {
      const code = await newOrder()
      await precreate(code)
      fake.pay(qr(code))
      const answer = await notify(damage(fake.notification(qr(code), change as never)))
      expect(answer.body).toBe('fail')
      expect((await orderRow(code)).status).toBe(3)
      expect(await paymentRows(code)).toHaveLength(0)
    },
  )

  it('only TRADE_SUCCESS and TRADE_FINISHED pay', async () => {
    const code = await newOrder()
    await precreate(code)
    expect((await notify(fake.notification(qr(code), (f) => (f.trade_status = 'WAIT_BUYER_PAY')))).body).toBe(
      'success',
    )
    expect((await orderRow(code)).status).toBe(3)
    fake.pay(qr(code))
    expect((await notify(fake.notification(qr(code), (f) => (f.trade_status = 'TRADE_FINISHED')))).body).toBe(
      'success',
    )
    expect((await orderRow(code)).status).toBe(1)
  })
})

describe('a lost notification', () => {
  it('is recovered by the status poll through alipay.trade.query, once per spacing', async () => {
    const code = await newOrder()
    await precreate(code)
    const status = () => call<boolean>('GET', `/api/pc/getOrderStatus?orderCode=${code}`)
    const queries = () =>
      fake.calls.filter((c) => c.method === 'alipay.trade.query' && c.params.biz_content?.includes(qr(code)))
        .length
    expect((await status()).data).toBe(false)
    fake.pay(qr(code))
    expect((await status()).data).toBe(false)
    expect(queries()).toBe(1)
    server.clock.advance(6_000)
    expect((await status()).data).toBe(true)
    expect(queries()).toBe(2)
    expect(await paymentRows(code)).toHaveLength(1)
    expect((await notify(fake.notification(qr(code)))).body).toBe('success')
    expect(await paymentRows(code)).toHaveLength(1)
  })

  it('a voided order is closed at Alipay by housekeeping', async () => {
    const code = await newOrder()
    await precreate(code)
    server.clock.advance(31 * 60_000)
    const services = createServices({
      db: server.db,
      config: productionConfig(),
      now: server.clock,
      log: app.log,
    })
    await services.housekeeping.purgeExpired()
    expect((await orderRow(code)).status).toBe(4)
    expect(
      fake.calls.some((c) => c.method === 'alipay.trade.close' && c.params.biz_content?.includes(qr(code))),
    ).toBe(true)
    expect(fake.trades.get(qr(code))?.status).toBe('TRADE_CLOSED')
  })
})

describe('no verified payment is dropped', () => {
  beforeEach(async () => {
    owner = await server.tokenFor(DEMO.owner)
  })

  it('a payment of another amount is kept and refunded through alipay.trade.refund, once', async () => {
    const code = await newOrder()
    await precreate(code)
    fake.pay(qr(code))
    const answer = await notify(fake.notification(qr(code), (f) => (f.total_amount = '0.01')))
    expect(answer.body).toBe('success')
    await app.payments.settle()
    const [payment] = await paymentRows(code)
    expect(payment).toMatchObject({ amount: '0.01', state: 'refunded', refundNo: expect.any(String) })
    const refunds = fake.calls.filter((c) => c.method === 'alipay.trade.refund')
    expect(refunds.filter((c) => c.params.biz_content?.includes(payment!.refundNo!))).toHaveLength(1)
    expect(JSON.parse(refunds.at(-1)!.params.biz_content!)).toMatchObject({
      out_trade_no: qr(code),
      out_request_no: payment!.refundNo,
      refund_amount: '0.01',
    })
    expect((await orderRow(code)).status).toBe(3)
  })

  it('a refund Alipay has not settled yet is asked about again with fastpay.refund.query', async () => {
    const code = await newOrder()
    await precreate(code)
    fake.pay(qr(code))
    expect((await notify(fake.notification(qr(code)))).body).toBe('success')
    fake.behaviour.refundsPending = true
    try {
      expect((await notify(fake.notification(qr(code), (f) => (f.trade_no = `${f.trade_no}2`)))).body).toBe(
        'success',
      )
      await app.payments.settle()
      expect((await paymentRows(code)).map((row) => row.state)).toEqual(['paid', 'refunding'])
    } finally {
      fake.behaviour.refundsPending = false
    }
    fake.settleRefunds()
    server.clock.advance(2 * 60_000)
    await app.payments.refunds.runDue()
    expect(fake.calls.some((c) => c.method === 'alipay.trade.fastpay.refund.query')).toBe(true)
    expect((await paymentRows(code)).map((row) => row.state)).toEqual(['paid', 'refunded'])
  })

  it("reconciliation reads Alipay's bill of a day: exactly the missing trade and the different amount", async () => {
    server.clock.advance(24 * 3_600_000)
    owner = await server.tokenFor(DEMO.owner)
    const day = new Date(server.clock().getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
    const [code, other] = [await newOrder(), await newOrder()]
    for (const each of [code, other]) {
      await precreate(each)
      fake.pay(qr(each))
      expect((await notify(fake.notification(qr(each)))).body).toBe('success')
    }
    const paid = fake.trades.get(qr(code))!
    fake.billExtras.change = (row) => {
      if (row.tradeNo === qr(code)) row.amount = '1.00'
    }
    fake.billExtras.rows.push({
      transactionId: '2026FOREIGN0001',
      tradeNo: 'FOREIGN0001',
      kind: '交易',
      subject: '自助建站',
      amount: '5.00',
      refundNo: '',
      at: server.clock(),
    })
    server.clock.advance(24 * 3_600_000)
    try {
      const differences = await app.payments.reconciliation.reconcile(day)
      expect(differences).toHaveLength(2)
      expect(differences).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'amount-differs', transactionId: paid.tradeNo, theirFen: 100 }),
          expect.objectContaining({ kind: 'missing-here', transactionId: '2026FOREIGN0001', theirFen: 500 }),
        ]),
      )
    } finally {
      fake.billExtras.rows.length = 0
      fake.billExtras.change = () => {}
    }
  })
})
