import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { QrCodeImage } from '../../../core/platform/wechat'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { PageLoading } from '../../../core/ui/PageLoading'
import { authApi } from '../api'

export const OFFICIAL_QR_FAILED = '获取公众号二维码失败'

/** 关注公众号 after a WeChat registration, to receive notices there (doc2 §2 Login). */
export function FollowOfficialAccountDialog({ onDone }: { onDone(): void }) {
  const [qr, setQr] = useState<{ url: string } | 'loading' | 'failed'>('loading')
  useEffect(() => {
    authApi
      .officialAccountQr()
      .then(setQr)
      .catch(() => setQr('failed'))
  }, [])
  return (
    <AtModal isOpened onClose={onDone} className='auth-dialog'>
      <AtModalHeader>关注公众号</AtModalHeader>
      <AtModalContent>
        <View className='auth-dialog__center' aria-label='关注公众号'>
          {qr === 'loading' && <PageLoading />}
          {qr === 'failed' && <FieldError message={OFFICIAL_QR_FAILED} />}
          {typeof qr === 'object' && <QrCodeImage value={qr.url} size={180} label='公众号二维码' />}
          <Text className='auth-dialog__note'>微信扫码关注公众号，及时接收续费、工单与安全提醒。</Text>
          <Button type='primary' onClick={onDone}>
            进入会员中心
          </Button>
        </View>
      </AtModalContent>
    </AtModal>
  )
}
