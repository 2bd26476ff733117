// After the credentials, a login may need more steps (doc2 §4 Login: login, verify, bind-phone and
// QR-follow states; then 二次验证 for password and SMS logins). The session is stored only when every
// step is done.
import { useState } from 'react'
import type { SecondFactorEnrolment, SecondFactorStep } from '../../../core/contract/second-factor'
import { errorMessage } from '../../../core/http/api-error'
import type { LoginResult } from '../../../core/session/store'
import { revokeToken } from '../../../core/session/end-session'
import { toast } from '../../../core/ui/toast'
import { authApi, type MiniLoginAnswer, type WechatLoginResult } from '../api'
import { completeLogin } from '../complete-login'

/** The logins that can owe the SMS verification and 二次验证 (WeChat ones prove the bound WeChat). */
type CredentialSource = 'password' | 'sms'

export type LoginStep =
  | { kind: 'form' }
  | {
      kind: 'verify'
      result: LoginResult
      source: CredentialSource
      maskedPhone: string
      secondFactor: SecondFactorStep
    }
  | { kind: 'secondFactor'; result: LoginResult; source: CredentialSource }
  | {
      kind: 'enrolSecondFactor'
      result: LoginResult
      source: CredentialSource
      enrolment: SecondFactorEnrolment
    }
  | { kind: 'bindPhone'; pendingToken?: string; bind(phone: string, code: string): Promise<void> }
  | { kind: 'follow'; result: LoginResult; source: string }

export function useLoginFlow() {
  const [step, setStep] = useState<LoginStep>({ kind: 'form' })

  const finish = (result: LoginResult, source: string, isNewMember = false, message?: string) =>
    isNewMember ? setStep({ kind: 'follow', result, source }) : completeLogin(result, source, message)

  /** A step could not be shown: the login waiting for it ends, and the form says so. */
  const abandon = (result: LoginResult, error: unknown) => {
    void revokeToken(result.token)
    setStep({ kind: 'form' })
    toast.error(errorMessage(error, '登录失败，请重试'))
  }

  /** 二次验证 owed by a login that has passed the SMS verification (or needed none). */
  const askSecondFactor = async (result: LoginResult, source: CredentialSource, owed: SecondFactorStep) => {
    if (owed === 'verify') return setStep({ kind: 'secondFactor', result, source })
    if (owed !== 'enrol') return finish(result, source)
    try {
      // A sub-admin whose main account requires it binds an app before the login completes.
      const enrolment = await authApi.beginSecondFactor(result.token)
      setStep({ kind: 'enrolSecondFactor', result, source, enrolment })
    } catch (error) {
      abandon(result, error)
    }
  }

  /** Password and SMS logins: the SMS verification from a new address first, then 二次验证. */
  const afterCredentials = async (result: LoginResult, source: CredentialSource) => {
    try {
      const status = await authApi.loginStatus(result.token)
      if (!status.verified) {
        setStep({
          kind: 'verify',
          result,
          source,
          maskedPhone: status.phone,
          secondFactor: status.secondFactor,
        })
      } else await askSecondFactor(result, source, status.secondFactor)
    } catch (error) {
      toast.error(errorMessage(error, '登录失败，请重试'))
    }
  }

  const afterPasswordLogin = (result: LoginResult) => afterCredentials(result, 'password')
  const afterSmsLogin = (result: LoginResult) => afterCredentials(result, 'sms')

  /** The SMS verification went through: what it still owes, or the login completes. */
  const afterSecurityVerification = () => {
    if (step.kind === 'verify') void askSecondFactor(step.result, step.source, step.secondFactor)
  }

  const afterWechatLogin = (result: WechatLoginResult, source = 'wechat') => {
    if (!result.needBindPhone) return finish(result, source, result.isNewMember)
    setStep({
      kind: 'bindPhone',
      pendingToken: result.token,
      bind: async (phone: string, code: string) => {
        await authApi.bindPhone(result.token, phone, code)
        toast.success('绑定成功')
        finish(result, source, result.isNewMember)
      },
    })
  }

  const afterMiniLogin = (answer: MiniLoginAnswer) => {
    if (!('bindTicket' in answer)) return afterWechatLogin(answer, 'wechat')
    setStep({
      kind: 'bindPhone',
      bind: async (phone: string, code: string) => {
        const result = await authApi.miniBindPhone(answer.bindTicket, phone, code)
        toast.success('绑定成功')
        finish(result, 'wechat', result.isNewMember)
      },
    })
  }

  /** Abandoning a step ends the login that waited for it, on the server too. */
  const cancel = () => {
    if (step.kind === 'follow') return completeLogin(step.result, step.source)
    const token =
      step.kind === 'bindPhone' ? step.pendingToken : step.kind === 'form' ? undefined : step.result.token
    if (token) void revokeToken(token)
    setStep({ kind: 'form' })
  }

  return {
    step,
    finish,
    afterPasswordLogin,
    afterSmsLogin,
    afterSecurityVerification,
    afterWechatLogin,
    afterMiniLogin,
    cancel,
  }
}
