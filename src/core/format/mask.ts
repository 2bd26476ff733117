/** Phones are shown masked, keeping the first 3 and last 4 digits (account-area §2). */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return ''
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone
}

/**
 * The bound WeChat as personal info's `weixin` names it: its openid with the middle hidden (first 4 and
 * last 4 kept), '' when none is bound. An openid is what the member's WeChat login gives the server;
 * it is never shown whole.
 */
export function maskWechatId(openId: string | null | undefined): string {
  if (!openId) return ''
  return openId.length > 8 ? `${openId.slice(0, 4)}****${openId.slice(-4)}` : `${openId.slice(0, 1)}****`
}

/** A mailbox with all but its first two characters before the @ hidden ('' stays ''). */
export function maskMailbox(mailbox: string | null | undefined): string {
  if (!mailbox) return ''
  const at = mailbox.indexOf('@')
  if (at <= 0) return '***'
  return `${mailbox.slice(0, Math.min(2, at))}***${mailbox.slice(at)}`
}
