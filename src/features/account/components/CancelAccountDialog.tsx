import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { CancellationCheck } from '../../../core/contract/cancellation'
import { navigateTo } from '../../../core/routing/navigate'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { ACCOUNT_MSG } from '../../../core/validation/account'
import { CANCELLATION_MSG } from '../../../core/validation/cancellation'
import { cancellationApi } from '../cancellation-api'
import { CANCELLATION_TEXT, otherAccountsQuestion, pendingCancellationText } from '../cancellation-rules'
import { useAccountChange } from '../hooks/useAccountChange'
import './cancellation.scss'

export const CANCEL_NOTICE = [
  '注销后，该账号将无法登录会员中心，账号下的产品、订单、工单等信息将无法通过本账号查看和管理。',
  '子管理员注销后，将不再管理该账号的网站；主账号注销后，所有子管理员也将无法登录该账号。',
  '注销操作不可恢复，请谨慎操作。',
]

/**
 * 注销账号 (§2, §5): the checklist of what still blocks it (each with a link to where it is fixed),
 * else the notice, the 7-day cooling-off, the question to an owner who is a sub-admin elsewhere and
 * 确认注销？, then one more confirmation. While 注销中 it shows the due date and offers 撤销注销.
 * A sub-admin only leaves the account, at once (`onCancelled`: its session there is gone).
 */
export function CancelAccountDialog({ onCancelled, onClose }: { onCancelled(): void; onClose(): void }) {
  const check = useResource(cancellationApi.check, [])
  const [agreed, setAgreed] = useState(false)
  const [keepOtherRoles, setKeepOtherRoles] = useState(false)
  const [error, setError] = useState('')
  const [confirming, setConfirming] = useState<'cancel' | 'withdraw' | null>(null)
  const change = useAccountChange('注销失败，请重试')
  const state = check.data

  const tick = (checked: boolean) => {
    setAgreed(checked)
    setError('')
  }

  const submit = () => {
    if (!state) return
    if (state.cancellation) return setConfirming('withdraw')
    if (state.blockers.length) return onClose()
    if (!agreed) return setError(ACCOUNT_MSG.cancelUnconfirmed)
    if (state.otherAccounts.length && !keepOtherRoles) return setError(CANCELLATION_MSG.otherRolesUnconfirmed)
    setConfirming('cancel')
  }

  const cancelAccount = async () => {
    setConfirming(null)
    if (!state) return
    const message = state.subAdmin ? CANCELLATION_MSG.left : CANCELLATION_MSG.requested
    const done = await change.run(() => cancellationApi.cancel(keepOtherRoles), message)
    if (done && state.subAdmin) return onCancelled()
    // Requested, or refused because something new blocks it: show what stands now.
    await check.reload()
  }

  const withdraw = async () => {
    setConfirming(null)
    if (await change.run(() => cancellationApi.withdraw(), CANCELLATION_MSG.withdrawn)) await check.reload()
  }

  return (
    <>
      <Dialog
        className='account-dialog'
        title='注销账号'
        failure={change.failure}
        busy={change.submitting}
        confirmText={confirmTextOf(state)}
        onConfirm={submit}
        onClose={onClose}
      >
        <ResourceStatus resource={check} />
        {state && <CancellationBody state={state} />}
        {state && !state.cancellation && !state.blockers.length && (
          <>
            {state.otherAccounts.length > 0 && (
              <View className='account-cancel__confirm'>
                <Checkbox
                  checked={keepOtherRoles}
                  label={otherAccountsQuestion(state.otherAccounts)}
                  onChange={(checked) => {
                    setKeepOtherRoles(checked)
                    setError('')
                  }}
                />
                <Text onClick={() => setKeepOtherRoles(!keepOtherRoles)}>
                  {otherAccountsQuestion(state.otherAccounts)}
                </Text>
              </View>
            )}
            <View className='account-cancel__confirm'>
              <Checkbox checked={agreed} label='确认注销？' onChange={tick} />
              <Text onClick={() => tick(!agreed)}>确认注销？</Text>
            </View>
          </>
        )}
        <FieldError message={error} />
      </Dialog>
      <ConfirmDialog
        open={confirming === 'cancel'}
        message={state?.subAdmin ? CANCELLATION_TEXT.leaveConfirm : CANCELLATION_TEXT.confirm}
        confirmText='确定注销'
        onConfirm={cancelAccount}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'withdraw'}
        message={CANCELLATION_TEXT.withdrawConfirm}
        confirmText={CANCELLATION_TEXT.withdraw}
        onConfirm={withdraw}
        onCancel={() => setConfirming(null)}
      />
    </>
  )
}

function confirmTextOf(state: CancellationCheck | undefined): string {
  if (state?.cancellation) return CANCELLATION_TEXT.withdraw
  if (state?.blockers.length) return '知道了'
  return '注销'
}

/** 注销中, the checklist, or the notice with the cooling-off explained. */
function CancellationBody({ state }: { state: CancellationCheck }) {
  if (state.cancellation)
    return (
      <View className='account-cancel__pending' role='status'>
        <Text>{pendingCancellationText(state.cancellation, new Date())}</Text>
      </View>
    )
  if (state.blockers.length)
    return (
      <View className='account-cancel__blockers'>
        <Text className='account-cancel__line'>{CANCELLATION_TEXT.blockedTitle}</Text>
        {state.blockers.map((blocker) => (
          <View key={blocker.kind} className='account-cancel__blocker'>
            <Text>{blocker.text}</Text>
            <Button size='small' onClick={() => navigateTo(blocker.path)}>
              {CANCELLATION_TEXT.fix}
            </Button>
          </View>
        ))}
      </View>
    )
  return (
    <View className='account-cancel__notice'>
      {CANCEL_NOTICE.map((line) => (
        <Text key={line} className='account-cancel__line'>
          {line}
        </Text>
      ))}
      {!state.subAdmin && <Text className='account-cancel__line'>{CANCELLATION_TEXT.coolingOff}</Text>}
    </View>
  )
}
