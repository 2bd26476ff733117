import { useCallback, useEffect, useState } from 'react'
import type { WechatReverifyTicket } from '../../../core/contract/fresh-session'
import { errorMessage } from '../../../core/http/api-error'
import { miniProgramLoginCode } from '../../../core/platform/wechat'
import { usePoll } from '../../../core/ui/usePoll'
import { operationProtectionApi } from '../operation-protection-api'
import {
  endOfPoll,
  WECHAT_REVERIFY_POLL_MS,
  WECHAT_REVERIFY_TEXT,
  type WechatReverifyEnd,
} from '../wechat-reverify-rules'

export type WechatReverifyPhase =
  | { kind: 'starting' }
  | { kind: 'waiting'; ticket: WechatReverifyTicket }
  | { kind: 'ended'; end: WechatReverifyEnd; failure: string }

/**
 * One WeChat confirmation of the refused `action`. Shown as a QR (`showQr`): a request at once,
 * polled until the phone confirms (then `onVerified`), cancels or the QR expires; `restart` asks
 * for a new one. In the mini-program (`confirmHere`): the request is made and confirmed by this
 * WeChat's own wx.login code on 确认.
 */
export function useWechatReverify(action: string | undefined, onVerified: () => void, showQr: boolean) {
  const [phase, setPhase] = useState<WechatReverifyPhase>({ kind: 'starting' })

  const restart = useCallback(async () => {
    setPhase({ kind: 'starting' })
    try {
      setPhase({ kind: 'waiting', ticket: await operationProtectionApi.startWechat(action) })
    } catch (failure) {
      setPhase({
        kind: 'ended',
        end: 'failed',
        failure: errorMessage(failure, WECHAT_REVERIFY_TEXT.startFailed),
      })
    }
  }, [action])

  useEffect(() => {
    if (showQr) void restart()
  }, [showQr, restart])

  const ticket = phase.kind === 'waiting' ? phase.ticket : null
  usePoll(
    async () => {
      if (!ticket) return
      const { status } = await operationProtectionApi.pollWechat(ticket.code)
      if (status === 'confirmed') return onVerified()
      const end = endOfPoll(status)
      if (end) setPhase({ kind: 'ended', end, failure: '' })
    },
    WECHAT_REVERIFY_POLL_MS,
    { active: showQr && ticket !== null },
  )

  /** The mini-program's 确认: a request of this session, confirmed by this WeChat, taken at once. */
  const confirmHere = async () => {
    const { code } = await operationProtectionApi.startWechat(action)
    const jsCode = await miniProgramLoginCode()
    await operationProtectionApi.answerWechat({ code, jsCode, answer: 'confirm' })
    const { status } = await operationProtectionApi.pollWechat(code)
    if (status !== 'confirmed') throw new Error(WECHAT_REVERIFY_TEXT.confirmFailed)
    onVerified()
  }

  return { phase, restart, confirmHere }
}
