// The Alipay gateway (server/providers/payment/alipay.ts through the official alipay-sdk v4) called
// directly against the protocol-faithful fake (support/fake-alipay.ts), no app server: ordering and
// what Alipay refuses in it, query and close (a paid trade is not closed), idempotent refunds and
// their query, notifications (signature, app, seller, age, a `%` in the subject), timeouts, daily
// bills (zip of GBK CSV), certificate mode; and the bill's CSV reader on its own.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createAlipay } from '../../server/providers/payment/alipay'
import { BillFormatError, csvCells, parseAlipayBill } from '../../server/providers/payment/alipay-bill'
import {
  NotificationRefused,
  ProviderError,
  type AlipayGateway,
  type RefundRequest,
  type TradeOrder,
} from '../../server/providers/payment/gateway'
import { checkAlipay, type AlipayKeys } from '../../server/config/payment'
import { startFakeAlipay, type FakeAlipay } from './support/fake-alipay'

const NOTIFY_URL = 'https://console.example.cn/api/alipay/notify'
const START = Date.parse('2026-11-27T08:00:00Z') // 16:00 in Beijing
const HOUR = 3_600_000
const DAY = 24 * HOUR

let offset = 0
const now = () => new Date(START + offset)

let fake: FakeAlipay
let keys: AlipayKeys
let alipay: AlipayGateway

const gatewayWith = ({
  notifyUrl = NOTIFY_URL,
  timeoutMs,
  keys: settings = keys,
}: { notifyUrl?: string; timeoutMs?: number; keys?: AlipayKeys } = {}) =>
  createAlipay(settings, { notifyUrl, now, timeoutMs })

beforeAll(async () => {
  fake = await startFakeAlipay({ now })
  const check = checkAlipay(fake.env)
  expect(check.problems).toEqual([])
  keys = check.settings!
  alipay = gatewayWith()
}, 60_000)

afterAll(() => fake?.close())

afterEach(() => {
  offset = 0
  Object.assign(fake.behaviour, {
    hang: false,
    hangBillDownloads: false,
    refundsPending: false,
    failNext: null,
  })
  fake.billExtras.rows.length = 0
  fake.billExtras.change = () => {}
})

let serial = 0
const order = (overrides: Partial<TradeOrder> = {}): TradeOrder => ({
  tradeNo: `MC${START}${++serial}A1`,
  origin: 'https://console.example.cn',
  fen: 19_800,
  description: '企业建站 标准版',
  expiresAt: new Date(START + 30 * 60_000),
  ...overrides,
})

async function paidOrder(fen = 10_000): Promise<TradeOrder> {
  const paid = order({ fen })
  await alipay.precreate(paid)
  fake.pay(paid.tradeNo)
  return paid
}

const refundOf = (paid: TradeOrder, refundFen: number, refundNo = `RF${++serial}`): RefundRequest => ({
  tradeNo: paid.tradeNo,
  transactionId: fake.trades.get(paid.tradeNo)?.tradeNo ?? '',
  refundNo,
  refundFen,
  totalFen: paid.fen,
  reason: '用户申请退款',
})

const refusedWith = (subCode: string) => ({ reason: expect.stringContaining(subCode) })

describe('ordering', () => {
  it("precreate: the attempt's tradeNo as out_trade_no, the amount in yuan, our notify_url", async () => {
    const placed = order({ fen: 19_800 })
    expect(await alipay.precreate(placed)).toBe(`https://qr.alipay.com/bax0${placed.tradeNo}`)
    expect(fake.trades.get(placed.tradeNo)?.biz).toMatchObject({
      out_trade_no: placed.tradeNo,
      total_amount: '198.00',
      subject: '企业建站 标准版',
      notify_url: NOTIFY_URL,
      time_expire: '2026-11-27 16:30:00',
    })
  })

  it.each([
    [0, 'ACQ.TOTAL_FEE_EXCEED'],
    [10_000_000_001, 'ACQ.TOTAL_FEE_EXCEED'],
  ])('an amount outside 0.01–100000000 yuan (%i fen) is refused: %s', async (fen, subCode) => {
    await expect(alipay.precreate(order({ fen }))).rejects.toMatchObject(refusedWith(subCode))
  })

  it('the limits themselves are taken', async () => {
    await expect(alipay.precreate(order({ fen: 1 }))).resolves.toMatch(/^https:\/\/qr/)
    await expect(alipay.precreate(order({ fen: 10_000_000_000 }))).resolves.toMatch(/^https:\/\/qr/)
  })

  it('an out_trade_no longer than 64 characters, or with other characters, is refused', async () => {
    const refused = ['A'.repeat(65), 'MC-2026-0001', 'MC 2026']
    for (const tradeNo of refused)
      await expect(alipay.precreate(order({ tradeNo }))).rejects.toMatchObject(
        refusedWith('ACQ.INVALID_PARAMETER'),
      )
    await expect(alipay.precreate(order({ tradeNo: `MC_${'9'.repeat(61)}` }))).resolves.toBeTruthy()
  })

  it('the same out_trade_no again: taken with the same order, refused with another amount', async () => {
    const placed = order()
    const qr = await alipay.precreate(placed)
    await expect(alipay.precreate(placed)).resolves.toBe(qr)
    await expect(alipay.precreate({ ...placed, fen: placed.fen + 1 })).rejects.toMatchObject(
      refusedWith('ACQ.CONTEXT_INCONSISTENT'),
    )
    fake.pay(placed.tradeNo)
    await expect(alipay.precreate(placed)).rejects.toMatchObject(refusedWith('ACQ.TRADE_HAS_SUCCESS'))
  })

  it.each([
    ['with a query', 'https://console.example.cn/api/alipay/notify?source=alipay'],
    ['plain http to a public host', 'http://console.example.cn/api/alipay/notify'],
    ['not a URL', 'console.example.cn/notify'],
  ])('a notify_url %s is refused', async (_case, notifyUrl) => {
    await expect(gatewayWith({ notifyUrl }).precreate(order())).rejects.toMatchObject(
      refusedWith('ACQ.INVALID_PARAMETER'),
    )
  })

  it('http is taken for a loopback notify_url (tests only)', async () => {
    const loopback = gatewayWith({ notifyUrl: 'http://127.0.0.1:3000/api/alipay/notify' })
    await expect(loopback.precreate(order())).resolves.toMatch(/^https:\/\/qr/)
  })

  it('wap: a signed URL the cashier takes; one for an amount Alipay refuses is not', () => {
    const placed = order()
    const url = alipay.wapPayUrl(placed, 'https://console.example.cn/back', 'https://console.example.cn/quit')
    expect(fake.openWapPage(url)?.biz).toMatchObject({
      out_trade_no: placed.tradeNo,
      product_code: 'QUICK_WAP_WAY',
      return_url: 'https://console.example.cn/back',
    })
    const tooMuch = order({ fen: 10_000_000_001 })
    expect(fake.openWapPage(alipay.wapPayUrl(tooMuch, 'https://a.cn/b', 'https://a.cn/q'))).toBeNull()
    expect(fake.trades.has(tooMuch.tradeNo)).toBe(false)
  })

  it('a call signed with another key is refused by the gateway', async () => {
    const otherKey = crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' }) as string
    const impostor = gatewayWith({ keys: { ...keys, privateKey: otherKey } })
    await expect(impostor.precreate(order())).rejects.toMatchObject(refusedWith('isv.invalid-signature'))
    expect(fake.refused).toContain('alipay.trade.precreate')
  })
})

describe('query and close', () => {
  it('query: missing, open, paid (with both numbers and the fen), closed', async () => {
    const placed = order({ fen: 12_345 })
    expect(await alipay.query(placed.tradeNo)).toEqual({ state: 'missing' })
    await alipay.precreate(placed)
    expect(await alipay.query(placed.tradeNo)).toEqual({ state: 'open' })
    const trade = fake.pay(placed.tradeNo)
    expect(await alipay.query(placed.tradeNo)).toEqual({
      state: 'paid',
      trade: { tradeNo: placed.tradeNo, transactionId: trade.tradeNo, fen: 12_345 },
    })
    const closed = order()
    await alipay.precreate(closed)
    await alipay.close(closed.tradeNo)
    expect(await alipay.query(closed.tradeNo)).toEqual({ state: 'closed' })
  })

  it('close: an open trade is closed; one never created needs nothing', async () => {
    const placed = order()
    await alipay.precreate(placed)
    expect(await alipay.close(placed.tradeNo)).toBe('closed')
    expect(fake.trades.get(placed.tradeNo)?.status).toBe('TRADE_CLOSED')
    expect(await alipay.close(order().tradeNo)).toBe('closed')
  })

  it('close: Alipay refuses to close a paid trade (ACQ.TRADE_STATUS_ERROR); a query confirms it is paid', async () => {
    const paid = await paidOrder()
    const before = fake.calls.length
    expect(await alipay.close(paid.tradeNo)).toBe('paid')
    expect(fake.calls.slice(before).map((c) => c.method)).toEqual([
      'alipay.trade.close',
      'alipay.trade.query',
    ])
    expect(fake.trades.get(paid.tradeNo)?.status).toBe('TRADE_SUCCESS')
  })
})

describe('refunds', () => {
  it('a refund with fund_change Y is refunded; the same refundNo again refunds nothing more', async () => {
    const paid = await paidOrder(10_000)
    const request = refundOf(paid, 3_000)
    expect(await alipay.refund(request)).toEqual({ state: 'refunded' })
    const sent = fake.calls.filter((c) => c.method === 'alipay.trade.refund').at(-1)!
    expect(JSON.parse(sent.params.biz_content!)).toEqual({
      out_trade_no: paid.tradeNo,
      refund_amount: '30.00',
      out_request_no: request.refundNo,
      refund_reason: '用户申请退款',
    })
    // Alipay answers a repeat with fund_change N; the refund query says it succeeded.
    expect(await alipay.refund(request)).toEqual({ state: 'refunded' })
    expect(fake.trades.get(paid.tradeNo)?.refunds).toHaveLength(1)
    expect(await alipay.queryRefund(request)).toEqual({ state: 'refunded' })
  })

  it('refunds up to what is left; more is refused for good (ACQ.REASON_TRADE_REFUND_FEE_ERR)', async () => {
    const paid = await paidOrder(10_000)
    expect(await alipay.refund(refundOf(paid, 6_000))).toEqual({ state: 'refunded' })
    expect(await alipay.refund(refundOf(paid, 4_001))).toEqual({
      state: 'failed',
      reason: 'ACQ.REASON_TRADE_REFUND_FEE_ERR',
    })
    expect(await alipay.refund(refundOf(paid, 4_000))).toEqual({ state: 'refunded' })
    // Refunded in full, the trade is closed at Alipay.
    expect(await alipay.query(paid.tradeNo)).toEqual({ state: 'closed' })
  })

  it('the same refundNo with another amount is refused (ACQ.DISCORDANT_REPEAT_REQUEST)', async () => {
    const paid = await paidOrder(10_000)
    const first = refundOf(paid, 1_000)
    await alipay.refund(first)
    expect(await alipay.refund({ ...first, refundFen: 2_000 })).toEqual({
      state: 'failed',
      reason: 'ACQ.DISCORDANT_REPEAT_REQUEST',
    })
  })

  it('only a paid trade is refunded', async () => {
    const unpaid = order()
    await alipay.precreate(unpaid)
    expect(await alipay.refund(refundOf(unpaid, 100))).toEqual({
      state: 'failed',
      reason: 'ACQ.TRADE_STATUS_ERROR',
    })
    expect(await alipay.refund(refundOf(order(), 100))).toEqual({
      state: 'failed',
      reason: 'ACQ.TRADE_NOT_EXIST',
    })
  })

  it('a refund not settled yet is processing until the refund query says REFUND_SUCCESS', async () => {
    const paid = await paidOrder(10_000)
    const request = refundOf(paid, 2_500)
    fake.behaviour.refundsPending = true
    expect(await alipay.refund(request)).toEqual({ state: 'processing' })
    expect(await alipay.queryRefund(request)).toEqual({ state: 'processing' })
    fake.settleRefunds()
    expect(await alipay.queryRefund(request)).toEqual({ state: 'refunded' })
  })

  it.each([
    ['20000', 'ACQ.SYSTEM_ERROR'],
    ['20000', 'isp.unknow-error'],
    ['40004', 'ACQ.SELLER_BALANCE_NOT_ENOUGH'],
  ])(
    'a transient refusal (%s %s) is a ProviderError; the same refundNo later refunds once',
    async (code, subCode) => {
      const paid = await paidOrder(10_000)
      const request = refundOf(paid, 1_000)
      fake.behaviour.failNext = { method: 'alipay.trade.refund', code, subCode }
      await expect(alipay.refund(request)).rejects.toBeInstanceOf(ProviderError)
      expect(await alipay.refund(request)).toEqual({ state: 'refunded' })
      expect(fake.trades.get(paid.tradeNo)?.refunds).toHaveLength(1)
    },
  )

  it('the refund query of a trade Alipay does not know says failed', async () => {
    expect(await alipay.queryRefund(refundOf(order(), 100))).toEqual({
      state: 'failed',
      reason: 'ACQ.TRADE_NOT_EXIST',
    })
  })
})

describe('notifications', () => {
  const form = (body: string) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })

  it('a verified TRADE_SUCCESS pays: our tradeNo, Alipay trade_no, the fen', async () => {
    const paid = await paidOrder(19_800)
    expect(alipay.verifyNotification(form(fake.notification(paid.tradeNo)))).toEqual({
      kind: 'paid',
      trade: { tradeNo: paid.tradeNo, transactionId: fake.trades.get(paid.tradeNo)?.tradeNo, fen: 19_800 },
    })
  })

  it('a subject with `%` (posted as %25) verifies: the signature covers the decoded value', async () => {
    const placed = order({ description: '满意度 100% 保障 & 售后+续费' })
    await alipay.precreate(placed)
    fake.pay(placed.tradeNo)
    const body = fake.notification(placed.tradeNo)
    expect(body).toContain('100%25')
    expect(alipay.verifyNotification(form(body))).toMatchObject({ kind: 'paid' })
  })

  it.each([
    ['another seller', (f: Record<string, string>) => (f.seller_id = '2088000000000999'), 'another seller'],
    ['no seller', (f: Record<string, string>) => delete f.seller_id, 'another seller'],
    ['another app', (f: Record<string, string>) => (f.app_id = '2021000000000999'), 'another app'],
    ['no notify_time', (f: Record<string, string>) => delete f.notify_time, 'no notify_time'],
  ])('%s is refused', async (_case, change, message) => {
    const paid = await paidOrder()
    expect(() => alipay.verifyNotification(form(fake.notification(paid.tradeNo, change)))).toThrow(
      new NotificationRefused(message),
    )
  })

  it('a field changed after signing is refused', async () => {
    const paid = await paidOrder()
    const body = fake.notification(paid.tradeNo).replace('total_amount=100.00', 'total_amount=1.00')
    expect(() => alipay.verifyNotification(form(body))).toThrow(new NotificationRefused('bad signature'))
  })

  it('one sent more than 48 hours ago is refused', async () => {
    const paid = await paidOrder()
    const body = fake.notification(paid.tradeNo)
    offset = 48 * HOUR
    expect(alipay.verifyNotification(form(body))).toMatchObject({ kind: 'paid' })
    offset = 48 * HOUR + 1_000
    expect(() => alipay.verifyNotification(form(body))).toThrow(new NotificationRefused('too old'))
  })

  it('only TRADE_SUCCESS / TRADE_FINISHED pay; a refund sync of a paid trade changes nothing', async () => {
    const placed = order()
    await alipay.precreate(placed)
    expect(alipay.verifyNotification(form(fake.notification(placed.tradeNo)))).toEqual({ kind: 'ignored' })
    fake.pay(placed.tradeNo)
    const finished = fake.notification(placed.tradeNo, (f) => (f.trade_status = 'TRADE_FINISHED'))
    expect(alipay.verifyNotification(form(finished))).toMatchObject({ kind: 'paid' })
    const refundSync = fake.notification(placed.tradeNo, (f) =>
      Object.assign(f, { out_biz_no: 'RF1', refund_fee: '10.00', gmt_refund: '2026-11-27 16:05:00.123' }),
    )
    expect(alipay.verifyNotification(form(refundSync))).toEqual({ kind: 'ignored' })
  })
})

describe('timeouts and errors', () => {
  it('a gateway that never answers: the call gives up after timeoutMs with a ProviderError', async () => {
    fake.behaviour.hang = true
    const started = Date.now()
    await expect(gatewayWith({ timeoutMs: 300 }).query(order().tradeNo)).rejects.toMatchObject({
      provider: 'alipay',
      reason: expect.stringMatching(/^alipay\.trade\.query: /),
    })
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it("an answer whose sign does not verify: the error names the method and the error's class only", async () => {
    const wrongKey = crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'pem' }) as string
    const error = await gatewayWith({ keys: { ...keys, alipayPublicKey: wrongKey } })
      .query(order().tradeNo)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).reason).toBe('alipay.trade.query: AlipayRequestError')
  })

  it('an unreachable gateway is a ProviderError with the network code', async () => {
    const closed = await startFakeAlipay()
    const gone = checkAlipay(closed.env).settings!
    await closed.close()
    await expect(gatewayWith({ keys: gone }).query(order().tradeNo)).rejects.toMatchObject({
      reason: 'alipay.trade.query: AlipayRequestError ECONNREFUSED',
    })
  })
})

describe('daily bills', () => {
  /** A day of its own (ten days on), so other tests' trades are on other bills. */
  const billDay = '2026-12-07'
  const onBillDay = () => (offset = 10 * DAY)
  const dayAfter = () => (offset = 11 * DAY)

  it("a day's payments and refunds, in fen, from the zip of GBK CSV files", async () => {
    onBillDay()
    const first = await paidOrder(19_800)
    const second = await paidOrder(5_000)
    const refund = refundOf(first, 1_234)
    await alipay.refund(refund)
    dayAfter()
    const entries = await alipay.bill(billDay)
    const trade = (placed: TradeOrder) => fake.trades.get(placed.tradeNo)!.tradeNo!
    expect(entries).toEqual(
      expect.arrayContaining([
        { kind: 'payment', tradeNo: first.tradeNo, transactionId: trade(first), fen: 19_800 },
        { kind: 'payment', tradeNo: second.tradeNo, transactionId: trade(second), fen: 5_000 },
        {
          kind: 'refund',
          tradeNo: first.tradeNo,
          transactionId: trade(first),
          fen: 1_234,
          refundNo: refund.refundNo,
        },
      ]),
    )
    expect(entries).toHaveLength(3)
  })

  it('reconciliation material: a row we never booked, and an amount Alipay booked differently', async () => {
    onBillDay()
    const paid = await paidOrder(8_800)
    fake.billExtras.rows.push({
      transactionId: '2026120722001419931441931972',
      tradeNo: 'FOREIGN0001',
      kind: '交易',
      subject: '其他应用的商品',
      amount: '66.00',
      refundNo: '',
      at: now(),
    })
    fake.billExtras.change = (row) => {
      if (row.tradeNo === paid.tradeNo) row.amount = '88.01'
    }
    dayAfter()
    const entries = await alipay.bill(billDay)
    expect(entries).toContainEqual(expect.objectContaining({ tradeNo: 'FOREIGN0001', fen: 6_600 }))
    expect(entries).toContainEqual(expect.objectContaining({ tradeNo: paid.tradeNo, fen: 8_801 }))
  })

  it("the bill's download is bounded by the same timeout", async () => {
    onBillDay()
    await paidOrder()
    dayAfter()
    fake.behaviour.hangBillDownloads = true
    await expect(gatewayWith({ timeoutMs: 300 }).bill(billDay)).rejects.toMatchObject({
      reason: 'bill download: TimeoutError',
    })
  })

  it('a day without a bill (isp.bill_not_exist) has no entries', async () => {
    expect(await alipay.bill('2026-11-01')).toEqual([])
  })

  it("today's bill does not exist yet: Alipay refuses the date", async () => {
    await expect(alipay.bill('2026-11-27')).rejects.toMatchObject(refusedWith('isv.invalid_arguments'))
  })
})

describe('certificate mode', () => {
  let certFake: FakeAlipay
  let certKeys: AlipayKeys

  beforeAll(async () => {
    certFake = await startFakeAlipay({ now, certificates: true })
    const check = checkAlipay(certFake.env)
    expect(check.problems).toEqual([])
    certKeys = check.settings!
  }, 60_000)

  afterAll(() => certFake?.close())

  it('calls carry app_cert_sn and alipay_root_cert_sn; answers (with alipay_cert_sn) verify', async () => {
    const gateway = gatewayWith({ keys: certKeys })
    const placed = order()
    await expect(gateway.precreate(placed)).resolves.toMatch(/^https:\/\/qr/)
    expect(certFake.calls.at(-1)?.params).toMatchObject({
      app_cert_sn: certFake.certificateSerials!.app,
      alipay_root_cert_sn: certFake.certificateSerials!.root,
    })
    expect(certFake.certificateSerials!.root).toMatch(/^[0-9a-f]{32}_[0-9a-f]{32}$/)
    certFake.pay(placed.tradeNo)
    expect(
      gateway.verifyNotification({ headers: {}, body: certFake.notification(placed.tradeNo) }),
    ).toMatchObject({
      kind: 'paid',
    })
  })

  it('a call with another root certificate serial is refused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-root-'))
    const rootFile = path.join(dir, 'alipayRootCert.crt')
    // Only the first root of the chain: the serial the SDK computes no longer matches.
    const chain = fs.readFileSync(certKeys.certs!.alipayRootCertPath, 'utf8')
    fs.writeFileSync(rootFile, chain.slice(0, chain.indexOf('-----END CERTIFICATE-----') + 25))
    const stale = gatewayWith({
      keys: { ...certKeys, certs: { ...certKeys.certs!, alipayRootCertPath: rootFile } },
    })
    await expect(stale.precreate(order())).rejects.toMatchObject(refusedWith('isv.invalid-signature'))
    expect(certFake.refused).toContain('alipay.trade.precreate')
    fs.rmSync(dir, { recursive: true, force: true })
  })
})

describe('the bill reader', () => {
  const HEADER =
    '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,' +
    '订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,' +
    '券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注'
  const row = (tradeNo: string, type: string, amount: string, refundNo = '') =>
    `2026112722001419931441931972\t,${tradeNo}\t,${type}\t,企业建站,2026-11-27 10:00:00,2026-11-27 10:00:05,\t,\t,\t,\t,` +
    `138****0000\t,${amount},${amount},0.00,0.00,0.00,0.00,0.00,,0.00\t,0.00,${refundNo}\t,0.00,0.00,`
  const bill = (...rows: string[]) =>
    [
      '#支付宝业务明细查询',
      '#账号：[20880000000000010156]',
      `#${'-'.repeat(41)}业务明细列表${'-'.repeat(41)}`,
      HEADER,
      ...rows,
      `#${'-'.repeat(41)}业务明细列表结束${'-'.repeat(41)}`,
      '#交易合计：1笔，商家实收：198.00元，商家优惠：0.00元',
      '#导出时间：[2026年11月28日 09:10:11]',
    ].join('\r\n')

  it('payments and refunds in fen (refunds positive, with their request number); other types left out', () => {
    const text = bill(
      row('MC1', '交易', '198.00'),
      row('MC1', '退款', '-12.34', 'RF1'),
      row('MC2', '冻结', '1.00'),
    )
    expect(parseAlipayBill(text)).toEqual([
      { kind: 'payment', tradeNo: 'MC1', transactionId: '2026112722001419931441931972', fen: 19_800 },
      {
        kind: 'refund',
        tradeNo: 'MC1',
        transactionId: '2026112722001419931441931972',
        fen: 1_234,
        refundNo: 'RF1',
      },
    ])
  })

  it('a bill with the header only has no entries', () => {
    expect(parseAlipayBill(bill())).toEqual([])
  })

  it.each([
    ['a row with a cell too many', bill(row('MC1', '交易', '198.00') + ',extra')],
    ['an amount that is not yuan', bill(row('MC1', '交易', '198.001'))],
    ['a header without the amount column', bill().replace('订单金额（元）', '金额')],
    ['no header at all', '#支付宝业务明细查询\r\n#导出时间：[2026年11月28日 09:10:11]'],
  ])('%s stops the bill', (_case, text) => {
    expect(() => parseAlipayBill(text)).toThrow(BillFormatError)
  })

  it('cells: commas, quotes, doubled quotes and the tab padding', () => {
    expect(csvCells('a\t,"b,c","say ""hi""",\t,')).toEqual(['a', 'b,c', 'say "hi"', '', ''])
  })
})
