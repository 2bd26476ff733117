// Payment providers, their sandbox and the asynchronous notification (doc2 §2 Payment page, §7).
import { and, desc, eq } from 'drizzle-orm'
import type { Order } from '../../src/core/contract/orders'
import { BUSINESS_ORDER_MESSAGES } from '../../src/core/validation/business-orders'
import { accounts, businesses, notices, orders, outbox, payments, subAccounts } from '../../server/db/schema'
import { DEV_PAY_NOTIFY_SECRET } from '../../server/config'
import { FULFILMENT_MESSAGES } from '../../server/services/checkout/fulfilment'
import { signFields } from '../../server/providers/payment/sandbox'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let mainAccountId: number
let owner: string
let otherOwner: string

const MINUTE = 60_000
const SKU = 'SKU-SITE-STD'

function signed(fields: Record<string, string>, secret = DEV_PAY_NOTIFY_SECRET) {
  return { ...fields, sign: signFields(fields, secret) }
}

const alipayNotice = (code: string, amount: string, tradeNo = `T${code}`) => ({
  out_trade_no: code,
  trade_no: tradeNo,
  total_amount: amount,
  trade_status: 'TRADE_SUCCESS',
})

async function newOrder(token: string, body: Record<string, unknown> = {}) {
  const answer = (await server.post(
    '/oapi/newac/GenerateOrder',
    { SkuId: SKU, OrderTypeId: 1, BuyCycle: 1, ...body },
    { token },
  )) as { IsSuccess?: boolean; Data?: { OrderNo: string }[]; message?: string }
  if (!answer.IsSuccess) throw new Error(`GenerateOrder refused: ${answer.message}`)
  return answer.Data![0]!.OrderNo
}

const orderRow = async (code: string) =>
  (await server.db.select().from(orders).where(eq(orders.orderCode, code)))[0]!
const paymentRows = (code: string) => server.db.select().from(payments).where(eq(payments.orderCode, code))

beforeAll(async () => {
  const rows = await server.db.select().from(accounts)
  mainAccountId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  owner = await server.tokenFor(DEMO.owner)
  otherOwner = await server.tokenFor(DEMO.otherOwner)
}, 60_000)

describe('precreate calls', () => {
  it('desktop QR texts and phone redirects point at the payment sandbox for the order', async () => {
    const code = await newOrder(owner)
    const qr = await server.post<{ qr_code: string }>(
      '/api/alipay/tradePrecreate',
      { out_trade_no: code, subject: '自助建站', total_amount: '0.01' },
      { token: owner },
    )
    // Each way of paying is an attempt with its own out_trade_no: the order code and a suffix.
    expect(qr.data.qr_code).toBe(
      `http://localhost:80/__dev/pay?provider=alipay&channel=qr&out_trade_no=${code}AQ1`,
    )
    const wap = await server.post<{ url: string }>(
      '/api/alipay/tradeWapPay',
      { out_trade_no: code },
      { token: owner },
    )
    expect(wap.data.url).toContain(`/__dev/pay?provider=alipay&channel=wap&out_trade_no=${code}AW1`)
    const native = await server.post<{ code_url: string }>(
      '/api/wxpay/tradePrecreate',
      { trade_type: 'NATIVE', out_trade_no: code, total_fee: 1 },
      { token: owner },
    )
    expect(native.data.code_url).toContain(`provider=wxpay&channel=qr&out_trade_no=${code}WN1`)
    const mweb = await server.post<{ mweb_url: string }>(
      '/api/wxpay/tradePrecreate',
      { trade_type: 'MWEB', out_trade_no: code },
      { token: owner },
    )
    expect(mweb.data.mweb_url).toContain(`provider=wxpay&channel=wap&out_trade_no=${code}WH1`)
  })

  it('JSAPI answers the parameters WeixinJSBridge and requestPayment take', async () => {
    const code = await newOrder(owner)
    const jsapi = await server.post<Record<string, string>>(
      '/api/wxpay/tradePrecreate',
      { trade_type: 'JSAPI', out_trade_no: code },
      { token: owner },
    )
    expect(jsapi.data).toMatchObject({
      appId: expect.any(String),
      timeStamp: expect.stringMatching(/^\d+$/),
      nonceStr: expect.any(String),
      package: `prepay_id=sandbox_${code}WJ1`,
      signType: 'HMAC-SHA256',
      paySign: expect.stringMatching(/^[0-9A-F]{64}$/),
    })
  })

  it("answers another account's order exactly as a missing one", async () => {
    const code = await newOrder(owner)
    const missing = { code: 508, message: '订单不存在', data: null }
    expect(
      await server.post('/api/alipay/tradePrecreate', { out_trade_no: code }, { token: otherOwner }),
    ).toEqual(missing)
    expect(
      await server.post(
        '/api/wxpay/tradePrecreate',
        { trade_type: 'NATIVE', out_trade_no: code },
        { token: otherOwner },
      ),
    ).toEqual(missing)
    expect(
      await server.post('/api/alipay/tradePrecreate', { out_trade_no: 'NOSUCHORDER' }, { token: otherOwner }),
    ).toEqual(missing)
  })

  it('refuses an expired order with the expiry message', async () => {
    const code = await newOrder(owner)
    server.clock.advance(31 * MINUTE)
    owner = await server.tokenFor(DEMO.owner)
    otherOwner = await server.tokenFor(DEMO.otherOwner)
    expect(
      await server.post('/api/alipay/tradePrecreate', { out_trade_no: code }, { token: owner }),
    ).toMatchObject({
      code: 400,
      message: '订单已过期，请重新下单！',
    })
  })
})

describe('POST /api/alipay/notify and /api/wxpay/notify', () => {
  it('refuses a notification without a valid signature and changes nothing', async () => {
    const code = await newOrder(owner)
    const fields = alipayNotice(code, '1980.00')
    expect(await server.post('/api/alipay/notify', fields)).toMatchObject({
      code: 400,
      message: '签名校验失败',
    })
    expect(await server.post('/api/alipay/notify', signed(fields, 'another-secret'))).toMatchObject({
      code: 400,
      message: '签名校验失败',
    })
    const tampered = { ...signed(fields), total_amount: '0.01' }
    expect(await server.post('/api/alipay/notify', tampered)).toMatchObject({
      code: 400,
      message: '签名校验失败',
    })
    expect((await orderRow(code)).status).toBe(3)
    expect(await paymentRows(code)).toHaveLength(0)
  })

  it('pays the order: status 1, pay time, one payment row, getOrderStatus true', async () => {
    const code = await newOrder(owner)
    expect(await server.post('/api/alipay/notify', signed(alipayNotice(code, '1980.00')))).toMatchObject({
      code: 200,
      data: 'paid',
    })
    const row = await orderRow(code)
    expect(row.status).toBe(1)
    expect(row.payTime).toEqual(server.clock())
    expect(await paymentRows(code)).toEqual([
      expect.objectContaining({
        provider: 'alipay',
        tradeNo: `T${code}`,
        amount: '1980.00',
        subAccountId: null,
      }),
    ])
    expect(await server.get(`/api/pc/getOrderStatus?orderCode=${code}`, { token: owner })).toMatchObject({
      data: true,
    })
  })

  it('is idempotent: the same notification again changes nothing', async () => {
    const code = await newOrder(owner)
    await server.post('/api/alipay/notify', signed(alipayNotice(code, '1980.00')))
    const paidAt = (await orderRow(code)).payTime
    server.clock.advance(1000)
    expect(await server.post('/api/alipay/notify', signed(alipayNotice(code, '1980.00')))).toMatchObject({
      code: 200,
      data: 'alreadyPaid',
    })
    expect((await orderRow(code)).payTime).toEqual(paidAt)
    expect(await paymentRows(code)).toHaveLength(1)
  })

  it('keeps a second payment of a paid order and refunds it: the order stays paid, the owner is told', async () => {
    const code = await newOrder(owner)
    await server.post('/api/alipay/notify', signed(alipayNotice(code, '1980.00')))
    expect(
      await server.post('/api/alipay/notify', signed(alipayNotice(code, '1980.00', `SECOND${code}`))),
    ).toMatchObject({ code: 200, data: 'refundDue' })
    await server.app.payments.settle()
    expect((await orderRow(code)).status).toBe(1)
    expect(await paymentRows(code)).toEqual([
      expect.objectContaining({ tradeNo: `T${code}`, state: 'paid' }),
      expect.objectContaining({
        tradeNo: `SECOND${code}`,
        state: 'refunded',
        refundNo: expect.stringMatching(new RegExp(`^${code}R\\d+$`)),
      }),
    ])
    const [notice] = await server.db
      .select()
      .from(notices)
      .where(and(eq(notices.accountId, mainAccountId), eq(notices.type, 20)))
      .orderBy(desc(notices.id))
      .limit(1)
    expect(notice!.content).toContain(`您的订单${code}有一笔¥1980.00的付款已原路退回`)
    const detail = await server.get<Order>(`/api/pc/getOrderById?orderId=${(await orderRow(code)).id}`, {
      token: owner,
    })
    expect(detail.data.payments).toEqual([
      expect.objectContaining({ provider: 'alipay', amount: 1980, state: 'paid' }),
      expect.objectContaining({ provider: 'alipay', amount: 1980, state: 'refunded' }),
    ])
  })

  it('tells the refund by SMS only when 订单与发票 names SMS (消息接收管理): by default the notice alone', async () => {
    const refundSms = () =>
      server.db
        .select({ recipient: outbox.recipient })
        .from(outbox)
        .where(and(eq(outbox.accountId, mainAccountId), eq(outbox.template, 'refund')))
    const before = (await refundSms()).length
    const refundTwice = async () => {
      const code = await newOrder(owner)
      await server.post('/api/alipay/notify', signed(alipayNotice(code, '1980.00')))
      await server.post('/api/alipay/notify', signed(alipayNotice(code, '1980.00', `AGAIN${code}`)))
      await server.app.payments.settle()
    }
    await refundTwice()
    // 订单与发票 by default: the owner's 站内信, no SMS.
    expect(await refundSms()).toHaveLength(before)
    const saved = await server.post(
      '/api/notify/settings',
      { categories: [{ category: 'billing', audience: { inbox: ['owner'], sms: ['owner'], email: [] } }] },
      { token: owner },
    )
    expect(saved).toMatchObject({ code: 200 })
    await refundTwice()
    expect((await refundSms()).slice(before)).toEqual([{ recipient: DEMO.owner }])
  })

  it('keeps a payment of another amount and refunds it; the order stays payable', async () => {
    const code = await newOrder(owner)
    expect(await server.post('/api/alipay/notify', signed(alipayNotice(code, '0.01')))).toMatchObject({
      code: 200,
      data: 'refundDue',
    })
    const wxFields = { out_trade_no: code, transaction_id: 'W1', total_fee: '198000', result_code: 'SUCCESS' }
    expect(
      await server.post('/api/wxpay/notify', signed({ ...wxFields, transaction_id: 'W0', total_fee: '1' })),
    ).toMatchObject({ data: 'refundDue' })
    await server.app.payments.settle()
    expect((await orderRow(code)).status).toBe(3)
    // WeChat Pay counts in fen.
    expect(await server.post('/api/wxpay/notify', signed(wxFields))).toMatchObject({ data: 'paid' })
    expect((await paymentRows(code)).map((row) => [row.amount, row.state])).toEqual([
      ['0.01', 'refunded'],
      ['0.01', 'refunded'],
      ['1980.00', 'paid'],
    ])
  })

  it('a payment made in time whose notification comes after the deadline pays the voided order', async () => {
    const code = await newOrder(owner)
    server.clock.advance(30 * MINUTE + 1)
    expect(await server.post('/api/alipay/notify', signed(alipayNotice(code, '1980.00')))).toMatchObject({
      code: 200,
      data: 'late',
    })
    expect((await orderRow(code)).status).toBe(1)
    expect(await paymentRows(code)).toEqual([expect.objectContaining({ state: 'paid' })])
    owner = await server.tokenFor(DEMO.owner)
    otherOwner = await server.tokenFor(DEMO.otherOwner)
  })

  it('ignores a notification of an unsuccessful trade', async () => {
    const code = await newOrder(owner)
    const fields = { ...alipayNotice(code, '1980.00'), trade_status: 'WAIT_BUYER_PAY' }
    expect(await server.post('/api/alipay/notify', signed(fields))).toMatchObject({
      code: 200,
      data: 'ignored',
    })
    expect((await orderRow(code)).status).toBe(3)
  })

  it('fulfils a renewal in the same step: the business gets its years', async () => {
    const at = server.clock()
    const expireTime = new Date(at.getTime() + 10 * 24 * 60 * MINUTE)
    await server.db.insert(businesses).values({
      accountId: mainAccountId,
      orderCode: 'OPEN-pay-renew',
      skuId: SKU,
      secondDomain: 'pay-renew',
      productName: '自助建站',
      productType: 1,
      status: 1,
      expireTime,
      createdAt: at,
    })
    // A sub-admin renews with website management (account-area §6).
    await server.db.update(subAccounts).set({ isWebsiteManage: 1 }).where(eq(subAccounts.fullName, '李子管'))
    const subAdmin = await server.tokenFor(DEMO.subAdmin)
    const code = await newOrder(subAdmin, {
      OrderTypeId: 2,
      BuyCycle: 2,
      CommonParam: JSON.stringify({ subAccountId: 1, secondDomain: 'pay-renew' }),
    })
    await server.db.update(subAccounts).set({ isWebsiteManage: 0 }).where(eq(subAccounts.fullName, '李子管'))
    await server.post('/api/alipay/notify', signed(alipayNotice(code, '3960.00')))
    const [business] = await server.db
      .select()
      .from(businesses)
      .where(eq(businesses.secondDomain, 'pay-renew'))
    expect(business!.expireTime!.getUTCFullYear()).toBe(expireTime.getUTCFullYear() + 2)
    expect((await paymentRows(code))[0]!.subAccountId).toBeGreaterThan(0)
  })
})

describe('a paid order whose rule no longer holds (fulfilment checks again)', () => {
  const DAY = 24 * 60 * MINUTE

  async function addBusiness(secondDomain: string, skuId: string, daysLeft: number) {
    const at = server.clock()
    const [row] = await server.db
      .insert(businesses)
      .values({
        accountId: mainAccountId,
        orderCode: `OPEN-${secondDomain}`,
        skuId,
        secondDomain,
        productName: '自助建站',
        productType: 1,
        status: 1,
        openTime: at,
        expireTime: new Date(at.getTime() + daysLeft * DAY),
        createdAt: at,
      })
      .returning()
    return row!
  }
  const reread = async (id: number) =>
    (await server.db.select().from(businesses).where(eq(businesses.id, id)))[0]!

  /** Pays the order as its provider would and expects the payment refunded, the business unchanged. */
  async function expectRefundedNotApplied(code: string, businessId: number, reason: string) {
    const before = await reread(businessId)
    const warn = jest.spyOn(server.app.log, 'warn')
    try {
      const amount = (await orderRow(code)).payAmount
      expect(await server.post('/api/alipay/notify', signed(alipayNotice(code, amount)))).toMatchObject({
        code: 200,
        data: 'refundDue',
      })
      await server.app.payments.settle()
      // The money was taken: it is kept as a payment and returned; the order stays unpaid.
      expect((await orderRow(code)).status).toBe(3)
      expect(await paymentRows(code)).toEqual([
        expect.objectContaining({ state: 'refunded', refundReason: reason }),
      ])
      expect(await reread(businessId)).toEqual(before)
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ orderCode: code, businessId, reason }),
        expect.stringContaining('refund due'),
      )
    } finally {
      warn.mockRestore()
    }
  }

  it('a renewal of a business refunded since: no payment is started, a payment that arrives extends nothing', async () => {
    const business = await addBusiness('stale-refunded', SKU, 20)
    const code = await newOrder(owner, {
      OrderTypeId: 2,
      CommonParam: JSON.stringify({ secondDomain: 'stale-refunded' }),
    })
    await server.db.update(businesses).set({ status: 5 }).where(eq(businesses.id, business.id))
    expect(await server.post('/api/alipay/tradePrecreate', { out_trade_no: code }, { token: owner })).toEqual(
      {
        code: 400,
        message: BUSINESS_ORDER_MESSAGES.renewRefunded,
        data: null,
      },
    )
    await expectRefundedNotApplied(code, business.id, BUSINESS_ORDER_MESSAGES.renewRefunded)
  })

  it('a renewal of a business upgraded since to another SKU extends nothing', async () => {
    const business = await addBusiness('stale-upgraded', SKU, 20)
    const code = await newOrder(owner, {
      OrderTypeId: 2,
      CommonParam: JSON.stringify({ secondDomain: 'stale-upgraded' }),
    })
    await server.db.update(businesses).set({ skuId: 'SKU-SITE-PRO' }).where(eq(businesses.id, business.id))
    await expectRefundedNotApplied(code, business.id, FULFILMENT_MESSAGES.renewOtherSku)
  })

  it('an upgrade priced for 100 days of a term renewed since by a year upgrades nothing', async () => {
    const business = await addBusiness('stale-term', SKU, 100)
    const code = await newOrder(owner, {
      SkuId: 'SKU-SITE-PRO',
      OrderTypeId: 3,
      BuyCycle: 0,
      CommonParam: JSON.stringify({ secondDomain: 'stale-term' }),
    })
    expect((await orderRow(code)).payAmount).toBe('547.95')
    const later = new Date(business.expireTime!.getTime() + 365 * DAY)
    await server.db.update(businesses).set({ expireTime: later }).where(eq(businesses.id, business.id))
    await expectRefundedNotApplied(code, business.id, FULFILMENT_MESSAGES.termChanged)
  })

  it('a purchase of a domain another account was first to pay for opens nothing and is refunded', async () => {
    const domain = JSON.stringify({ secondDomain: 'race-domain' })
    const first = await newOrder(owner, { CommonParam: domain })
    const second = await newOrder(await server.tokenFor(DEMO.otherOwner), { CommonParam: domain })
    await server.post('/api/alipay/notify', signed(alipayNotice(first, '1980.00')))
    expect(await server.post('/api/alipay/notify', signed(alipayNotice(second, '1980.00')))).toMatchObject({
      code: 200,
      data: 'refundDue',
    })
    await server.app.payments.settle()
    expect(await paymentRows(second)).toEqual([
      expect.objectContaining({ state: 'refunded', refundReason: FULFILMENT_MESSAGES.domainTaken }),
    ])
    const sites = await server.db.select().from(businesses).where(eq(businesses.secondDomain, 'race-domain'))
    expect(sites).toEqual([expect.objectContaining({ accountId: mainAccountId, orderCode: first })])
    expect((await orderRow(second)).businessId).toBeNull()
  })

  it('an upgrade whose business still qualifies is applied', async () => {
    const business = await addBusiness('fresh-upgrade', SKU, 100)
    const code = await newOrder(owner, {
      SkuId: 'SKU-SITE-PRO',
      OrderTypeId: 3,
      BuyCycle: 0,
      CommonParam: JSON.stringify({ secondDomain: 'fresh-upgrade' }),
    })
    server.clock.advance(MINUTE)
    await server.post('/api/alipay/notify', signed(alipayNotice(code, '547.95')))
    expect(await reread(business.id)).toMatchObject({ skuId: 'SKU-SITE-PRO', status: 6 })
  })
})

describe('seed', () => {
  it('every seeded order paid through our own channel has its payment row, with the same amount', async () => {
    const paid = await server.db.select().from(orders).where(eq(orders.status, 1))
    const direct = paid.filter((o) => o.salesChannel === 32 && o.orderCode.startsWith('MC'))
    expect(direct.length).toBeGreaterThan(0)
    const rows = await server.db.select().from(payments)
    for (const order of direct) {
      expect(rows.find((p) => p.orderId === order.id)).toMatchObject({ amount: order.payAmount })
    }
  })
})

describe('payment sandbox (development only)', () => {
  it('paying on the sandbox page pays through the notification; a phone returns to the payment page', async () => {
    const code = await newOrder(owner)
    const mweb = await server.post<{ mweb_url: string }>(
      '/api/wxpay/tradePrecreate',
      { trade_type: 'MWEB', out_trade_no: code },
      { token: owner },
    )
    const cashier = new URL(mweb.data.mweb_url)
    const tradeNo = cashier.searchParams.get('out_trade_no')!
    const page = await server.app.inject({ method: 'GET', url: cashier.pathname + cashier.search })
    expect(page.body).toContain('¥1980.00')
    expect(page.headers['content-security-policy']).toContain("script-src 'nonce-")
    const pay = { provider: 'wxpay', channel: 'wap', out_trade_no: tradeNo, action: 'pay' }
    expect(await server.post('/__dev/pay', pay)).toMatchObject({
      code: 200,
      data: { location: `/orderByPlay?orderCode=${code}`, outcome: 'paid' },
    })
    expect((await orderRow(code)).status).toBe(1)
    expect(await paymentRows(code)).toEqual([
      expect.objectContaining({ provider: 'wxpay', outTradeNo: tradeNo }),
    ])

    // Paying again plays a second payment, as a provider would take it after a late scan: refunded.
    expect(await server.post('/__dev/pay', pay)).toMatchObject({ code: 200, data: { outcome: 'refundDue' } })
    await server.app.payments.settle()
    expect((await paymentRows(code)).map((row) => row.state)).toEqual(['paid', 'refunded'])
    const again = await server.app.inject({ method: 'GET', url: cashier.pathname + cashier.search })
    expect(again.body).toContain('订单已支付：再次支付即模拟重复付款')
    expect(again.body).toContain('退款记录')
    expect(again.body).toContain('退款 ¥1980.00')
  })

  it('a second payment of a seeded order (an MC code, no attempt suffix) is refunded and listed under it', async () => {
    const [seeded] = await server.db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, mainAccountId), eq(orders.status, 1), eq(orders.salesChannel, 32)))
      .limit(1)
    const code = seeded!.orderCode
    expect(code).toMatch(/^MC\d+$/)
    const pay = { provider: 'alipay', channel: 'qr', out_trade_no: code, action: 'pay' }
    expect(await server.post('/__dev/pay', pay)).toMatchObject({ data: { outcome: 'refundDue' } })
    await server.app.payments.settle()
    const page = await server.app.inject({
      method: 'GET',
      url: `/__dev/pay?provider=alipay&out_trade_no=${code}`,
    })
    expect(page.body).toContain(`退款 ¥${seeded!.payAmount}`)
  })

  it('cancelling on a phone returns to the failure page', async () => {
    const code = await newOrder(owner)
    expect(
      await server.post('/__dev/pay', {
        provider: 'alipay',
        channel: 'wap',
        out_trade_no: code,
        action: 'cancel',
      }),
    ).toMatchObject({ data: { location: `/failure?orderCode=${code}` } })
    expect((await orderRow(code)).status).toBe(3)
  })

  it('does not exist in production, where online payment is refused', async () => {
    const production = await server.buildVariant({ production: true, payNotifySecret: null })
    const code = await newOrder(owner)
    const sandbox = await production.inject({ method: 'GET', url: `/__dev/pay?out_trade_no=${code}` })
    expect(sandbox.json()).toMatchObject({ code: 404 })
    const precreate = await production.inject({
      method: 'POST',
      url: '/api/alipay/tradePrecreate',
      headers: { token: owner },
      payload: { out_trade_no: code },
    })
    expect(precreate.json()).toMatchObject({ code: 400, message: '在线支付暂未开通，请使用线下转账' })
    const notify = await production.inject({
      method: 'POST',
      url: '/api/alipay/notify',
      payload: signed(alipayNotice(code, '1980.00')),
    })
    expect(notify.json()).toMatchObject({ code: 403, message: '支付通知未配置' })
  })
})

describe('buying again for a site (account-area §4 buy-new)', () => {
  it('reopens the refunded business on that domain instead of opening a second one', async () => {
    const [refunded] = await server.db.select().from(businesses).where(eq(businesses.secondDomain, 'xcpromo'))
    expect(refunded).toMatchObject({ accountId: mainAccountId, status: 5 })
    const code = await newOrder(owner, { CommonParam: JSON.stringify({ secondDomain: 'xcpromo' }) })
    expect((await orderRow(code)).businessId).toBe(refunded!.id)

    expect(await server.post('/api/alipay/notify', signed(alipayNotice(code, '1980.00')))).toMatchObject({
      code: 200,
    })
    const same = await server.db.select().from(businesses).where(eq(businesses.secondDomain, 'xcpromo'))
    expect(same).toHaveLength(1)
    expect(same[0]).toMatchObject({ id: refunded!.id, status: 0, isExpire: 0, orderCode: code })
  })

  it('refuses to sell a domain another account holds', async () => {
    await expect(
      newOrder(owner, { CommonParam: JSON.stringify({ secondDomain: 'yunfan' }) }),
    ).rejects.toThrow('该域名已被占用，请更换域名')
  })
})
