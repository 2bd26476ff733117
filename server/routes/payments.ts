// Payment providers (doc2 §7): precreate calls for the console, and the providers' asynchronous
// notifications, which are public (the provider calls them) and trusted only by their signature.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import type { Provider } from '../services/payments'
import { object, shortText, type TypedApp } from './schemas'

// Amounts sent by the client (total_amount, total_fee) are not read: the order's own amount,
// computed from the catalogue, is what the provider is asked for.
const alipayTrade = object({ out_trade_no: shortText(32), subject: shortText(128) }, ['out_trade_no'])
const wxpayTrade = object(
  {
    trade_type: { enum: ['NATIVE', 'MWEB', 'JSAPI'] },
    out_trade_no: shortText(32),
    body: shortText(128),
  },
  ['trade_type', 'out_trade_no'],
)
/** Notification fields are flat strings (form or JSON). */
const notification = { type: 'object', additionalProperties: shortText(256) } as const

export function paymentRoutes(app: TypedApp, { payments }: Services, { requireViewer }: Guards) {
  app.post(
    '/api/alipay/tradePrecreate',
    { preHandler: requireViewer, schema: { body: alipayTrade } },
    async (req) =>
      ok(await payments.alipayPrecreate(req.viewer, req.body.out_trade_no.trim(), originOf(req))),
  )

  app.post(
    '/api/alipay/tradeWapPay',
    { preHandler: requireViewer, schema: { body: alipayTrade } },
    async (req) => ok(await payments.alipayWapPay(req.viewer, req.body.out_trade_no.trim(), originOf(req))),
  )

  app.post(
    '/api/wxpay/tradePrecreate',
    { preHandler: requireViewer, schema: { body: wxpayTrade } },
    async (req) =>
      ok(
        await payments.wxpayPrecreate(
          req.viewer,
          req.body.out_trade_no.trim(),
          req.body.trade_type,
          originOf(req),
        ),
      ),
  )

  for (const provider of ['alipay', 'wxpay'] as Provider[]) {
    app.post(`/api/${provider}/notify`, { schema: { body: notification } }, async (req) =>
      ok(await payments.notify(provider, req.body), 'success'),
    )
  }
}
