// After the credentials, a login may need one more step (doc2 §4 Login: login, verify,
// bind-phone and QR-follow states). The session is stored only when every step is done.
import { useState } from 'react'
import { errorMessage } from '../../../core/http/api-error'
import type { LoginResult } from '../../../core/session/store'
import { revokeToken } from '../../../core/session/end-session'
import { toast } from '../../../core/ui/toast'
import { authApi, type MiniLoginAnswer, type WechatLoginResult } from '../api'
import { completeLogin } from '../complete-login'

export type LoginStep =
  | { kind: 'form' }
  | { kind: 'verify'; result: LoginResult; maskedPhone: string }
  | { kind: 'bindPhone'; pendingToken?: string; bind(phone: string, code: string): Promise<void> }
  | { kind: 'follow'; result: LoginResult; source: string }

export function useLoginFlow() {
  const [step, setStep] = useState<LoginStep>({ kind: 'form' })

  const finish = (result: LoginResult, source: string, isNewMember = false, message?: string) =>
    isNewMember ? setStep({ kind: 'follow', result, source }) : completeLogin(result, source, message)

  const afterPasswordLogin = async (result: LoginResult) => {
    try {
      const status = await authApi.loginStatus(result.token)
      if (status.verified) finish(result, 'password')
      else setStep({ kind: 'verify', result, maskedPhone: status.phone })
    } catch (error) {
      toast.error(errorMessage(error, '登录失败，请重试'))
    }
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
    const token =
      step.kind === 'verify' ? step.result.token : step.kind === 'bindPhone' ? step.pendingToken : undefined
    if (token) void revokeToken(token)
    if (step.kind === 'follow') return completeLogin(step.result, step.source)
    setStep({ kind: 'form' })
  }

  return { step, finish, afterPasswordLogin, afterWechatLogin, afterMiniLogin, cancel }
}
