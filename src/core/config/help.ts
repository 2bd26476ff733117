// The help widget of every console page (doc2 §2 "Other"): the product QR code and online customer
// service. Both addresses are build-time settings (TARO_APP_*, inlined by Taro); the defaults are
// the vendor's demo addresses, as features/products/promotions.ts uses for 咨询.
import { withQuery } from '../routing/url'

/** What the help widget's QR code opens: the product's own site, to continue on a phone. */
export const PRODUCT_QR_URL: string = process.env.TARO_APP_PRODUCT_QR_URL || 'https://www.yunmeng.example/'

/** The vendor's online customer-service chat (doc2 §7 external links: customer chat with member id). */
export const CUSTOMER_CHAT_URL: string =
  process.env.TARO_APP_CUSTOMER_CHAT_URL || 'https://kefu.yunmeng.example/chat'

/** The chat, told who is asking (empty when the member is not known yet) and, optionally, about what. */
export function customerChatUrl(memberId: number | undefined, about: Record<string, string> = {}): string {
  return withQuery(CUSTOMER_CHAT_URL, { memberId: memberId ? String(memberId) : '', ...about })
}
