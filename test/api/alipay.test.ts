/** @jest-environment ./test/api/support/pglite-environment.ts */
// Alipay in production (server/providers/payment/alipay.ts through the official alipay-sdk v4)
// against a protocol-faithful fake gateway (support/fake-alipay.ts): precreate, the wap page URL,
// notifications (checkNotifySignV2, app id, amount, status; answered `success`), the lost
// notification recovered by the status poll with alipay.trade.query, and alipay.trade.close.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { checkAlipay } from '../../server/providers/payment/alipay'
import { createServices } from '../../server/services'
import { DEMO, startTestServer, testConfig, type TestServer } from './support/harness'
import { providerOrders } from './support/provider-orders'
import { startFakeAlipay, type FakeAlipay } from './support/fake-alipay'

const otherPublicKey = () =>
  crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'pem' }) as string

const ORIGIN = 'https://console.example.cn'

let server: TestServer
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
  fake = await startFakeAlipay()
  server = await startTestServer()
  expect(checkAlipay(fake.env).problems).toEqual([])
  app = await server.buildVariant(productionConfig())
  owner = await server.tokenFor(DEMO.owner)
}, 120_000)

afterAll(async () => {
  await server?.close()
  await fake?.close()
})

const { call, newOrder, orderRow, paymentRows } = providerOrders(() => ({ server, app, owner }))
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
    expect(answer.data).toEqual({ out_trade_no: code, qr_code: `https://qr.alipay.com/bax0${code}` })
    const order = await orderRow(code)
    expect(fake.trades.get(code)?.biz).toMatchObject({
      out_trade_no: code,
      total_amount: order.payAmount,
      notify_url: `${ORIGIN}/api/alipay/notify`,
    })
    expect(fake.trades.get(code)?.biz.time_expire).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  })

  it('wap: a signed GET URL of alipay.trade.wap.pay that comes back to the payment page', async () => {
    const code = await newOrder()
    const answer = await call<{ url: string }>('POST', '/api/alipay/tradeWapPay', { out_trade_no: code })
    const trade = fake.openWapPage(answer.data.url)
    expect(trade?.biz).toMatchObject({
      out_trade_no: code,
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
    fake.pay(code)
    const form = fake.notification(code)
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
    ['a wrong amount', (f: Record<string, string>) => (f.total_amount = '0.01'), (form: string) => form],
  ])(
    'refuses %s (not `success`, so Alipay sends it again) and leaves the order unpaid',
    async (_n, change, damage) => {
      const code = await newOrder()
      await precreate(code)
      fake.pay(code)
      const answer = await notify(damage(fake.notification(code, change as never)))
      expect(answer.body).toBe('fail')
      expect((await orderRow(code)).status).toBe(3)
      expect(await paymentRows(code)).toHaveLength(0)
    },
  )

  it('only TRADE_SUCCESS and TRADE_FINISHED pay', async () => {
    const code = await newOrder()
    await precreate(code)
    expect((await notify(fake.notification(code, (f) => (f.trade_status = 'WAIT_BUYER_PAY')))).body).toBe(
      'success',
    )
    expect((await orderRow(code)).status).toBe(3)
    fake.pay(code)
    expect((await notify(fake.notification(code, (f) => (f.trade_status = 'TRADE_FINISHED')))).body).toBe(
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
      fake.calls.filter((c) => c.method === 'alipay.trade.query' && c.params.biz_content?.includes(code))
        .length
    expect((await status()).data).toBe(false)
    fake.pay(code)
    expect((await status()).data).toBe(false)
    expect(queries()).toBe(1)
    server.clock.advance(6_000)
    expect((await status()).data).toBe(true)
    expect(queries()).toBe(2)
    expect(await paymentRows(code)).toHaveLength(1)
    expect((await notify(fake.notification(code))).body).toBe('success')
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
      fake.calls.some((c) => c.method === 'alipay.trade.close' && c.params.biz_content?.includes(code)),
    ).toBe(true)
    expect(fake.trades.get(code)?.status).toBe('TRADE_CLOSED')
  })
})
