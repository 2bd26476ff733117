// The one payment adapter (doc2 §2 Payment page): pages call pay(order) and act on the outcome;
// which provider call and which client path ran is decided here, from the environment.
import type { PaymentProvider } from '../../core/contract/payments'

/** desktop browser, phone browser, WeChat's in-app browser, mini-program. */
export type PayEnvironment = 'desktop' | 'mobile' | 'wechat' | 'mini'
export type PayPath =
  | 'alipayQr'
  | 'wxNative'
  | 'alipayWap'
  | 'wxMweb'
  | 'wxJsapi'
  | 'miniJsapi'
  /** WeChat's browser blocks Alipay's page: the customer is told to open the page in a browser. */
  | 'openInBrowser'

export interface PayOrder {
  orderCode: string
  provider: PaymentProvider
  /** Product name, shown by the provider. */
  subject: string
}

export type PayOutcome =
  /** Desktop: show this QR text (with the countdown) and watch the order's status. */
  | { kind: 'qr'; url: string }
  /** The browser is leaving for the provider's page; it comes back to the payment page. */
  | { kind: 'redirected' }
  /** The provider reported success in place (JSAPI): confirm by polling the order's status. */
  | { kind: 'confirming' }
  | { kind: 'cancelled' }
  /** Nothing was started: this provider cannot pay here (see needsOtherBrowser). */
  | { kind: 'openInBrowser' }
  | { kind: 'failed'; message: string }

export declare function payEnvironment(): PayEnvironment
/** Which path pays with `provider` in `env` (pure). */
export declare function payPath(env: PayEnvironment, provider: PaymentProvider): PayPath
/** The providers this platform can pay with, in the order offered (the mini-program: WeChat Pay only). */
export declare function offeredProviders(): PaymentProvider[]
/** True when `provider` cannot pay inside this browser (Alipay in WeChat's): show the open-in-browser guidance. */
export declare function needsOtherBrowser(provider: PaymentProvider): boolean
/** Starts paying; a refused provider call rejects with its ApiError (already shown as a toast). */
export declare function pay(order: PayOrder): Promise<PayOutcome>
