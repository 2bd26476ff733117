import { Button } from '@tarojs/components'
import type { CustomerServiceProps } from './customer-service'

/** WeChat's customer-service conversation of this mini-program (configured in the WeChat console). */
export function CustomerServiceEntry({ className }: CustomerServiceProps) {
  return (
    <Button className={className} openType='contact'>
      在线客服
    </Button>
  )
}
