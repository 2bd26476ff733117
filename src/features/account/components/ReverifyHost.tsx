import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AtInput } from 'taro-ui'
import { ApiError } from '../../../core/http/api-error'
import { maskPhone } from '../../../core/format/mask'
import { useSession } from '../../../core/session/store'
import { SmsCodeButton } from '../../../core/ui/SmsCodeButton'
import { SMS_CODE_LENGTH, smsCodeError } from '../../../core/validation/rules'
import { accountApi } from '../api'
import { ReverifyCancelled, useReverifyRequest } from '../fresh-session'
import { AccountDialog } from './AccountDialog'

export const REVERIFY_NOTE = '为了您的账号安全，请先完成短信验证'

/**
 * The re-verification dialog withFreshSession asks for. Mount it once on every page that makes a
 * sensitive change; its 获取验证码 uses the page frame's SliderHost.
 */
export function ReverifyHost() {
  const request = useReverifyRequest((s) => s.request)
  if (!request) return null
  return (
    <ReverifyDialog onVerified={request.resolve} onCancel={() => request.reject(new ReverifyCancelled())} />
  )
}

function ReverifyDialog({ onVerified, onCancel }: { onVerified(): void; onCancel(): void }) {
  const phone = useSession((s) => s.userinfo?.bindPhone ?? '')
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [submitting, setSubmitting] = useState(false)

  const submit = async () => {
    const invalid = smsCodeError(code)
    if (invalid) return setError(invalid)
    setSubmitting(true)
    try {
      await accountApi.confirmReverify(code.trim())
      onVerified()
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : '验证失败，请重试')
      setSubmitting(false)
    }
  }

  return (
    <AccountDialog title='安全验证' failure={error} busy={submitting} onConfirm={submit} onClose={onCancel}>
      <Text className='account-dialog__note'>
        {REVERIFY_NOTE}：请输入发送到 {maskPhone(phone)} 的短信验证码。
      </Text>
      <View className='account-form__row'>
        <AtInput
          name='reverify-code'
          title='验证码'
          placeholder='请输入短信验证码'
          maxlength={SMS_CODE_LENGTH}
          value={code}
          onChange={(value: string) => {
            setCode(value)
            setError('')
          }}
        />
        <SmsCodeButton phone='' skipPhoneCheck send={(slider) => accountApi.sendReverifyCode(slider)} />
      </View>
    </AccountDialog>
  )
}
