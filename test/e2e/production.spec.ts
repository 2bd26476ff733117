import net from 'node:net'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { Pool } from 'pg'
import { throwawayDatabase } from '../../server/db/throwaway'
import { TEMPLATE_VARIABLES } from '../../server/config/providers'
import { startFakeAlipay, type FakeAlipay } from '../api/support/fake-alipay'
import { startFakeAliyunSms, templateIds, type FakeAliyun } from '../api/support/fake-sms-providers'
import { startFakeWechatPay, type FakeWechatPay } from '../api/support/fake-wechatpay'
import { mailTo, startSmtpInbox } from '../api/support/smtp-inbox'
import { killStrayServers, spawnServer, stopCleanly, type SpawnedServer } from '../api/support/spawned-server'
import { addSubAdmin, freshPhone, MAIN_PHONE, requestSmsCode, shown } from './support/console'
import { expect, test } from './support/fixtures'

// Proof: the console against a production server (NODE_ENV=production, every secret
// set, the demo seed opted into) whose outside services are the protocol-faithful fakes of the API
// suite: Aliyun SMS, an SMTP server, WeChat Pay v3 and Alipay, each checking signatures as the real
// one does. There is no /__dev here, so the slider's answer is read from the database, which is why
// this spec needs PostgreSQL (TEST_DATABASE_URL; CI starts a cluster). The H5 build keeps the
// development password key, so nothing here logs in by password: SMS login it is.

const ROOT = path.resolve(__dirname, '../..')
const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 768

test.describe.configure({ mode: 'serial' })
test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL) to read the slider answers')

let server: SpawnedServer
let origin: string
let database: Awaited<ReturnType<typeof throwawayDatabase>>
let pool: Pool
let sms: FakeAliyun
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>
let wechatPay: FakeWechatPay
let alipay: FakeAlipay
/** The owner's browser storage after the SMS login, for the tests after it. */
let ownerStorage: Record<string, string> = {}
const METRICS_TOKEN = 'm'.repeat(40)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  ;[database, sms, smtp, wechatPay, alipay] = await Promise.all([
    throwawayDatabase(process.env.TEST_DATABASE_URL!, 'mc_e2e_production'),
    startFakeAliyunSms(),
    startSmtpInbox(),
    startFakeWechatPay(),
    startFakeAlipay(),
  ])
  pool = new Pool({ connectionString: database.url, max: 2 })
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  const templates = Object.entries(templateIds('aliyun')).map(([name, id]) => [
    TEMPLATE_VARIABLES[name as keyof typeof TEMPLATE_VARIABLES],
    id,
  ])
  server = await spawnServer(database.url, {
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    STATIC_DIR: path.join(ROOT, 'dist/h5'),
    SEED_DEMO: '1',
    TARO_APP_PASSWORD_KEY: 'ProductionE2eKeyProductionE2eKey',
    TARO_APP_SWITCH_SIGN_PREFIX: 'e2e-production',
    FILE_URL_SECRET: 'f'.repeat(40),
    SMS_CODE_SECRET: 'c'.repeat(40),
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: sms.accessKeyId,
    ALIYUN_SMS_ACCESS_KEY_SECRET: sms.accessKeySecret,
    ALIYUN_SMS_ENDPOINT: sms.url,
    SMS_SIGN_NAME: '会员中心',
    ...Object.fromEntries(templates),
    SMTP_URL: smtp.url,
    MAIL_FROM: '会员中心 <noreply@mc.example.com>',
    METRICS_TOKEN: METRICS_TOKEN,
    ...wechatPay.env,
    ...alipay.env,
    // PUBLIC_ORIGIN and every fake are plain http on loopback, which production refuses otherwise.
    PROVIDER_ENDPOINTS_UNSAFE: '1',
  })
})

test.afterAll(async () => {
  if (server) await stopCleanly(server)
  killStrayServers()
  await pool?.end()
  await Promise.all([sms?.close(), smtp?.close(), wechatPay?.close(), alipay?.close()])
  await database?.drop()
})

/** The slider's answer as the server stored it (what /__dev/captcha reads in the sandbox). */
async function sliderAnswer(captchaId: string): Promise<string> {
  const { rows } = await pool.query<{ answer: string }>('select answer from captchas where id = $1', [
    captchaId,
  ])
  return rows[0]!.answer
}

/** The code in the newest text Aliyun delivered to `phone`. */
async function deliveredCode(phone: string): Promise<string> {
  const texts = sms.received.filter((text) => text.phone === phone && 'code' in text.params)
  expect(texts.length).toBeGreaterThan(0)
  return (texts.at(-1)!.params as Record<string, string>).code!
}

/** A sample's value on the server's /metrics (0 before its first count). */
async function metric(sample: string): Promise<number> {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text()
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${sample} `))
  return line ? Number(line.slice(sample.length + 1)) : 0
}

/** WeChat Pay posts the signed, encrypted notification of a paid trade to its notify_url. */
async function wechatPayNotifies(tradeNo: string) {
  const notice = wechatPay.notification(tradeNo)
  return fetch(wechatPay.trades.get(tradeNo)!.body.notify_url!, {
    method: 'POST',
    headers: notice.headers,
    body: notice.body,
  })
}

/** Alipay posts the signed form of a paid trade to its notify_url; answers its text. */
async function alipayNotifies(tradeNo: string) {
  const answer = await fetch(alipay.trades.get(tradeNo)!.biz.notify_url!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: alipay.notification(tradeNo),
  })
  return answer.text()
}

const paymentStates = async (orderCode: string) =>
  (
    await pool.query<{ state: string }>('select state from payments where order_code = $1 order by id', [
      orderCode,
    ])
  ).rows.map((row) => row.state)

/** The payment page's QR for `provider`: the order's attempt is made at the provider. */
async function showQr(page: Page, provider: '微信支付' | '支付宝') {
  await page.getByRole('radio', { name: provider }).click()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(page.getByLabel('扫码支付').getByLabel('支付二维码')).toHaveAttribute('data-qr-value', /./)
}

/** The order's row on /orderlist (the newest order comes first). */
async function orderRow(page: Page, orderCode: string) {
  await page.goto(`${origin}/orderlist`)
  const row = page.getByRole('row').filter({ hasText: orderCode })
  await expect(row).toBeVisible()
  return row
}

/** Opens `route` as the owner logged in by the first test. */
async function asOwner(page: Page, route: string) {
  await page.goto(`${origin}/login`)
  await page.evaluate((saved) => {
    for (const [key, value] of Object.entries(saved)) localStorage.setItem(key, value)
  }, ownerStorage)
  await page.goto(`${origin}${route}`)
}

/** Confirms an order on /order and lands on /orderByPlay; returns the order code. */
async function confirmOrder(page: Page, route: string, cycle: string, amount: string) {
  await asOwner(page, route)
  await page.getByRole('radio', { name: cycle }).click()
  await expect(page.getByLabel('应付金额')).toHaveText(amount)
  await page.getByRole('checkbox', { name: /^我已阅读并同意《.+服务协议》$/ }).click()
  await page.getByRole('button', { name: '提交订单' }).click()
  await expect(page).toHaveURL(/\/orderByPlay\?/)
  return new URL(page.url()).searchParams.get('orderCode')!
}

test('SMS login: the code goes out through Aliyun SMS and logs the owner in', async ({ page }) => {
  await page.goto(`${origin}/login`)
  await page.getByRole('tab', { name: '短信登录' }).click()
  const form = page.getByLabel('短信登录')
  await form.locator('input[name="sms-phone"]').fill(MAIN_PHONE)
  await requestSmsCode(page, form, sliderAnswer)
  const text = sms.received.at(-1)!
  expect(text).toMatchObject({
    phone: MAIN_PHONE,
    template: templateIds('aliyun').login,
    signName: '会员中心',
  })
  await form.locator('input[name="sms-code"]').fill(await deliveredCode(MAIN_PHONE))
  await form.getByRole('button', { name: '登录' }).click()
  await expect(page).toHaveURL(/\/index$/)
  ownerStorage = await page.evaluate(() => ({ ...localStorage }))
  // Codes never reach the log outside the sandbox.
  expect(JSON.stringify(server.lines)).not.toContain(await deliveredCode(MAIN_PHONE))
})

test('a sub-admin invitation arrives by mail over SMTP, and its link activates the account', async ({
  page,
  browser,
}) => {
  test.skip(!isDesktop(page), 'one invitation is enough: the desktop sends it')
  const phone = freshPhone()
  const mailbox = `invitee${phone}@example.cn`
  await asOwner(page, '/subAccountManage')
  await addSubAdmin(page, `受邀${phone.slice(-4)}`, phone, mailbox)

  const mail = await smtp.mailWhere((m) => m.subject === '会员中心子管理员激活' && mailTo(m, mailbox))
  const link = new RegExp(`${origin}/activation\\?activeCode=[\\w-]+`).exec(mail.text ?? '')![0]
  expect(mail.html).toContain(`href="${link}"`)
  // The same link by SMS, through its own template.
  const linkTemplate = templateIds('aliyun').activationLink
  await expect
    .poll(() => sms.received.find((text) => text.phone === phone && text.template === linkTemplate)?.params)
    .toMatchObject({ account: '星辰科技', link })

  // The invitee, in a browser of their own.
  const invitee = await (await browser.newContext()).newPage()
  await invitee.goto(link)
  const form = invitee.getByRole('form', { name: '子管理员激活' })
  await requestSmsCode(invitee, form, sliderAnswer)
  await form.locator('input[name="activation-code"]').fill(await deliveredCode(phone))
  await form.getByRole('button', { name: '确认激活' }).click()
  await expect(shown(invitee, '激活成功')).toBeVisible()
  await expect(invitee).toHaveURL(/\/index$/)
  await invitee.context().close()
})

test('desktop pays by WeChat Pay NATIVE: the QR is WeChat’s, its signed notification pays', async ({
  page,
}) => {
  test.skip(!isDesktop(page), 'the QR dialog is the desktop path')
  const orderCode = await confirmOrder(
    page,
    '/order?SkuId=SKU-ENT-WEB&OrderTypeId=2&secondDomain=xingchen&orderCode=MC202600000101',
    '1年',
    '¥5800.00',
  )
  await page.getByRole('radio', { name: '微信支付' }).click()
  await page.getByRole('button', { name: '立即支付' }).click()
  const qr = page.getByLabel('扫码支付').getByLabel('支付二维码')
  await expect(qr).toHaveAttribute('data-qr-value', /^weixin:\/\/wxpay\/bizpayurl\?pr=/)
  // The QR's trade is this order's NATIVE attempt, with its own out_trade_no.
  expect(wechatPay.trades.get(`${orderCode}WN1`)?.body.amount).toEqual({ total: 580000, currency: 'CNY' })

  // The payer scans and pays; WeChat Pay posts its encrypted, signed notification.
  wechatPay.pay(`${orderCode}WN1`)
  expect((await wechatPayNotifies(`${orderCode}WN1`)).status).toBe(204)
  await expect(page).toHaveURL(new RegExp(`/payforsuccess\\?orderCode=${orderCode}$`))
})

test('a phone pays by Alipay wap; the notification is lost and the status poll recovers it', async ({
  page,
}) => {
  test.skip(isDesktop(page), 'phones are sent to the provider’s page')
  alipay.behaviour.dropNotifications = true
  const orderCode = await confirmOrder(
    page,
    `/order?SkuId=SKU-SITE-STD&OrderTypeId=1&secondDomain=e2eprod${Date.now()}`,
    '1年',
    '¥1980.00',
  )
  await page.getByRole('button', { name: '立即支付' }).click()
  // Alipay's cashier (the fake checks the wap URL's RSA2 signature before showing it).
  await expect(page).toHaveURL(new RegExp(`^${alipay.gateway}\\?`))
  await expect(page.getByLabel('支付金额')).toHaveText('¥1980.00')
  await page.getByRole('button', { name: '确认付款' }).click()

  // Back on the payment page: no notification came, so the status poll asks Alipay.
  await expect(page).toHaveURL(new RegExp(`/payforsuccess\\?orderCode=${orderCode}$`))
  expect(alipay.calls.some((call) => call.method === 'alipay.trade.query')).toBe(true)
  const { rows } = await pool.query('select provider from payments where order_code = $1', [orderCode])
  expect(rows).toEqual([{ provider: 'alipay' }])
})

test.describe('no verified payment is dropped (desktop, WeChat Pay and Alipay fakes)', () => {
  test.beforeEach(({ page }) => {
    test.skip(!isDesktop(page), 'the money is the server’s; one browser end proves the loop')
  })

  test('paid in time, notified after the deadline: kept, the order paid and its site opened', async ({
    page,
  }) => {
    const domain = `e2elate${Date.now()}`
    const orderCode = await confirmOrder(
      page,
      `/order?SkuId=SKU-SITE-STD&OrderTypeId=1&secondDomain=${domain}`,
      '1年',
      '¥1980.00',
    )
    await showQr(page, '微信支付')
    // The member leaves the page; the payer pays the QR just before the deadline, and WeChat's
    // notification comes after it.
    await page.goto(`${origin}/index`)
    wechatPay.pay(`${orderCode}WN1`)
    await pool.query(`update orders set pay_deadline = now() - interval '1 minute' where order_code = $1`, [
      orderCode,
    ])
    const late = 'member_centre_payment_notifications_total{provider="wxpay",outcome="late"}'
    const before = await metric(late)
    expect((await wechatPayNotifies(`${orderCode}WN1`)).status).toBe(204)
    expect(await metric(late)).toBe(before + 1)

    await expect((await orderRow(page, orderCode)).getByText('已支付', { exact: true })).toBeVisible()
    expect(await paymentStates(orderCode)).toEqual(['paid'])
    const { rows } = await pool.query('select 1 from businesses where order_code = $1', [orderCode])
    expect(rows).toHaveLength(1)
  })

  test('voiding an order its payer has just paid: the close finds it paid, the member sees 订单已支付', async ({
    page,
  }) => {
    const orderCode = await confirmOrder(
      page,
      `/order?SkuId=SKU-SITE-STD&OrderTypeId=1&secondDomain=e2evoid${Date.now()}`,
      '1年',
      '¥1980.00',
    )
    await showQr(page, '微信支付')
    const row = await orderRow(page, orderCode)
    // Scanned and paid while the member went to the order list; the notification has not come yet.
    wechatPay.pay(`${orderCode}WN1`)
    await row.getByRole('button', { name: '作废' }).click()
    await page.locator('.at-modal--active').getByText('作废', { exact: true }).click()
    await expect(page.getByText('订单已支付')).toBeVisible()
    await expect(row.getByText('已支付', { exact: true })).toBeVisible()
    expect(await paymentStates(orderCode)).toEqual(['paid'])
  })

  test('paid twice, by WeChat Pay and by Alipay: the second is refunded, the detail and a notice say so', async ({
    page,
  }) => {
    const orderCode = await confirmOrder(
      page,
      `/order?SkuId=SKU-SITE-STD&OrderTypeId=1&secondDomain=e2etwice${Date.now()}`,
      '1年',
      '¥1980.00',
    )
    await showQr(page, '微信支付')
    await page.goto(`${origin}/orderByPlay?orderCode=${orderCode}`)
    // Opening Alipay's QR closes the WeChat trade first…
    await showQr(page, '支付宝')
    expect(wechatPay.trades.get(`${orderCode}WN1`)?.state).toBe('CLOSED')
    await page.goto(`${origin}/index`)
    // …but its payer had paid as the close reached WeChat, and the Alipay QR was paid too.
    wechatPay.pay(`${orderCode}WN1`)
    alipay.pay(`${orderCode}AQ1`)
    const due = await metric('member_centre_payments_refund_due_total')
    const refunded = await metric('member_centre_payments_refunds_total{result="refunded"}')
    expect((await wechatPayNotifies(`${orderCode}WN1`)).status).toBe(204)
    expect(await alipayNotifies(`${orderCode}AQ1`)).toBe('success')

    await expect.poll(() => paymentStates(orderCode)).toEqual(['paid', 'refunded'])
    const [refund] = alipay.trades.get(`${orderCode}AQ1`)!.refunds
    expect(refund).toMatchObject({ amount: '1980.00', settled: true })
    expect(await metric('member_centre_payments_refund_due_total')).toBe(due + 1)
    expect(await metric('member_centre_payments_refunds_total{result="refunded"}')).toBe(refunded + 1)

    const { rows } = await pool.query<{ id: number }>('select id from orders where order_code = $1', [
      orderCode,
    ])
    await page.goto(`${origin}/orderdetails?type=1&detailId=${rows[0]!.id}`)
    const records = page.getByRole('list', { name: '支付记录' })
    await expect(records.getByRole('listitem')).toHaveCount(2)
    await expect(records.getByRole('listitem').nth(0)).toContainText('微信支付')
    await expect(records.getByRole('listitem').nth(0)).toContainText('已支付')
    await expect(records.getByRole('listitem').nth(1)).toContainText('支付宝')
    await expect(records.getByRole('listitem').nth(1)).toContainText('已退款')

    await page.goto(`${origin}/notices`)
    await expect(page.getByLabel('消息列表').getByText('退款通知').first()).toBeVisible()
  })
})
