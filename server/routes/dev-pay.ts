// The payment sandbox (development only): the page a provider would show after a desktop QR scan
// or a phone's wap / MWEB redirect. 确认支付 sends the provider's signed notification to our own
// notify route over HTTP, so the order is paid exactly as a real notification would pay it. Like a
// provider after a late scan, it pays whatever the order's state: a payment for a voided or
// expired order arrives late, one for a paid order is a second payment (both are refunded when
// they cannot be kept); the page lists the order's refunds.
import { ok } from '../http/envelope'
import { notFound } from '../services/shared/errors'
import { escapeHtml, sandboxPage } from '../http/sandbox-page'
import type { Services } from '../services'
import { ORDER_STATUS } from '../../src/core/contract/orders'
import { CHECKOUT_MESSAGES } from '../services/checkout/checkout'
import type { PaymentProvider } from '../../src/core/contract/payments'
import { object, shortText, type TypedApp } from './schemas'

const PROVIDER_NAME: Record<PaymentProvider, string> = { alipay: '支付宝', wxpay: '微信支付' }

const STYLE = `
  body { margin: 0; font: 16px/1.5 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif;
    background: #f2f3f5; color: #1d2129; }
  main { max-width: 420px; margin: 0 auto; padding: 32px 20px; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { margin: 0 0 12px; color: #4e5969; }
  .amount { font-size: 32px; font-weight: 600; color: #1d2129; margin: 16px 0; }
  button { display: block; width: 100%; padding: 12px; font-size: 16px; border-radius: 6px;
    border: 0; margin-bottom: 12px; cursor: pointer; }
  .primary { background: #1677ff; color: #fff; }
  .secondary { background: #fff; color: #1d2129; border: 1px solid #c9cdd4; }
  button:disabled { opacity: 0.5; cursor: default; }
  .note { font-size: 12px; color: #86909c; }
  #result { min-height: 24px; font-weight: 600; }
`

const SCRIPT = `
  var data = document.getElementById('data').dataset;
  var result = document.getElementById('result');
  function answer(action) {
    document.getElementById('pay').disabled = true;
    document.getElementById('cancel').disabled = true;
    fetch('/__dev/pay', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: data.provider, channel: data.channel, out_trade_no: data.code, action: action }) })
      .then(function (r) { return r.json() })
      .then(function (res) {
        if (res.code !== 200) { result.textContent = res.message; return }
        result.textContent = action !== 'pay' ? '已取消支付'
          : res.data && res.data.outcome === 'refundDue' ? '支付成功：订单无法保留这笔付款，会员中心将原路退款'
          : '支付成功';
        if (res.data && res.data.location) window.location.assign(res.data.location);
      })
      .catch(function () { result.textContent = '网络错误，请重试' });
  }
  document.getElementById('pay').addEventListener('click', function () { answer('pay') });
  document.getElementById('cancel').addEventListener('click', function () { answer('cancel') });
`

const page = sandboxPage(STYLE, '支付沙箱页面，仅用于开发和测试，不产生真实扣款。')

/** What paying now plays, for an order that is no longer waiting for its payment. */
const LATE_NOTES: Record<number, string> = {
  [ORDER_STATUS.paid]: `${CHECKOUT_MESSAGES.paid}：再次支付即模拟重复付款，会员中心会原路退款。`,
  [ORDER_STATUS.voided]: '订单已作废或已过期：支付即模拟截止前扫码、通知晚到的付款。',
  [ORDER_STATUS.refunded]: '订单已退款：再次支付即模拟重复付款，会员中心会原路退款。',
}

function refundLog(refunds: string[]): string {
  if (!refunds.length) return ''
  const items = refunds.map((line) => `<li>${escapeHtml(line)}</li>`).join('')
  return `<h2>退款记录</h2><ul aria-label="退款记录">${items}</ul>`
}

/** Where a phone returns after the provider's page: the payment page checks the result itself. */
const returnTo = (action: 'pay' | 'cancel', orderCode: string) =>
  `${action === 'pay' ? '/orderByPlay' : '/failure'}?orderCode=${encodeURIComponent(orderCode)}`

const payFields = {
  provider: { enum: ['alipay', 'wxpay'] },
  channel: { enum: ['qr', 'wap'] },
  out_trade_no: shortText(32),
} as const

export function devPayRoutes(app: TypedApp, { payments }: Services) {
  app.get('/__dev/pay', { schema: { querystring: object(payFields) } }, async (req, reply) => {
    const { provider = 'alipay', channel = 'qr', out_trade_no: code = '' } = req.query
    const found = await payments.sandboxOrder(code.trim())
    const name = PROVIDER_NAME[provider]
    if (!found) return page(reply, name, `<h1>${CHECKOUT_MESSAGES.missing}</h1>`)
    const { order, tradeNo } = found
    const refunds = (await payments.sandbox?.refundsOf(order.orderCode)) ?? []
    return page(
      reply,
      `${name}收银台`,
      `<section id="data" data-provider="${provider}" data-channel="${channel}" data-code="${escapeHtml(
        tradeNo,
      )}" hidden></section>
<h1>${name}收银台（沙箱）</h1>
<p>订单号：${escapeHtml(order.orderCode)}</p>
<p>${escapeHtml(order.productName)} ${escapeHtml(order.productVersion)} · ${order.cycleNum}${escapeHtml(order.payMethod)}</p>
<p class="amount" aria-label="支付金额">¥${escapeHtml(order.payAmount)}</p>
${LATE_NOTES[order.status] ? `<p class="note">${LATE_NOTES[order.status]}</p>` : ''}
<button id="pay" class="primary" type="button">确认支付</button>
<button id="cancel" class="secondary" type="button">取消支付</button>
<p id="result" role="status"></p>
${refundLog(refunds)}`,
      SCRIPT,
    )
  })

  // 确认支付: the sandbox plays the provider and posts its signed notification to our notify route.
  app.post(
    '/__dev/pay',
    {
      schema: {
        body: object({ ...payFields, action: { enum: ['pay', 'cancel'] } }, [
          'provider',
          'out_trade_no',
          'action',
        ]),
      },
    },
    async (req) => {
      const { provider, channel = 'qr', action } = req.body
      const found = await payments.sandboxOrder(req.body.out_trade_no.trim())
      if (!found || !payments.sandbox) throw notFound(CHECKOUT_MESSAGES.missing)
      const { order, tradeNo } = found
      const location = channel === 'wap' ? returnTo(action, order.orderCode) : null
      if (action === 'cancel') return ok({ location })
      const response = await app.inject({
        method: 'POST',
        url: `/api/${provider}/notify`,
        payload: payments.sandbox.notification(provider, { tradeNo, payAmount: order.payAmount }),
      })
      const answer = response.json() as { code: number; message: string; data: string }
      if (answer.code !== 200) return answer
      return ok({ location, outcome: answer.data })
    },
  )
}
