// The words of every outgoing SMS and mail. A real carrier sends its registered template (the
// template id and these parameters); the sandbox and the mail show the text written out here.
import type { SmsTemplate } from '../../providers/sms/index'

/** What a queued message carries: a code, or a link with the inviting account and the person. */
export type MessageParams = { code: string } | { account: string; name: string; url: string; path: string }

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
  return `【会员中心】${LINK_TEXTS[template]?.(params.account, params.url) ?? params.url}`
}

/** What the provider's template is filled with (providers/sms/index.ts TEMPLATE_PARAM_ORDER). */
export function smsTemplateParams(params: MessageParams): Record<string, string> {
  return 'code' in params ? { code: params.code } : { account: params.account, link: params.url }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

export function mailContent(template: SmsTemplate, params: MessageParams) {
  if ('code' in params) throw new Error('codes are sent by SMS only')
  const sentence = LINK_TEXTS[template]?.(params.account, params.url) ?? params.url
  const text = `${params.name}，您好！${sentence}`
  const [before] = sentence.split(params.url)
  const html =
    `<p>${escapeHtml(params.name)}，您好！</p>` +
    `<p>${escapeHtml(before)}<a href="${escapeHtml(params.url)}">${escapeHtml(params.url)}</a></p>` +
    '<p>如非本人操作，请忽略此邮件。</p>'
  return { subject: MAIL_SUBJECTS[template] ?? '会员中心', text, html }
}
