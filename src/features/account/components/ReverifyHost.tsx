import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { AtInput } from 'taro-ui'
import { maskPhone } from '../../../core/format/mask'
import { currentDestination, relaunch } from '../../../core/routing/navigate'
import { LOGIN_PATH } from '../../../core/routing/routes'
import { withQuery } from '../../../core/routing/url'
import { useSession } from '../../../core/session/store'
import { SmsCodeButton } from '../../../core/ui/SmsCodeButton'
import { useSubmit } from '../../../core/ui/useSubmit'
import { SMS_CODE_LENGTH, smsCodeError } from '../../../core/validation/rules'
import { authApi } from '../../auth/api'
import { accountApi } from '../api'
import { ReverifyCancelled, useReverifyRequest } from '../fresh-session'
import { Dialog } from '../../../core/ui/Dialog'

export const REVERIFY_NOTE = '为了您的账号安全，请先完成短信验证'
/** A member without a bound phone has no SMS to re-verify with: a new login makes the session fresh. */
export const RELOGIN_NOTE = '为了您的账号安全，请重新登录后再操作'

/**
 * The re-verification dialog withFreshSession asks for. Mount it once on every page that makes a
 * sensitive change; its 获取验证码 uses the page frame's SliderHost. Without a bound phone it
 * offers a new login instead, coming back to this page.
 */
export function ReverifyHost() {
  const request = useReverifyRequest((s) => s.request)
  const hasPhone = useSession((s) => Boolean(s.userinfo?.bindPhone))
  if (!request) return null
  const cancel = () => request.reject(new ReverifyCancelled())
  if (!hasPhone) return <ReloginDialog onCancel={cancel} />
  return <ReverifyDialog onVerified={request.resolve} onCancel={cancel} />
}

/** Ends this session and opens /login?redirect=<this page>; the change is made again from there. */
export function loginAgain(): void {
  const here = currentDestination()
  authApi.logout().catch(() => undefined)
  useSession.getState().clear()
  relaunch(withQuery(LOGIN_PATH, { redirect: withQuery(here.path, here.query) }))
}

function ReloginDialog({ onCancel }: { onCancel(): void }) {
  return (
    <Dialog
      className='account-dialog'
      title='安全验证'
      confirmText='重新登录'
      onConfirm={loginAgain}
      onClose={onCancel}
    >
      <Text className='account-dialog__note'>{RELOGIN_NOTE}。</Text>
    </Dialog>
  )
}

function ReverifyDialog({ onVerified, onCancel }: { onVerified(): void; onCancel(): void }) {
  const phone = useSession((s) => s.userinfo?.bindPhone ?? '')
  const [code, setCode] = useState('')
  const verify = useSubmit({ fallback: '验证失败，请重试' })

  const submit = () => {
    const invalid = smsCodeError(code)
    if (invalid) return verify.setFailure(invalid)
    void verify.run(async () => {
      await accountApi.confirmReverify(code.trim())
      onVerified()
    })
  }

  return (
    <Dialog
      className='account-dialog'
      title='安全验证'
      failure={verify.failure}
      busy={verify.busy}
      onConfirm={submit}
      onClose={onCancel}
    >
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
            verify.reset()
          }}
        />
        <SmsCodeButton phone='' skipPhoneCheck send={(slider) => accountApi.sendReverifyCode(slider)} />
      </View>
    </Dialog>
  )
}
