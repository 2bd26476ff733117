import { View } from '@tarojs/components'
import { QrCodeImage } from '../../../core/platform/wechat'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { PageLoading } from '../../../core/ui/PageLoading'
import { useResource } from '../../../core/ui/useResource'
import { authApi } from '../api'

export const OFFICIAL_QR_FAILED = '获取公众号二维码失败'

/** 关注公众号 after a WeChat registration, to receive notices there (doc2 §2 Login). */
export function FollowOfficialAccountDialog({ onDone }: { onDone(): void }) {
  const qr = useResource(authApi.officialAccountQr, [])
  return (
    <Dialog title='关注公众号' className='auth-dialog' onClose={onDone}>
      <View className='auth-dialog__center'>
        {qr.status === 'loading' && <PageLoading />}
        {qr.status === 'error' && <FieldError message={OFFICIAL_QR_FAILED} />}
        {qr.data && <QrCodeImage value={qr.data.url} size={180} label='公众号二维码' />}
        <View className='dialog__note'>微信扫码关注公众号，及时接收续费、工单与安全提醒。</View>
        <Button type='primary' onClick={onDone}>
          进入会员中心
        </Button>
      </View>
    </Dialog>
  )
}
