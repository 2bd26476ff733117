import { Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { QrCodeImage } from '../../../core/platform/wechat'
import { Button } from '../../../core/ui/Button'
import { useCountdown } from '../../../core/ui/countdown'
import { Dialog } from '../../../core/ui/Dialog'
import { paymentApi } from '../api'
import { usePaidWatch } from '../hooks/usePaidWatch'
import { EXPIRED_NOTICE_MS, formatCountdown, PAY_MESSAGES, secondsFromTimeout } from '../rules'

interface PayQrDialogProps {
  orderCode: string
  /** The provider's QR text. */
  url: string
  providerLabel: string
  amount: string
  onPaid(): void
  /** The countdown reached zero and the expiry message has been shown for 3 s. */
  onExpired(): void
  onClose(): void
}

type Phase = 'starting' | 'counting' | 'expired'

/**
 * Desktop payment (doc2 §2): the provider's QR, a countdown to the order's automatic cancellation
 * (getOrderTimeOut), the status polled every 2 s. At zero: 订单已过期，请重新下单！ for 3 s, then closed.
 */
export function PayQrDialog({
  orderCode,
  url,
  providerLabel,
  amount,
  onPaid,
  onExpired,
  onClose,
}: PayQrDialogProps) {
  const countdown = useCountdown()
  const [phase, setPhase] = useState<Phase>('starting')
  const counted = useRef(false)
  if (countdown.running) counted.current = true
  const { start } = countdown

  useEffect(() => {
    let alive = true
    paymentApi
      .timeout(orderCode)
      .then((timeout) => {
        if (!alive) return
        const seconds = secondsFromTimeout(timeout)
        if (!seconds) return setPhase('expired')
        start(seconds)
        setPhase('counting')
      })
      // Without the deadline the dialog still watches the status; the server refuses late payments.
      .catch(() => alive && setPhase('counting'))
    return () => {
      alive = false
    }
  }, [orderCode, start])

  useEffect(() => {
    if (phase === 'counting' && counted.current && !countdown.running) setPhase('expired')
  }, [phase, countdown.running])

  const expired = useRef(onExpired)
  expired.current = onExpired
  useEffect(() => {
    if (phase !== 'expired') return
    const timer = setTimeout(() => expired.current(), EXPIRED_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [phase])

  usePaidWatch(orderCode, phase !== 'expired', onPaid)

  return (
    <Dialog
      title='扫码支付'
      closeOnMask={false}
      className='pay-qr'
      bodyClassName='pay-qr__body'
      onClose={onClose}
    >
      {phase === 'expired' ? (
        <View className='pay-qr__expired' role='alert'>
          {PAY_MESSAGES.expired}
        </View>
      ) : (
        <QrCodeImage value={url} size={200} label='支付二维码' />
      )}
      <Text className='pay-qr__hint'>请使用{providerLabel}扫一扫完成支付</Text>
      <Text className='pay-qr__amount'>{amount}</Text>
      {counted.current && phase === 'counting' && (
        <View className='pay-qr__countdown' role='timer' aria-label='剩余支付时间'>
          剩余支付时间 {formatCountdown(countdown.secondsLeft)}
        </View>
      )}
      <Button onClick={onClose}>取消支付</Button>
    </Dialog>
  )
}
