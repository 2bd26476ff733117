import { Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'
import { wechatLoginMode } from '../../../core/platform/wechat'
import { authApi } from '../api'
import { useLoginFlow } from '../hooks/useLoginFlow'
import { useOauthReturn } from '../hooks/useOauthReturn'
import {
  LOGIN_TAB_LABELS,
  loginTabs,
  REGISTER_TAB_LABELS,
  registerTabs,
  type LoginTab,
  type RegisterTab,
} from '../rules'
import {
  BindPhoneDialog,
  FollowOfficialAccountDialog,
  ForgotPasswordDialog,
  PasswordLoginForm,
  QrLoginPanel,
  RegisterPhoneForm,
  SecondFactorDialog,
  SecondFactorEnrolDialog,
  SecurityVerifyDialog,
} from './deferred'
import { SmsLoginForm } from './SmsLoginForm'
import { WechatLoginButton } from './WechatLoginButton'
import './login-panel.scss'

function Tabs<T extends string>({
  tabs,
  labels,
  active,
  onChange,
}: {
  tabs: T[]
  labels: Record<T, string>
  active: T
  onChange(tab: T): void
}) {
  return (
    <View className='login-panel__tabs' role='tablist'>
      {tabs.map((tab) => (
        <View
          key={tab}
          role='tab'
          aria-selected={tab === active}
          className={`login-panel__tab ${tab === active ? 'login-panel__tab--active' : ''}`}
          onClick={() => onChange(tab)}
        >
          {labels[tab]}
        </View>
      ))}
    </View>
  )
}

/** Every way to log in and register (doc2 §2 Login), as this end offers them. */
export function LoginPanel() {
  const mode = useMemo(wechatLoginMode, [])
  const flow = useLoginFlow()
  const [area, setArea] = useState<'login' | 'register'>('login')
  const [loginTab, setLoginTab] = useState<LoginTab>(loginTabs(mode)[0])
  const [registerTab, setRegisterTab] = useState<RegisterTab>(registerTabs(mode)[0])
  const [forgotOpen, setForgotOpen] = useState(false)
  // Mounted from its first opening on (its code is fetched then), and kept: what was typed stays.
  const [forgotUsed, setForgotUsed] = useState(false)
  const openForgot = () => {
    setForgotUsed(true)
    setForgotOpen(true)
  }

  // Back from the WeChat browser's OAuth page with a one-time code.
  const switchQuestion = useOauthReturn((result) => flow.afterWechatLogin(result))

  const { step } = flow
  return (
    <View className='login-panel card'>
      {area === 'login' ? (
        <>
          <Tabs tabs={loginTabs(mode)} labels={LOGIN_TAB_LABELS} active={loginTab} onChange={setLoginTab} />
          {loginTab === 'qr' && (
            <QrLoginPanel purpose='login' onConfirmed={(r) => flow.afterWechatLogin(r)} />
          )}
          {loginTab === 'sms' && <SmsLoginForm onLoggedIn={flow.afterSmsLogin} />}
          {loginTab === 'password' && <PasswordLoginForm onLoggedIn={flow.afterPasswordLogin} />}
          <WechatLoginButton mode={mode} onMiniAnswer={flow.afterMiniLogin} />
          <View className='login-panel__links'>
            <Text className='login-form__link' onClick={openForgot}>
              忘记密码
            </Text>
            <Text className='login-form__link' onClick={() => setArea('register')}>
              没有账号？立即注册
            </Text>
          </View>
        </>
      ) : (
        <>
          <Tabs
            tabs={registerTabs(mode)}
            labels={REGISTER_TAB_LABELS}
            active={registerTab}
            onChange={setRegisterTab}
          />
          {registerTab === 'wechat' && (
            <QrLoginPanel purpose='register' onConfirmed={(r) => flow.afterWechatLogin(r)} />
          )}
          {registerTab === 'phone' && (
            <RegisterPhoneForm onRegistered={(r) => flow.finish(r, 'register', false, '注册成功')} />
          )}
          <View className='login-panel__links'>
            <Text className='login-form__link' onClick={() => setArea('login')}>
              已有账号？立即登录
            </Text>
          </View>
        </>
      )}
      {forgotUsed && <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />}
      {step.kind === 'verify' && (
        <SecurityVerifyDialog
          token={step.result.token}
          maskedPhone={step.maskedPhone}
          onVerified={flow.afterSecurityVerification}
          onCancel={flow.cancel}
        />
      )}
      {step.kind === 'secondFactor' && (
        <SecondFactorDialog
          token={step.result.token}
          onVerified={() => flow.finish(step.result, step.source)}
          onCancel={flow.cancel}
        />
      )}
      {step.kind === 'enrolSecondFactor' && (
        <SecondFactorEnrolDialog
          enrolment={step.enrolment}
          note='主账号要求开启二次验证，完成绑定后即可登录。'
          confirm={(code) => authApi.confirmSecondFactor(step.result.token, code)}
          onDone={() => flow.finish(step.result, step.source)}
          onCancel={flow.cancel}
        />
      )}
      {step.kind === 'bindPhone' && <BindPhoneDialog bind={step.bind} onCancel={flow.cancel} />}
      {step.kind === 'follow' && <FollowOfficialAccountDialog onDone={flow.cancel} />}
      {switchQuestion}
    </View>
  )
}
