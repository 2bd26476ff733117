import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { maskPhone } from '../../../core/format/mask'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { SmsCodeField } from '../../../core/ui/SmsCodeField'
import { useSubmit } from '../../../core/ui/useSubmit'
import { transferCodeError } from '../../../core/validation/product-transfer'
import { transferApi } from '../api'

/** Step 1 (§2, §4): an SMS code to the bound phone (slider first), checked by checkCodeByAccountId. */
export function VerifyStep({ bindPhone, onVerified }: { bindPhone: string; onVerified(): void }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const check = useSubmit({ fallback: '验证失败，请重试' })

  const next = () => {
    const invalid = transferCodeError(code)
    setError(invalid ?? '')
    if (invalid) return
    void check.run(async () => {
      await transferApi.checkCode({ phone: bindPhone, code: code.trim() })
      onVerified()
    })
  }

  return (
    <View className='transfer-step' role='form' aria-label='安全验证'>
      <Text className='transfer-step__note'>
        为了您的账号安全，请先验证当前账号绑定的手机号 {maskPhone(bindPhone)}
      </Text>
      <SmsCodeField
        name='transfer-verify-code'
        className='transfer-step__row'
        title='验证码'
        value={code}
        onChange={(value) => {
          setCode(value)
          setError('')
          check.reset()
        }}
        phone=''
        skipPhoneCheck
        countdownKey='transfer-verify'

        send={(slider) => transferApi.sendVerifyCode(slider)}
      />
      <FieldError message={error || check.failure} />
      <View className='transfer-step__actions'>
        <Button type='primary' loading={check.busy} onClick={next}>
          下一步
        </Button>
      </View>
    </View>
  )
}
