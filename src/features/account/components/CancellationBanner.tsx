import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Button } from '../../../core/ui/Button'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { FieldError } from '../../../core/ui/FieldError'
import { useResource } from '../../../core/ui/useResource'
import { CANCELLATION_MSG } from '../../../core/validation/cancellation'
import { cancellationApi } from '../cancellation-api'
import { CANCELLATION_TEXT, pendingCancellationText } from '../cancellation-rules'
import { useAccountChange } from '../hooks/useAccountChange'
import './cancellation.scss'

/**
 * 注销中: the due date and 撤销注销, on 账户管理 and after a login into an account being cancelled.
 * Nothing while the account is not being cancelled, or its state cannot be read (the 注销账号 dialog
 * shows that failure).
 */
export function CancellationBanner({ onWithdrawn }: { onWithdrawn?(): void }) {
  const check = useResource(cancellationApi.check, [])
  const [confirming, setConfirming] = useState(false)
  const change = useAccountChange('撤销失败，请重试')
  const pending = check.status === 'ready' ? check.data?.cancellation : null
  if (!pending) return null

  const withdraw = async () => {
    setConfirming(false)
    if (!(await change.run(() => cancellationApi.withdraw(), CANCELLATION_MSG.withdrawn))) return
    await check.reload()
    onWithdrawn?.()
  }

  return (
    <View className='account-cancel-banner' role='alert'>
      <Text className='account-cancel-banner__text'>{pendingCancellationText(pending, new Date())}</Text>
      <Button size='small' type='primary' loading={change.submitting} onClick={() => setConfirming(true)}>
        {CANCELLATION_TEXT.withdraw}
      </Button>
      <FieldError message={change.failure} />
      <ConfirmDialog
        open={confirming}
        message={CANCELLATION_TEXT.withdrawConfirm}
        confirmText={CANCELLATION_TEXT.withdraw}
        onConfirm={withdraw}
        onCancel={() => setConfirming(false)}
      />
    </View>
  )
}
