// The WeChat Pay API v3 gateway (server/providers/payment/wechatpay.ts) called directly against the
// protocol-faithful fake (support/fake-wechatpay.ts): what WeChat refuses is refused, each attempt is
// its own out_trade_no, closing and querying by it, refunds and their notifications, daily bills,
// verification keys chosen by Wechatpay-Serial during a key rotation, and a deadline on every call.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Wechatpay } from 'wechatpay-axios-plugin'
import {
  chinaTime,
  NotificationRefused,
  ProviderError,
  type RawNotification,
  type RefundRequest,
  type TradeOrder,
} from '../../server/providers/payment/gateway'
import type { WechatPaySettings } from '../../server/config/payment'
import {
  checkWechatPay,
  createWechatPay,
  type WechatPayOptions,
} from '../../server/providers/payment/wechatpay'
import { MalformedBill, parseTradeBill } from '../../server/providers/payment/wechatpay-bill'
import {
  MCHID,
  OFFICIAL_APPID,
  PLATFORM_CERT_SERIAL,
  PLATFORM_KEY_ID,
  startFakeWechatPay,
  type FakeRefundResource,
  type FakeTransaction,
  type FakeWechatPay,
} from './support/fake-wechatpay'

const NOTIFY_URL = 'https://console.example.cn/api/wxpay/notify'
const REFUND_NOTIFY_URL = 'https://console.example.cn/api/wxpay/refund-notify'

let fake: FakeWechatPay
let settings: WechatPaySettings

beforeAll(async () => {
  fake = await startFakeWechatPay()
  const check = checkWechatPay(fake.env)
  expect(check.problems).toEqual([])
  settings = check.settings!
}, 60_000)

afterAll(() => fake?.close())

function gateway(changes: Partial<WechatPaySettings> = {}, options: Partial<WechatPayOptions> = {}) {
  return createWechatPay(
    { ...settings, ...changes },
    { notifyUrl: NOTIFY_URL, refundNotifyUrl: REFUND_NOTIFY_URL, now: () => new Date(), ...options },
  )
}

let sequence = 0
/** An attempt's out_trade_no: the order code plus a suffix, as the service writes them. */
const nextTradeNo = () => `MC${Date.now()}${String(sequence++).padStart(3, '0')}N1`

function trade(changes: Partial<TradeOrder> = {}): TradeOrder {
  return {
    tradeNo: nextTradeNo(),
    origin: 'https://console.example.cn',
    fen: 198_000,
    description: '企业官网 标准版 1年',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    ...changes,
  }
}

/** A trade created by NATIVE and paid by the payer at the fake. */
async function paidTrade(fen = 198_000) {
  const order = trade({ fen })
  await gateway().native(order)
  return { order, transactionId: fake.pay(order.tradeNo).transactionId! }
}

function refundOf(paid: Awaited<ReturnType<typeof paidTrade>>, changes: Partial<RefundRequest> = {}) {
  return {
    tradeNo: paid.order.tradeNo,
    transactionId: paid.transactionId,
    refundNo: `RF${paid.order.tradeNo}`,
    refundFen: paid.order.fen,
    totalFen: paid.order.fen,
    reason: '退订',
    ...changes,
  }
}

/** The rejection of `promise`: a ProviderError whose reason is checked by the caller. */
async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (rejection: unknown) => rejection,
  )
  expect(error).toBeInstanceOf(ProviderError)
  return error as ProviderError
}

/** A request signed by the merchant but not written by the gateway (what it never sends). */
async function rawOrder(body: Record<string, unknown>) {
  const client = new Wechatpay({
    mchid: MCHID,
    serial: settings.serial,
    privateKey: settings.privateKey,
    certs: { [PLATFORM_KEY_ID]: fake.platformKeys.publicKey.publicKey },
    baseURL: fake.baseUrl,
    headers: { 'Wechatpay-Serial': PLATFORM_KEY_ID },
  } as never)
  const answer = await client.v3.pay.transactions.native.post(body).then(
    () => null,
    (error: { response?: { status: number; data: { code: string } } }) => error.response,
  )
  return answer && { status: answer.status, code: answer.data.code }
}

describe('ordering', () => {
  it("uses the attempt's tradeNo as out_trade_no; the same order again answers the same code_url", async () => {
    const order = trade()
    const first = await gateway().native(order)
    expect(first).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/)
    expect(await gateway().native(order)).toBe(first)
    expect(fake.trades.get(order.tradeNo)?.body).toMatchObject({
      out_trade_no: order.tradeNo,
      notify_url: NOTIFY_URL,
      amount: { total: 198_000, currency: 'CNY' },
    })
  })

  it('H5 and JSAPI orders carry the tradeNo too', async () => {
    const h5 = trade()
    const url = await gateway().h5(h5, '203.0.113.7', 'https://console.example.cn/orderByPlay')
    expect(new URL(url).searchParams.get('redirect_url')).toBe('https://console.example.cn/orderByPlay')
    expect(fake.trades.get(h5.tradeNo)).toMatchObject({ kind: 'h5' })
    const jsapi = trade()
    const params = await gateway().jsapi(jsapi, { openid: 'o-payer', app: 'web' })
    expect(params).toMatchObject({ appId: OFFICIAL_APPID, signType: 'RSA' })
    expect(fake.trades.get(jsapi.tradeNo)?.body.payer).toEqual({ openid: 'o-payer' })
  })

  it('refuses a reused out_trade_no with other parameters (403 OUT_TRADE_NO_USED)', async () => {
    const order = trade()
    await gateway().native(order)
    const error = await providerError(gateway().native({ ...order, fen: order.fen + 1 }))
    expect(error.reason).toBe('native: 403 OUT_TRADE_NO_USED')
  })

  it.each([
    ['nothing', 0],
    ['a negative amount', -100],
    ['a fraction of a fen', 19.8],
  ])('refuses an amount of %s (WeChat takes whole fen, at least 1)', async (_name, fen) => {
    const error = await providerError(gateway().native(trade({ fen })))
    expect(error.reason).toBe('native: 400 PARAM_ERROR')
  })

  it.each([
    ['shorter than 6 characters', 'MC123'],
    ['longer than 32 characters', `MC${'1'.repeat(31)}`],
    ['a character WeChat does not take', 'MC2026#0001'],
  ])('refuses an out_trade_no %s', async (_name, tradeNo) => {
    const error = await providerError(gateway().native(trade({ tradeNo })))
    expect(error.reason).toBe('native: 400 PARAM_ERROR')
  })

  it.each([
    ['with a query string', 'https://console.example.cn/api/wxpay/notify?from=wx'],
    ['over plain http', 'http://console.example.cn/api/wxpay/notify'],
  ])('refuses a notify_url %s', async (_name, notifyUrl) => {
    const error = await providerError(gateway({}, { notifyUrl }).native(trade()))
    expect(error.reason).toBe('native: 400 PARAM_ERROR')
  })

  it('takes a plain-http notify_url on a loopback host (these tests only)', async () => {
    await expect(gateway({}, { notifyUrl: 'http://127.0.0.1:9/notify' }).native(trade())).resolves.toMatch(
      /^weixin:/,
    )
  })

  it('refuses another currency than CNY', async () => {
    const body = {
      appid: OFFICIAL_APPID,
      mchid: MCHID,
      description: '企业官网',
      out_trade_no: nextTradeNo(),
      notify_url: NOTIFY_URL,
      amount: { total: 100, currency: 'USD' },
    }
    expect(await rawOrder(body)).toEqual({ status: 400, code: 'PARAM_ERROR' })
    expect(await rawOrder({ ...body, amount: { total: 100, currency: 'CNY' } })).toBeNull()
  })

  it('names the WeChat Pay public key in Wechatpay-Serial, so answers are signed with it', async () => {
    // These settings hold the public key alone: the answer verified, so the public key signed it.
    await gateway().native(trade())
    expect(fake.calls.at(-1)?.wechatpaySerial).toBe(PLATFORM_KEY_ID)
  })
})

describe('query and close by tradeNo', () => {
  it('a trade never created is missing; an open one open; a paid one paid with its transaction', async () => {
    expect(await gateway().query(nextTradeNo())).toEqual({ state: 'missing' })
    const order = trade()
    await gateway().native(order)
    expect(await gateway().query(order.tradeNo)).toEqual({ state: 'open' })
    const transactionId = fake.pay(order.tradeNo).transactionId
    expect(await gateway().query(order.tradeNo)).toEqual({
      state: 'paid',
      trade: { tradeNo: order.tradeNo, transactionId, fen: order.fen },
    })
  })

  it('closes an open trade; a trade never created counts as closed', async () => {
    const order = trade()
    await gateway().native(order)
    expect(await gateway().close(order.tradeNo)).toBe('closed')
    expect(fake.trades.get(order.tradeNo)?.state).toBe('CLOSED')
    expect(await gateway().query(order.tradeNo)).toEqual({ state: 'closed' })
    expect(await gateway().close(nextTradeNo())).toBe('closed')
  })

  it('a paid trade is not closed: WeChat answers 400 ORDERPAID, the gateway says paid', async () => {
    const { order } = await paidTrade()
    expect(await gateway().close(order.tradeNo)).toBe('paid')
    expect(fake.trades.get(order.tradeNo)?.state).toBe('SUCCESS')
  })
})

describe('refunds', () => {
  it('is PROCESSING, then SUCCESS; the same out_refund_no again is the same refund', async () => {
    const paid = await paidTrade()
    const request = refundOf(paid, { refundFen: 50_000 })
    expect(await gateway().refund(request)).toEqual({ state: 'processing' })
    expect(fake.refunds.get(request.refundNo)?.body).toEqual({
      out_trade_no: paid.order.tradeNo,
      out_refund_no: request.refundNo,
      reason: '退订',
      notify_url: REFUND_NOTIFY_URL,
      amount: { refund: 50_000, total: 198_000, currency: 'CNY' },
    })
    expect(await gateway().refund(request)).toEqual({ state: 'processing' })
    expect([...fake.refunds.values()].filter((r) => r.tradeNo === paid.order.tradeNo)).toHaveLength(1)
    expect(await gateway().queryRefund(request)).toEqual({ state: 'processing' })
    fake.settleRefund(request.refundNo)
    expect(await gateway().queryRefund(request)).toEqual({ state: 'refunded' })
    // A refunded trade is still one that was paid.
    expect(await gateway().query(paid.order.tradeNo)).toMatchObject({ state: 'paid' })
  })

  it('refuses a total other than the trade took', async () => {
    const paid = await paidTrade()
    const error = await providerError(gateway().refund(refundOf(paid, { totalFen: 1 })))
    expect(error.reason).toBe('refund: 400 INVALID_REQUEST')
  })

  it('refuses more than is left to refund (400 INVALID_REQUEST, 申请退款金额超过订单可退金额)', async () => {
    const paid = await paidTrade(10_000)
    await gateway().refund(refundOf(paid, { refundNo: `A${paid.order.tradeNo}`, refundFen: 6_000 }))
    const error = await providerError(
      gateway().refund(refundOf(paid, { refundNo: `B${paid.order.tradeNo}`, refundFen: 4_001 })),
    )
    expect(error.reason).toBe('refund: 400 INVALID_REQUEST')
    await expect(
      gateway().refund(refundOf(paid, { refundNo: `C${paid.order.tradeNo}`, refundFen: 4_000 })),
    ).resolves.toEqual({ state: 'processing' })
  })

  it('refuses a trade that was not paid, and one never created', async () => {
    const order = trade()
    await gateway().native(order)
    const unpaid = { order, transactionId: '' }
    expect((await providerError(gateway().refund(refundOf(unpaid)))).reason).toBe(
      'refund: 400 INVALID_REQUEST',
    )
    const missing = { order: trade(), transactionId: '' }
    expect((await providerError(gateway().refund(refundOf(missing)))).reason).toBe(
      'refund: 404 RESOURCE_NOT_EXISTS',
    )
  })

  it('a refund WeChat never received is asked for when queried (the same out_refund_no)', async () => {
    const paid = await paidTrade()
    const request = refundOf(paid)
    expect(fake.refunds.has(request.refundNo)).toBe(false)
    expect(await gateway().queryRefund(request)).toEqual({ state: 'processing' })
    expect(fake.refunds.has(request.refundNo)).toBe(true)
  })

  it('CLOSED and ABNORMAL are failures', async () => {
    for (const status of ['CLOSED', 'ABNORMAL'] as const) {
      const paid = await paidTrade()
      const request = refundOf(paid)
      await gateway().refund(request)
      fake.settleRefund(request.refundNo, status)
      expect(await gateway().queryRefund(request)).toEqual({ state: 'failed', reason: status })
    }
  })
})

describe('notifications', () => {
  it('are non-canonical JSON, verified over the exact bytes', async () => {
    const { order, transactionId } = await paidTrade()
    const notice = fake.notification(order.tradeNo)
    expect(notice.body).toContain('": "')
    expect(notice.body).toContain('\\/')
    expect(JSON.stringify(JSON.parse(notice.body))).not.toBe(notice.body)
    expect(gateway().verifyNotification(notice)).toEqual({
      kind: 'paid',
      trade: { tradeNo: order.tradeNo, transactionId, fen: order.fen },
    })
  })

  it.each([
    ['in another currency', (t: FakeTransaction) => (t.amount.currency = 'USD'), 'not paid in CNY'],
    ['of another merchant', (t: FakeTransaction) => (t.mchid = '1900000999'), 'another merchant or app'],
    ['for another app', (t: FakeTransaction) => (t.appid = 'wx0000000000000000'), 'another merchant or app'],
  ])('refuses a payment %s', async (_name, change, message) => {
    const { order } = await paidTrade()
    expect(() => gateway().verifyNotification(fake.notification(order.tradeNo, { change }))).toThrow(
      new NotificationRefused(message),
    )
  })

  it('a settled refund arrives as REFUND.SUCCESS: refunded; ABNORMAL: failed', async () => {
    const paid = await paidTrade()
    const request = refundOf(paid)
    await gateway().refund(request)
    expect(() => fake.refundNotification(request.refundNo)).toThrow(/not settled/)
    fake.settleRefund(request.refundNo)
    const notice = fake.refundNotification(request.refundNo)
    expect(JSON.parse(notice.body)).toMatchObject({
      event_type: 'REFUND.SUCCESS',
      resource: { original_type: 'refund' },
    })
    expect(gateway().verifyNotification(notice)).toEqual({
      kind: 'refund',
      refundNo: request.refundNo,
      state: 'refunded',
    })
    fake.settleRefund(request.refundNo, 'ABNORMAL')
    expect(gateway().verifyNotification(fake.refundNotification(request.refundNo))).toEqual({
      kind: 'refund',
      refundNo: request.refundNo,
      state: 'failed',
      reason: 'ABNORMAL',
    })
  })

  it('refuses a refund notification of another merchant, or one that is tampered with', async () => {
    const paid = await paidTrade()
    const request = refundOf(paid)
    await gateway().refund(request)
    fake.settleRefund(request.refundNo)
    const otherMerchant = (r: FakeRefundResource) => (r.mchid = '1900000999')
    expect(() =>
      gateway().verifyNotification(fake.refundNotification(request.refundNo, { change: otherMerchant })),
    ).toThrow(new NotificationRefused('another merchant'))
    expect(() =>
      gateway().verifyNotification(fake.refundNotification(request.refundNo, { tamper: true })),
    ).toThrow(new NotificationRefused('bad signature'))
  })

  it('the fake posts a refund notification to the notify_url of the refund request', async () => {
    const received: RawNotification[] = []
    const receiver = http.createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const refundNotifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/refund-notify`
      const wx = gateway({}, { refundNotifyUrl })
      const paid = await paidTrade()
      const request = refundOf(paid)
      await wx.refund(request)
      fake.settleRefund(request.refundNo)
      expect(await fake.postRefundNotification(request.refundNo)).toBe(204)
      expect(received).toHaveLength(1)
      expect(wx.verifyNotification(received[0]!)).toMatchObject({ kind: 'refund', state: 'refunded' })
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
  })
})

describe('key rotation: the verification key is the one Wechatpay-Serial names', () => {
  const bothKeys = () => ({ platformKeys: [fake.platformKeys.publicKey, fake.platformKeys.certificate] })

  it('verifies notifications signed by either key set; refuses a serial it does not hold', async () => {
    const { order } = await paidTrade()
    const byCertificate = fake.notification(order.tradeNo, { signWith: 'certificate' })
    expect(byCertificate.headers['wechatpay-serial']).toBe(PLATFORM_CERT_SERIAL)
    expect(gateway(bothKeys()).verifyNotification(byCertificate)).toMatchObject({ kind: 'paid' })
    expect(gateway(bothKeys()).verifyNotification(fake.notification(order.tradeNo))).toMatchObject({
      kind: 'paid',
    })
    expect(() => gateway().verifyNotification(byCertificate)).toThrow(
      new NotificationRefused('unknown Wechatpay-Serial'),
    )
  })

  it('verifies answers signed by either key it holds; an answer by a key it lacks fails', async () => {
    fake.behaviour.signWith = 'certificate'
    try {
      await expect(gateway(bothKeys()).query(nextTradeNo())).resolves.toEqual({ state: 'missing' })
      const error = await providerError(gateway().native(trade()))
      expect(error.reason).toBe('native: 200 EV3_RES_HEADER_PLATFORM_SERIAL')
    } finally {
      fake.behaviour.signWith = null
    }
  })

  it('certificate mode: the platform certificate verifies; no Wechatpay-Serial is sent', async () => {
    const check = checkWechatPay(fake.certificateEnv)
    expect(check.problems).toEqual([])
    const certificateSettings = check.settings!
    expect(certificateSettings.platformKeys.map((key) => key.id)).toEqual([PLATFORM_CERT_SERIAL])
    expect(certificateSettings.publicKeyId).toBeNull()
    const wx = createWechatPay(certificateSettings, {
      notifyUrl: NOTIFY_URL,
      refundNotifyUrl: REFUND_NOTIFY_URL,
      now: () => new Date(),
    })
    const order = trade()
    await wx.native(order)
    expect(fake.calls.at(-1)?.wechatpaySerial).toBeUndefined()
    fake.pay(order.tradeNo)
    expect(
      wx.verifyNotification(fake.notification(order.tradeNo, { signWith: 'certificate' })),
    ).toMatchObject({
      kind: 'paid',
    })
  })
})

describe('daily bills', () => {
  const today = () => chinaTime(new Date()).date

  afterEach(() => {
    fake.billExtras.rows.length = 0
    fake.billExtras.fen.clear()
    fake.behaviour.badBillHash = false
  })

  it("lists the day's payments and refunds, with a test's foreign line and changed amount", async () => {
    const first = await paidTrade(12_300)
    const second = await paidTrade(45_600)
    const refund = refundOf(second, { refundFen: 5_600 })
    await gateway().refund(refund)
    fake.billExtras.rows.push({ date: today(), kind: 'payment', tradeNo: 'FOREIGN000001', fen: 999 })
    fake.billExtras.fen.set(first.order.tradeNo, 12_299)

    const entries = await gateway().bill(today())
    expect(entries).toEqual(
      expect.arrayContaining([
        { kind: 'payment', tradeNo: first.order.tradeNo, transactionId: first.transactionId, fen: 12_299 },
        { kind: 'payment', tradeNo: second.order.tradeNo, transactionId: second.transactionId, fen: 45_600 },
        {
          kind: 'refund',
          tradeNo: second.order.tradeNo,
          transactionId: second.transactionId,
          refundNo: refund.refundNo,
          fen: 5_600,
        },
        expect.objectContaining({ kind: 'payment', tradeNo: 'FOREIGN000001', fen: 999 }),
      ]),
    )
    // The file is a signed GET of the download path.
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: '/v3/billdownload/file' })
  })

  it('a day with no bill (NO_STATEMENT_EXIST) is empty', async () => {
    expect(await gateway().bill('2020-01-02')).toEqual([])
  })

  it('refuses a file that does not match its SHA1, and a date that is not YYYY-MM-DD', async () => {
    await paidTrade()
    fake.behaviour.badBillHash = true
    expect((await providerError(gateway().bill(today()))).reason).toBe(
      'bill: the file does not match its hash',
    )
    expect((await providerError(gateway().bill('2026/11/27'))).reason).toBe(
      'bill: the date is not YYYY-MM-DD',
    )
  })
})

describe('parseTradeBill', () => {
  const header =
    '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,' +
    '应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,' +
    '手续费,费率,订单金额,申请退款金额,费率备注'
  const line = (fields: string[]) => fields.map((field) => `\`${field}`).join(',')
  const payment = line([
    '2026-11-27 10:01:02',
    OFFICIAL_APPID,
    MCHID,
    '0',
    '',
    '4200001',
    'MC20261127001N1',
    'o-1',
    'NATIVE',
    'SUCCESS',
    'OTHERS',
    'CNY',
    '1980.00',
    '0.00',
    '0',
    '0',
    '0.00',
    '0.00',
    '',
    '',
    '官网, 标准版',
    '',
    '11.88000',
    '0.60%',
    '1980.00',
    '0.00',
    '',
  ])
  const refund = line([
    '2026-11-27 11:00:00',
    OFFICIAL_APPID,
    MCHID,
    '0',
    '',
    '4200002',
    'MC20261126009N1',
    'o-2',
    'JSAPI',
    'REFUND',
    'OTHERS',
    'CNY',
    '0.00',
    '0.00',
    '50300001',
    'RF009',
    '100.50',
    '0.00',
    'ORIGINAL',
    'SUCCESS',
    '官网',
    '',
    '-0.60000',
    '0.60%',
    '0.00',
    '100.50',
    '',
  ])
  const revoked = payment.replace('`SUCCESS', '`REVOKED')
  const summary = ['总交易单数,应结订单总金额,退款总金额', line(['3', '1980.00', '100.50'])]
  const file = (rows: string[]) => `\uFEFF${[header, ...rows, ...summary].join('\r\n')}\r\n`

  it('reads payments and refunds, skips other states and the summary', () => {
    expect(parseTradeBill(file([payment, refund, revoked]))).toEqual([
      { kind: 'payment', tradeNo: 'MC20261127001N1', transactionId: '4200001', fen: 198_000 },
      {
        kind: 'refund',
        tradeNo: 'MC20261126009N1',
        transactionId: '4200002',
        refundNo: 'RF009',
        fen: 10_050,
      },
    ])
    expect(parseTradeBill(file([]))).toEqual([])
  })

  it.each([
    ['an empty file', ''],
    ['a header without 商户订单号', file([payment]).replace('商户订单号', '订单')],
    ['a line with a field missing', file([payment.replace(',`0.60%', '')])],
    ['an amount that is not yuan', file([payment.replace('`0.60%,`1980.00', '`0.60%,`1980.001')])],
    ['no summary', `${header}\n${payment}\n`],
  ])('refuses %s', (_name, text) => {
    expect(() => parseTradeBill(text)).toThrow(MalformedBill)
  })
})

describe('timeouts', () => {
  it('a call WeChat never answers fails with a ProviderError after timeoutMs', async () => {
    fake.behaviour.hang = true
    try {
      const error = await providerError(gateway({}, { timeoutMs: 300 }).query(nextTradeNo()))
      expect(error.reason).toMatch(/^query: .*timeout/)
    } finally {
      fake.behaviour.hang = false
    }
  })
})
