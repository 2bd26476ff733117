import type { ComponentType } from 'react'

export interface CustomerServiceProps {
  /** Tells the H5 chat who is asking (the mini-program's own service knows the WeChat user). */
  memberId?: number
  className?: string
}

/**
 * 在线客服 in the help widget. H5: a link opening the vendor's chat (core/config/help.ts
 * CUSTOMER_CHAT_URL with the member id) in a new tab. Mini-program: WeChat's own customer-service
 * button (`<Button openType="contact">`), which opens the mini-program's service conversation.
 */
export declare const CustomerServiceEntry: ComponentType<CustomerServiceProps>
