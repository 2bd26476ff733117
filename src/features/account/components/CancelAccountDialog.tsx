import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Checkbox } from '../../../core/ui/Checkbox'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { FieldError } from '../../../core/ui/FieldError'
import { ACCOUNT_MSG } from '../../../core/validation/account'
import { accountApi } from '../api'
import { useAccountChange } from '../hooks/useAccountChange'
import { Dialog } from '../../../core/ui/Dialog'

export const CANCEL_NOTICE = [
  '注销后，该账号将无法登录会员中心，账号下的产品、订单、工单等信息将无法通过本账号查看和管理。',
  '子管理员注销后，将不再管理该账号的网站；主账号注销后，所有子管理员也将无法登录该账号。',
  '注销操作不可恢复，请谨慎操作。',
]

/** 注销账号 (§2, §5): the notice, the 确认注销？ box, then one more confirmation before the call. */
export function CancelAccountDialog({ onCancelled, onClose }: { onCancelled(): void; onClose(): void }) {
  const [agreed, setAgreed] = useState(false)
  const [error, setError] = useState('')
  const [confirming, setConfirming] = useState(false)
  const change = useAccountChange('注销失败，请重试')

  const tick = (checked: boolean) => {
    setAgreed(checked)
    setError('')
  }

  const submit = () => {
    if (!agreed) return setError(ACCOUNT_MSG.cancelUnconfirmed)
    setConfirming(true)
  }

  const cancelAccount = async () => {
    setConfirming(false)
    if (await change.run(() => accountApi.cancelAccount(), '账号已注销')) onCancelled()
  }

  return (
    <>
      <Dialog
        className='account-dialog'
        title='注销账号'
        failure={change.failure}
        busy={change.submitting}
        confirmText='注销'
        onConfirm={submit}
        onClose={onClose}
      >
        <View className='account-cancel__notice'>
          {CANCEL_NOTICE.map((line) => (
            <Text key={line} className='account-cancel__line'>
              {line}
            </Text>
          ))}
        </View>
        <View className='account-cancel__confirm'>
          <Checkbox checked={agreed} label='确认注销？' onChange={tick} />
          <Text onClick={() => tick(!agreed)}>确认注销？</Text>
        </View>
        <FieldError message={error} />
      </Dialog>
      <ConfirmDialog
        open={confirming}
        message='确定注销该账号吗？注销后将无法恢复。'
        confirmText='确定注销'
        onConfirm={cancelAccount}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
