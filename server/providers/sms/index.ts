// The SMS seam: services hand an OutgoingSms to the outbox, and the
// dispatcher gives it to whichever SmsGateway config chose (sandbox, Aliyun or Tencent Cloud).
// Carriers in China send only registered templates, so a message is a template id plus parameters;
// `text` is the same message written out, for the sandbox and the log of a development phone.
import type { SmsPurpose } from '../../../src/core/contract/sms'
import type { SmsTemplate } from '../../config/providers'
import type { DeliveryResult } from '../delivery'

/** Which template carries the code of each purpose. */
export const CODE_TEMPLATE: Record<SmsPurpose, SmsTemplate> = {
  login: 'login',
  register: 'register',
  forget: 'reset',
  bindPhone: 'bind',
  changePhone: 'changePhone',
  transferVerify: 'transfer',
  transferReceive: 'transfer',
  // Proving the bound phone again (new address, sensitive change, sub-admin activation).
  securityVerification: 'verify',
  reverify: 'verify',
  activation: 'verify',
}

/**
 * Template parameters by name (Aliyun's TemplateParam) and, in this order, by position (Tencent
 * Cloud's TemplateParamSet): a code template takes {code}; a link template {account, link}; the
 * refund template {order, amount}; the expiry reminder {product, domain, days, link}; the renewal
 * {product, expireTime}; the new-device alert {time, city, device}; a work order's news {number, status}.
 */
export const TEMPLATE_PARAM_ORDER = {
  code: ['code'],
  link: ['account', 'link'],
  refund: ['order', 'amount'],
  expiry: ['product', 'domain', 'days', 'link'],
  renewed: ['product', 'expireTime'],
  security: ['time', 'city', 'device'],
  workOrder: ['number', 'status'],
} as const

function paramOrder(params: Record<string, string>): readonly string[] {
  if ('code' in params) return TEMPLATE_PARAM_ORDER.code
  if ('order' in params) return TEMPLATE_PARAM_ORDER.refund
  if ('days' in params) return TEMPLATE_PARAM_ORDER.expiry
  if ('expireTime' in params) return TEMPLATE_PARAM_ORDER.renewed
  if ('city' in params) return TEMPLATE_PARAM_ORDER.security
  if ('number' in params) return TEMPLATE_PARAM_ORDER.workOrder
  return TEMPLATE_PARAM_ORDER.link
}

export function positionalParams(params: Record<string, string>): string[] {
  return paramOrder(params).map((name) => params[name] ?? '')
}

export interface OutgoingSms {
  /** Mainland mobile number, 11 digits. */
  phone: string
  template: SmsTemplate
  params: Record<string, string>
  /** A code's purpose (login, register, …): a label for the sandbox, no provider sees it. */
  purpose?: string | null
  /** The site path a link message points to (the sandbox's /__dev/mail lists it). */
  link?: string
  /** The message written out (sandbox only shows it). */
  text: string
  /** The row's correlation id, the same on every retry (Aliyun OutId, Tencent Cloud SessionContext): echoed back, not deduplicated. */
  correlationId: string
}

export interface SmsGateway {
  /** For the start-up log: 'sandbox', 'aliyun' or 'tencent'. */
  readonly name: string
  send(message: OutgoingSms): Promise<DeliveryResult>
}
