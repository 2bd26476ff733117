import { Text, View } from '@tarojs/components'
import { BindingQrCode } from '../../../core/platform/wechat-binding'
import { Button } from '../../../core/ui/Button'
import { PageLoading } from '../../../core/ui/PageLoading'
import { WECHAT_TEXT } from '../rules'

export interface QrNotice {
  message: string
  action: string
  onAction(): void
}

const NOTICES: Record<string, Omit<QrNotice, 'onAction'>> = {
  qrFailed: { message: WECHAT_TEXT.qrFailed, action: '重新获取' },
  expired: { message: WECHAT_TEXT.expired, action: '刷新二维码' },
  taken: { message: WECHAT_TEXT.taken, action: '重新扫码' },
}

/** What covers the QR in a dialog state (failed, expired, already bound), with its way out. */
export function qrNotice(status: string, onAction: () => void): QrNotice | null {
  return status in NOTICES ? { ...NOTICES[status], onAction } : null
}

interface WechatQrAreaProps {
  /** The QR text, when a scene is shown. */
  value: string | null
  loading: boolean
  /** Covers the QR with a message and a button (expired, failed to load, already bound). */
  notice?: QrNotice | null
}

/** The 180 px QR of a bind or change dialog, with its loading and refresh states. */
export function WechatQrArea({ value, loading, notice }: WechatQrAreaProps) {
  return (
    <View className='wechat-qr'>
      {loading && <PageLoading />}
      {!loading && value && !notice && <BindingQrCode value={value} label='微信二维码' />}
      {!loading && notice && (
        <View className='wechat-qr__notice' role='alert'>
          <Text className='wechat-qr__message'>{notice.message}</Text>
          <Button size='small' type='primary' onClick={notice.onAction}>
            {notice.action}
          </Button>
        </View>
      )}
    </View>
  )
}
