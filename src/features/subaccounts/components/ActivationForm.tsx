import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { AtInput } from 'taro-ui'
import { ApiError } from '../../../core/http/api-error'
import { relaunch } from '../../../core/routing/navigate'
import { LOGIN_PATH } from '../../../core/routing/routes'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { PageLoading } from '../../../core/ui/PageLoading'
import { SmsCodeButton } from '../../../core/ui/SmsCodeButton'
import { toast } from '../../../core/ui/toast'
import { MSG } from '../../../core/validation/messages'
import { SMS_CODE_LENGTH, smsCodeError } from '../../../core/validation/rules'
import { completeLogin } from '../../auth/complete-login'
import { subAccountApi, type ActivationInfo } from '../api'
import { ALREADY_ACTIVE_REDIRECT_MS, SUB_ADMIN_TEXT } from '../rules'
import './activation.scss'

type Load =
  { status: 'loading' } | { status: 'ready'; info: ActivationInfo } | { status: 'error'; message: string }

/**
 * /activation?activeCode= (account-area §2, §4, §5): the sub-admin confirms the phone the link was
 * sent to with an SMS code; success logs it in on the new role. An already active account is told
 * so and sent to /login after 1 s; a bad or expired link gives 非法参数.
 */
export function ActivationForm({ activeCode }: { activeCode: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [alreadyActive, setAlreadyActive] = useState(false)
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState('')
  const [failure, setFailure] = useState('')
  const [submitting, setSubmitting] = useState(false)

  useEffect(() => {
    let live = true
    subAccountApi
      .activationInfo(activeCode)
      .then((info) => {
        if (!live) return
        if (info.activeState === 1) setAlreadyActive(true)
        setLoad({ status: 'ready', info })
      })
      .catch((error) => {
        if (!live) return
        const message = error instanceof ApiError ? error.message : '加载失败，请重试'
        if (message === MSG.alreadyActivated) setAlreadyActive(true)
        setLoad({ status: 'error', message })
      })
    return () => {
      live = false
    }
  }, [activeCode])

  useEffect(() => {
    if (!alreadyActive) return
    toast.info(MSG.alreadyActivated)
    const timer = setTimeout(() => relaunch(LOGIN_PATH), ALREADY_ACTIVE_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [alreadyActive])

  if (load.status === 'loading') return <PageLoading />
  if (load.status === 'error' || alreadyActive) {
    const message = alreadyActive ? MSG.alreadyActivated : load.status === 'error' ? load.message : ''
    return (
      <View className='activation card' role='alert'>
        <View className='activation__title'>子管理员激活</View>
        <View className='activation__message'>{message}</View>
        <Button onClick={() => relaunch(LOGIN_PATH)}>去登录</Button>
      </View>
    )
  }

  const { info } = load
  const submit = async () => {
    setFailure('')
    const error = smsCodeError(code)
    setCodeError(error ?? '')
    if (error) return
    setSubmitting(true)
    try {
      const result = await subAccountApi.activate(activeCode, code.trim(), info.phone)
      completeLogin(result, 'activation', SUB_ADMIN_TEXT.activated)
    } catch (failed) {
      const message = failed instanceof ApiError ? failed.message : '激活失败，请重试'
      if (message === MSG.alreadyActivated) setAlreadyActive(true)
      else setFailure(message)
    } finally {
      setSubmitting(false)
    }
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
      <View className='activation__row'>
        <AtInput
          name='activation-code'
          title='验证码'
          placeholder='请输入短信验证码'
          maxlength={SMS_CODE_LENGTH}
          value={code}
          onChange={(value: string) => {
            setCode(value)
            setCodeError('')
          }}
          onConfirm={submit}
        />
        <SmsCodeButton
          phone={info.phone}
          send={(slider) => subAccountApi.sendActivationCode(activeCode, info.phone, slider)}
        />
      </View>
      <FieldError message={codeError} />
      <FieldError message={failure} />
      <Button type='primary' loading={submitting} onClick={submit}>
        确认激活
      </Button>
    </View>
  )
}
