// The words of every outgoing SMS and mail. A real carrier sends its registered template (the
// template id and these parameters); the sandbox and the mail show the text written out here.
import { plainName } from '../../../src/core/validation/rules'
import type { SmsTemplate } from '../../config/providers'

/**
 * What a queued message carries: a code, a link with the inviting account and the person, a refund,
 * an expiry reminder or a renewal (by SMS), or a mail the notifier wrote out (services/notifications).
 */
/** What a 'robot' outbox row carries (never the address): the notice's title, text and site path. */
export interface RobotParams {
  title: string
  text: string
  path: string
}

/**
 * What a 'wechat' outbox row carries: the member and template (its acceptances), the message, and
 * the SMS and mail (JSON QueuedMessage[]) to queue instead when WeChat refuses it (43101).
 */
export interface WechatParams {
  /** The WechatApp it goes through; page is a mini-program page (mini) or a web address (oa). */
  app: 'mini' | 'oa'
  memberId: string
  wechatTemplate: string
  templateId: string
  page: string
  /** JSON: the template's fields. */
  data: string
  fallback: string
}

/** What an outbox row carries on any channel: an SMS's or mail's params, a robot's post, a WeChat message. */
export type OutboxParams = MessageParams | RobotParams | WechatParams

export type MessageParams =
  | { code: string }
  | { account: string; name: string; url: string; path: string }
  | RefundParams
  | ExpiryParams
  | RenewedParams
  | SecurityParams
  | WorkOrderParams
  | MailParams

/** SMS_TEMPLATE_EXPIRY: the product, its domain, the days left ("剩余 3 天") and the /renewal link. */
export interface ExpiryParams {
  product: string
  domain: string
  days: string
  link: string
  /** The site path of the link (the sandbox's /__dev/mail lists it). */
  path: string
}

/** SMS_TEMPLATE_RENEWED: the product and its new expiry (Beijing time, YYYY-MM-DD HH:mm). */
export interface RenewedParams {
  product: string
  expireTime: string
}

/** SMS_TEMPLATE_SECURITY: a login from a new device in a new city (Beijing time, the city, the device). */
/** SMS_TEMPLATE_WORK_ORDER: a work order's number and what happened (工程师已回复, 待您确认 …). */
export interface WorkOrderParams {
  number: string
  status: string
}

export interface SecurityParams {
  time: string
  city: string
  device: string
}

/** A mail written out by the notifier (services/notifications): no template, the words themselves. */
export interface MailParams {
  subject: string
  text: string
  html: string
  /** The site path it links to; '' when none. */
  path: string
}

/** A refund the member is told of: the order's code and the yuan refunded ("1980.00"). */
export interface RefundParams {
  orderCode: string
  amount: string
}

const LINK_TEXTS: Partial<Record<SmsTemplate, (account: string, url: string) => string>> = {
  activationLink: (account, url) => `${account}邀请您成为子管理员，请在7天内打开链接激活：${url}`,
  recipientLink: (account, url) => `${account}将您添加为通知接收人，请在24小时内打开链接完成验证：${url}`,
}

const MAIL_SUBJECTS: Partial<Record<SmsTemplate, string>> = {
  activationLink: '会员中心子管理员激活',
  recipientLink: '会员中心通知接收人验证',
}

export function smsText(template: SmsTemplate, params: MessageParams): string {
  if ('code' in params) return `【会员中心】您的验证码为${params.code}，5分钟内有效，请勿告诉他人。`
  if ('orderCode' in params) return `【会员中心】${refundSentence(params)}`
  if ('days' in params) return `【会员中心】${expirySentence(params)}`
  if ('expireTime' in params) return `【会员中心】${renewedSentence(params)}`
  if ('city' in params) return `【会员中心】${newDeviceSentence(params)}`
  if ('number' in params) return `【会员中心】${workOrderSentence(params)}`
  if ('subject' in params) return `【会员中心】${params.text}`
  return `【会员中心】${LINK_TEXTS[template]?.(params.account, params.url) ?? params.url}`
}

/** What the provider's template is filled with (providers/sms/index.ts TEMPLATE_PARAM_ORDER). */
export function smsTemplateParams(params: MessageParams): Record<string, string> {
  if ('code' in params) return { code: params.code }
  if ('orderCode' in params) return { order: params.orderCode, amount: params.amount }
  if ('days' in params)
    return { product: params.product, domain: params.domain, days: params.days, link: params.link }
  if ('expireTime' in params) return { product: params.product, expireTime: params.expireTime }
  if ('city' in params) return { time: params.time, city: params.city, device: params.device }
  if ('number' in params) return { number: params.number, status: params.status }
  if ('subject' in params) throw new Error('a written-out mail is not an SMS template')
  return { account: params.account, link: params.url }
}

/** A work order's news, in the SMS and the notice alike. */
export const workOrderSentence = ({ number, status }: WorkOrderParams) =>
  `您的工单${number}${status}，请登录会员中心查看。`

/** The refund's words, in the SMS and the notice alike. */
export const refundSentence = ({ orderCode, amount }: RefundParams) =>
  `您的订单${orderCode}有一笔¥${amount}的付款已原路退回，预计1-5个工作日到账。`

/** The expiry reminder's words, in the SMS (the mail and the notice say the same at more length). */
export const expirySentence = ({ product, domain, days, link }: ExpiryParams) =>
  `您的${product}（${domain}）${days}，为避免服务中断，请及时续费：${link}`

export const newDeviceSentence = ({ time, city, device }: SecurityParams) =>
  `您的账号于${time}在${city}的新设备（${device}）上登录，如非本人操作，请立即登录会员中心修改密码。`

export const renewedSentence = ({ product, expireTime }: RenewedParams) =>
  `您的${product}已续费成功，新的到期时间为${expireTime}。`

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

export function mailContent(template: SmsTemplate, params: MessageParams) {
  if ('subject' in params) return { subject: params.subject, text: params.text, html: params.html }
  if (!('url' in params)) throw new Error('codes, refunds and SMS reminders are sent by SMS only')
  const sentence = LINK_TEXTS[template]?.(params.account, params.url) ?? params.url
  // A name with CR/LF would start new lines (and headers, in a careless mailer) in the mail.
  const name = plainName(params.name)
  const text = `${name}，您好！${sentence}`
  const [before] = sentence.split(params.url)
  const html =
    `<p>${escapeHtml(name)}，您好！</p>` +
    `<p>${escapeHtml(before)}<a href="${escapeHtml(params.url)}">${escapeHtml(params.url)}</a></p>` +
    '<p>如非本人操作，请忽略此邮件。</p>'
  return { subject: MAIL_SUBJECTS[template] ?? '会员中心', text, html }
}
