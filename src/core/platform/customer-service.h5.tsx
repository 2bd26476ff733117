import { customerChatUrl } from '../config/help'
import type { CustomerServiceProps } from './customer-service'

/** A real link: keyboard and middle-click work, and the chat opens beside the console. */
export function CustomerServiceEntry({ memberId, className }: CustomerServiceProps) {
  return (
    <a className={className} href={customerChatUrl(memberId)} target='_blank' rel='noopener noreferrer'>
      在线客服
    </a>
  )
}
