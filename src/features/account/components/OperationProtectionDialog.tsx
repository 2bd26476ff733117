import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import {
  OPERATION_PROTECTION_MSG,
  PROTECTED_ACTIONS,
  methodUnavailableReason,
  protectionError,
  type OperationProtection,
  type ProtectionMethod,
} from '../../../core/contract/operation-protection'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { Dialog } from '../../../core/ui/Dialog'
import { useAccountChange } from '../hooks/useAccountChange'
import { operationProtectionApi } from '../operation-protection-api'
import { PROTECTION_WINDOW_OPTIONS, protectionMethodOptions } from '../operation-protection-rules'

interface OperationProtectionDialogProps {
  current: OperationProtection
  onSaved(): void
  onClose(): void
}

/** 修改 操作保护: the method, the window, what it protects; saving is itself protected. */
export function OperationProtectionDialog({ current, onSaved, onClose }: OperationProtectionDialogProps) {
  const [method, setMethod] = useState<ProtectionMethod>(current.method)
  const [windowMinutes, setWindowMinutes] = useState(current.windowMinutes)
  const [error, setError] = useState('')
  const change = useAccountChange()

  const chooseMethod = (chosen: ProtectionMethod) => {
    // A method that cannot be used yet stays unchosen: choosing it only says why.
    const unavailable = methodUnavailableReason(chosen, current)
    if (unavailable) return setError(unavailable)
    setMethod(chosen)
    setError('')
    change.setFailure('')
  }
  const chooseWindow = (minutes: number) => {
    setWindowMinutes(minutes)
    setError('')
    change.setFailure('')
  }
  const submit = async () => {
    const invalid = protectionError({ method, windowMinutes }, current)
    setError(invalid)
    if (invalid) return
    const saved = await change.run(
      () => operationProtectionApi.save({ method, windowMinutes }),
      OPERATION_PROTECTION_MSG.saved,
    )
    if (saved) onSaved()
  }

  return (
    <Dialog
      title='操作保护'
      className='account-dialog'
      note='进行以下操作前需要验证身份；验证后在所选时长内再次操作无需重复验证。'
      failure={error || change.failure}
      busy={change.submitting}
      confirmText='保存'
      onConfirm={submit}
      onClose={onClose}
    >
      <View className='operation-protection__form'>
        <ChoiceGroup
          label='验证方式'
          options={protectionMethodOptions(current)}
          value={method}
          onChange={chooseMethod}
          column
        />
        <ChoiceGroup
          label='免验证时长'
          options={PROTECTION_WINDOW_OPTIONS}
          value={windowMinutes}
          onChange={chooseWindow}
        />
        <Text className='operation-protection__label'>受保护的操作</Text>
        <View className='operation-protection__actions' aria-label='受保护的操作'>
          {PROTECTED_ACTIONS.map((action) => (
            <Text key={action} className='operation-protection__action'>
              {action}
            </Text>
          ))}
        </View>
      </View>
    </Dialog>
  )
}
