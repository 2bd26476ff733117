import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { errorMessage } from '../../../core/http/api-error'
import { relaunch } from '../../../core/routing/navigate'
import { LOGIN_PATH } from '../../../core/routing/routes'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { PageLoading } from '../../../core/ui/PageLoading'
import { SmsCodeField } from '../../../core/ui/SmsCodeField'
import { toast } from '../../../core/ui/toast'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { MSG } from '../../../core/validation/messages'
import { smsCodeError } from '../../../core/validation/rules'
import { completeLogin } from '../../auth/complete-login'
import { subAccountApi } from '../api'
import { ALREADY_ACTIVE_REDIRECT_MS, SUB_ADMIN_TEXT } from '../rules'
import './activation.scss'

/**
 * /activation?activeCode= (account-area §2, §4, §5): the sub-admin confirms the phone the link was
 * sent to with an SMS code; success logs it in on the new role. An already active account is told
 * so and sent to /login after 1 s; a bad or expired link gives 非法参数.
 */
export function ActivationForm({ activeCode }: { activeCode: string }) {
  const load = useResource(() => subAccountApi.activationInfo(activeCode), [activeCode])
  const [activatedMeanwhile, setActivatedMeanwhile] = useState(false)
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState('')
  const activation = useSubmit({ fallback: '激活失败，请重试' })
  const alreadyActive =
    activatedMeanwhile || load.data?.activeState === 1 || load.error === MSG.alreadyActivated

  useEffect(() => {
    if (!alreadyActive) return
    toast.info(MSG.alreadyActivated)
    const timer = setTimeout(() => relaunch(LOGIN_PATH), ALREADY_ACTIVE_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [alreadyActive])

  if (load.status === 'loading') return <PageLoading />
  if (!load.data || alreadyActive) {
    const message = alreadyActive ? MSG.alreadyActivated : load.error
    return (
      <View className='activation card' role='alert'>
        <View className='activation__title'>子管理员激活</View>
        <View className='activation__message'>{message}</View>
        <Button onClick={() => relaunch(LOGIN_PATH)}>去登录</Button>
      </View>
    )
  }

  const info = load.data
  const submit = () => {
    activation.reset()
    const error = smsCodeError(code)
    setCodeError(error ?? '')
    if (error) return
    void activation.run(async () => {
      try {
        const result = await subAccountApi.activate(activeCode, code.trim(), info.phone)
        completeLogin(result, 'activation', SUB_ADMIN_TEXT.activated)
      } catch (error) {
        // Activated meanwhile (another tab, a second link): no failure, the page says so.
        if (errorMessage(error, '') !== MSG.alreadyActivated) throw error
        setActivatedMeanwhile(true)
      }
    })
  }

  return (
    <View className='activation card' role='form' aria-label='子管理员激活'>
      <View className='activation__title'>子管理员激活</View>
      <View className='activation__intro'>
        {info.accountName} 邀请 {info.fullName} 成为子管理员，请验证手机号完成激活。
      </View>
      <View className='activation__phone'>
        <Text className='activation__label'>手机号</Text>
        <Text aria-label='手机号'>{info.maskedPhone}</Text>
      </View>
      <SmsCodeField
        name='activation-code'
        className='activation__row'
        title='验证码'
        value={code}
        onChange={(value) => {
          setCode(value)
          setCodeError('')
        }}
        onConfirm={submit}
        phone={info.phone}
        send={(slider) => subAccountApi.sendActivationCode(activeCode, info.phone, slider)}
      />
      <FieldError message={codeError} />
      <FieldError message={activation.failure} />
      <Button type='primary' loading={activation.busy} onClick={submit}>
        确认激活
      </Button>
    </View>
  )
}
