// Builds the payment providers (providers/index.ts decides whether the sandbox may serve): the
// sandbox for both in development, each configured provider in production (none answers
// 在线支付暂未开通).
import { DEV_PAY_NOTIFY_SECRET } from '../../config'
import type { AppContext } from '../../context'
import { createAlipay } from './alipay'
import type { AlipayGateway, WechatPayGateway } from './gateway'
import { createSandboxPayments, type SandboxPayments } from './sandbox'
import { createWechatPay } from './wechatpay'

/** Where the providers post their notifications (routes/payments.ts). */
export const NOTIFY_PATHS = {
  alipay: '/api/alipay/notify',
  wxpay: '/api/wxpay/notify',
  wxpayRefund: '/api/wxpay/refund/notify',
} as const

export interface PaymentGateways {
  alipay: AlipayGateway | null
  wxpay: WechatPayGateway | null
  /** Development only: the sandbox's own notifications and refund log, for its /__dev/pay page. */
  sandbox: SandboxPayments | null
}

export function paymentGateways({ config, now, db }: AppContext, sandboxAllowed: boolean): PaymentGateways {
  if (sandboxAllowed) {
    const secret = config.payNotifySecret ?? DEV_PAY_NOTIFY_SECRET
    const sandbox = createSandboxPayments({ secret, now, db })
    return { alipay: sandbox.alipay, wxpay: sandbox.wxpay, sandbox }
  }
  const settings = config.paymentProviders
  const origin = config.publicOrigin
  if (!settings || !origin) return { alipay: null, wxpay: null, sandbox: null }
  return {
    alipay: settings.alipay
      ? createAlipay(settings.alipay, { notifyUrl: `${origin}${NOTIFY_PATHS.alipay}`, now })
      : null,
    wxpay: settings.wechatPay
      ? createWechatPay(settings.wechatPay, {
          notifyUrl: `${origin}${NOTIFY_PATHS.wxpay}`,
          refundNotifyUrl: `${origin}${NOTIFY_PATHS.wxpayRefund}`,
          now,
        })
      : null,
    sandbox: null,
  }
}
