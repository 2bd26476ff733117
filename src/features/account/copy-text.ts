import Taro from '@tarojs/taro'
import { toast } from '../../core/ui/toast'
import { SECOND_FACTOR_TEXT } from './second-factor-rules'

/**
 * Puts the key or the recovery codes on the clipboard (H5 and mini-program alike): on a phone, where
 * the QR cannot be scanned by the phone showing it, copying is the way into the authenticator app.
 */
export function copyText(text: string): void {
  Taro.setClipboardData({ data: text }).then(
    () => toast.success(SECOND_FACTOR_TEXT.copied),
    () => toast.error('复制失败，请手动记录'),
  )
}
