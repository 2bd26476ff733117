import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { maskPhone } from '../../../core/format/mask'
import { Button } from '../../../core/ui/Button'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { FieldError } from '../../../core/ui/FieldError'
import { SmsCodeField } from '../../../core/ui/SmsCodeField'
import { TextField } from '../../../core/ui/TextField'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import { collectErrors } from '../../../core/validation/rules'
import { receiverPhoneError, transferCodeError } from '../../../core/validation/product-transfer'
import { transferApi } from '../api'
import { isVerificationLost, TRANSFER_MESSAGES } from '../rules'

interface ReceiverStepProps {
  bindPhone: string
  businessIds: number[]
  onMoved(message: string): void
  onLost(): void
}

/**
 * Step 3 (§2, §5): the receiving main account's phone (请输入新手机号码 before a code is asked) and
 * the code sent to it; moveBusiness moves the chosen products.
 */
export function ReceiverStep({ bindPhone, businessIds, onMoved, onLost }: ReceiverStepProps) {
  const form = useForm({ phone: '', code: '' })
  const move = useSubmit({ fallback: '转移失败，请重试' })
  const v = form.values
  const { failure } = move
  const [asking, setAsking] = useState(false)

  useEffect(() => {
    if (isVerificationLost(failure)) onLost()
  }, [failure, onLost])

  // The move cannot be undone from this account: ask first (every destructive action confirms).
  const submit = () => {
    const valid = form.check((values) =>
      collectErrors({ phone: receiverPhoneError(values.phone), code: transferCodeError(values.code) }),
    )
    if (valid) setAsking(true)
  }

  const transfer = () => {
    setAsking(false)
    void move.run(async () => {
      await transferApi.moveBusiness({
        phone: bindPhone,
        bindPhone: v.phone.trim(),
        code: v.code.trim(),
        businessIds,
      })
      onMoved(TRANSFER_MESSAGES.moved)
    })
  }

  return (
    <View className='transfer-step' role='form' aria-label='绑定新手机'>
      <TextField
        name='transfer-phone'
        title='新手机号'
        type='phone'
        placeholder='请输入新手机号码'
        maxLength={11}
        value={v.phone}
        onChange={form.change('phone')}
        error={form.errors.phone}
      />
      <SmsCodeField
        name='transfer-code'
        className='transfer-step__row'
        title='验证码'
        value={v.code}
        onChange={form.change('code')}
        phone={v.phone}
        send={(slider) => transferApi.sendReceiverCode(v.phone.trim(), slider)}
        onPhoneError={() => form.fieldError('phone', receiverPhoneError(v.phone) ?? '')}
      />
      <FieldError message={form.errors.code} />
      <FieldError message={failure} />
      <View className='transfer-step__actions'>
        <Button type='primary' loading={move.busy} onClick={submit}>
          确认转移
        </Button>
      </View>
      <ConfirmDialog
        open={asking}
        title='确认转移'
        message={`确定将所选的 ${businessIds.length} 个产品转移至 ${maskPhone(v.phone.trim())} 的账号吗？转移后，当前账号将无法管理这些产品。`}
        onConfirm={transfer}
        onCancel={() => setAsking(false)}
      />
    </View>
  )
}
