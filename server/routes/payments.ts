// Payment providers (doc2 §7): precreate calls for the console, and the providers' asynchronous
// notifications, which are public (the provider calls them) and trusted only by their signature.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { Refusal, invalid } from '../services/shared/errors'
import { originOf } from '../http/origin'
import {
  WXPAY_TRADE_TYPES,
  type AlipayQrAnswer,
  type AlipayTradeRequest,
  type AlipayWapAnswer,
  type JsapiParams,
  type PayerCallbackQuery,
  type PaymentProvider,
  type WxpayTradeRequest,
} from '../../src/core/contract/payments'
import { NotificationRefused } from '../providers/payment/gateway'
import { NOTIFY_PATHS } from '../providers/payment/index'
import type { Services } from '../services'
import type { NotifyOutcome, PaymentService } from '../services/payments/payments'
import { PAYER_CALLBACK_PATH, PAYER_STATE_PREFIX } from '../services/payments/wechat-payer'
import { documented, TAG } from './api-tags'
import { answer, oneOfValues, refusalEnvelope, responseOf, shape, text } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'

const about = documented(TAG.checkout)

// Amounts sent by the client (total_amount, total_fee) are not read: the order's own amount,
// computed from the catalogue, is what the provider is asked for.
const alipayTrade = requestOf<AlipayTradeRequest>()(
  object({ out_trade_no: shortText(32), subject: shortText(128) }, ['out_trade_no']),
)
const wxpayTrade = requestOf<WxpayTradeRequest>()(
  object(
    {
      trade_type: { enum: WXPAY_TRADE_TYPES },
      out_trade_no: shortText(32),
      body: shortText(128),
      code: shortText(128),
      payer: shortText(256),
    },
    ['trade_type', 'out_trade_no'],
  ),
)

const alipayQr = responseOf<AlipayQrAnswer>()(shape({ out_trade_no: text, qr_code: text }))
const alipayWap = responseOf<AlipayWapAnswer>()(shape({ out_trade_no: text, url: text }))
/** What getBrandWCPayRequest / wx.requestPayment take (core/contract/payments.ts). */
const jsapiParams = responseOf<JsapiParams>()(
  shape({
    appId: text,
    timeStamp: text,
    nonceStr: text,
    package: text,
    signType: oneOfValues(['RSA', 'HMAC-SHA256']),
    paySign: text,
  }),
)
/** One of four, by trade_type (and, for JSAPI in WeChat's browser, whether a payer token came). */
const wxpayOffer = {
  anyOf: [shape({ code_url: text }), shape({ mweb_url: text }), jsapiParams, shape({ authorize_url: text })],
} as const

const notifyOutcome = responseOf<NotifyOutcome>()(
  oneOfValues(['paid', 'late', 'alreadyPaid', 'refundDue', 'refund', 'ignored']),
)
type NotifyPath = (typeof NOTIFY_PATHS)[keyof typeof NOTIFY_PATHS]
const NOTIFY_SUMMARY: Record<NotifyPath, string> = {
  [NOTIFY_PATHS.alipay]: '支付宝支付结果通知',
  [NOTIFY_PATHS.wxpay]: '微信支付结果通知',
  [NOTIFY_PATHS.wxpayRefund]: '微信支付退款结果通知',
}
/** WeChat Pay's refusal of a notification: it sends the notification again. */
const wxpayRefusal = shape({ code: oneOfValues(['FAIL']), message: text })

/** Each provider is answered as it expects; the sandbox with our envelope (see notifyRoute). */
const notificationResponse = {
  200: {
    description:
      '沙箱或未配置的服务商：信封，data 为处理结果；支付宝：纯文本 success（已处理）或 fail（请重发）',
    content: {
      'application/json': { schema: answer(notifyOutcome)[200] },
      'text/plain': { schema: { type: 'string', enum: ['success', 'fail'] } },
    },
  },
  204: { type: 'null', description: '微信支付：已处理' },
  400: { ...wxpayRefusal, description: '微信支付：通知不被接受（请重发）' },
  401: { ...wxpayRefusal, description: '微信支付：签名、时间戳或商户号不符（请重发）' },
} as const

/** A refusal (its input, its rate) as an envelope; otherwise a redirect. */
const redirectResponse = (description: string) =>
  ({
    200: {
      ...refusalEnvelope,
      description: '拒绝（参数不合法、请求过于频繁）：信封 { code, message, data }',
    },
    302: { type: 'null', description, headers: { location: text } },
  }) as const

export function paymentRoutes(app: TypedApp, { payments }: Services, { requireViewer }: Guards) {
  app.post(
    '/api/alipay/tradePrecreate',
    {
      preHandler: requireViewer,
      schema: { ...about('支付宝扫码支付（二维码）'), body: alipayTrade, response: answer(alipayQr) },
    },
    async (req) =>
      ok(await payments.alipayPrecreate(req.viewer, req.body.out_trade_no.trim(), originOf(req))),
  )

  app.post(
    '/api/alipay/tradeWapPay',
    {
      preHandler: requireViewer,
      schema: { ...about('支付宝手机网站支付（跳转地址）'), body: alipayTrade, response: answer(alipayWap) },
    },
    async (req) => ok(await payments.alipayWapPay(req.viewer, req.body.out_trade_no.trim(), originOf(req))),
  )

  app.post(
    '/api/wxpay/tradePrecreate',
    {
      preHandler: requireViewer,
      schema: {
        ...about('微信支付下单（扫码、H5 或 JSAPI）'),
        body: wxpayTrade,
        response: answer(wxpayOffer),
      },
    },
    async (req) =>
      ok(
        await payments.wxpayPrecreate(req.viewer, req.body.out_trade_no.trim(), req.body.trade_type, {
          origin: originOf(req),
          ip: req.ip,
          miniCode: req.body.code?.trim(),
          payer: req.body.payer?.trim(),
        }),
      ),
  )

  // Always there (rate-limited like every callback); without production WeChat Pay no ticket exists.
  payerCallbackRoute(app, payments)
  app.register(async (scope) => notifyRoute(scope, 'alipay', NOTIFY_PATHS.alipay, payments))
  app.register(async (scope) => notifyRoute(scope, 'wxpay', NOTIFY_PATHS.wxpay, payments))
  app.register(async (scope) => notifyRoute(scope, 'wxpay', NOTIFY_PATHS.wxpayRefund, payments))
}

/**
 * A provider's notification (a payment's, or WeChat Pay's refund result), read as the exact text it sent (the signature covers those bytes). A
 * real provider is answered as it expects: WeChat Pay 204, or 4xx {code: FAIL} to be sent again;
 * Alipay the plain `success`, anything else to be sent again. The sandbox (and a provider that is
 * not configured) is answered with our envelope, which the sandbox page shows.
 */
function notifyRoute(
  scope: FastifyInstance,
  provider: PaymentProvider,
  path: NotifyPath,
  payments: PaymentService,
) {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  )
  const schema = { ...about(NOTIFY_SUMMARY[path]), response: notificationResponse }
  scope.post(path, { schema }, async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = { headers: req.headers, body: typeof req.body === 'string' ? req.body : '' }
    if (payments.notificationAnswers(provider) === 'envelope') {
      try {
        return ok(await payments.receiveNotification(provider, raw), 'success')
      } catch (error) {
        throw error instanceof NotificationRefused ? invalid(error.message) : error
      }
    }
    try {
      await payments.receiveNotification(provider, raw)
    } catch (error) {
      if (!(error instanceof NotificationRefused) && !(error instanceof Refusal)) throw error
      req.log.warn({ provider, refusal: error.message }, 'payment notification refused')
      const status = error instanceof NotificationRefused ? 401 : 400
      return provider === 'wxpay'
        ? reply.code(status).send({ code: 'FAIL', message: error.message })
        : reply.type('text/plain').send('fail')
    }
    return provider === 'wxpay' ? reply.code(204).send() : reply.type('text/plain').send('success')
  })
}

/**
 * WeChat's browser comes back here from the silent snsapi_base authorisation (services/payments/wechat-payer.ts)
 * and goes on to the payment page with the payer token; without a code (or with one WeChat refuses)
 * it goes back without one, where paying shows the refusal instead of looping through WeChat.
 */
function payerCallbackRoute(app: TypedApp, payments: PaymentService) {
  const query = requestOf<PayerCallbackQuery>()(object({ code: shortText(256), state: shortText(64) }))
  const schema = {
    ...about('微信内支付：静默授权回来，转到支付页'),
    querystring: query,
    response: redirectResponse('转到支付页 /orderByPlay（带 wxPayer），或无效时转到订单列表 /orderlist'),
  }
  app.get(PAYER_CALLBACK_PATH, { schema }, async (req, reply) => {
    const state = (req.query.state ?? '').trim()
    const ticket = state.startsWith(PAYER_STATE_PREFIX) ? state.slice(PAYER_STATE_PREFIX.length) : ''
    // Only an authorisation this server started, once: anything else never reaches WeChat.
    const orderCode = await payments.takePayerTicket(ticket)
    if (!orderCode) return reply.redirect('/orderlist')
    const page = new URLSearchParams({ orderCode })
    const code = req.query.code?.trim()
    if (code) {
      try {
        page.set('wxPayer', await payments.payerToken(code))
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        req.log.warn({ refusal: error.message }, 'snsapi_base code refused')
        page.set('wxPayer', 'refused')
      }
    }
    return reply.redirect(`/orderByPlay?${page}`)
  })
}
