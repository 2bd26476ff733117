import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { wechatLoginCode, wechatProof } from '../../../core/platform/wechat-binding'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { toast } from '../../../core/ui/toast'
import { wechatBindingApi } from '../api'
import { failureOf } from '../failure'
import { currentUserId } from '../owner'
import { usePolling } from '../hooks/usePolling'
import { useWechatScene } from '../hooks/useWechatScene'
import { isReverifyCancelled, runSensitive } from '../sensitive'
import {
  BIND_DONE_SECONDS,
  BIND_POLL_MS,
  bindSceneShown,
  bindStep,
  expireBindState,
  isBindPolling,
  nextBindState,
  WECHAT_TEXT,
  type BindOutcome,
  type BindState,
} from '../rules'
import { qrNotice, WechatQrArea } from './WechatQrArea'

const HINTS = {
  scan: { 0: '请使用微信扫描二维码，关注公众号完成绑定', 1: '扫码成功，请在微信中确认授权' },
  login: { 0: '将当前微信绑定为登录微信', 1: '绑定中...' },
} as const

/**
 * 绑定微信 (account-area §4): 0 scan, 1 scanned and waiting for approval, 2 bound. A new way to
 * log in is a sensitive change: a stale session re-verifies (or logs in again) before the QR.
 */
export function BindWechatDialog({ onClose }: { onClose(bound: boolean): void }) {
  const { scene, state, setState, refresh, isShown } = useWechatScene<BindState>(
    wechatBindingApi.bindScene,
    { loading: { status: 'loading' }, failed: { status: 'qrFailed' }, shown: bindSceneShown },
    () => onClose(false),
  )

  // isUserBind every second while the QR is up; its own clock expires it without an answer.
  usePolling(isBindPolling(state) && scene !== null, BIND_POLL_MS, async () => {
    if (!scene) return
    const outcome = await wechatBindingApi.pollBind(currentUserId(), scene).then(
      (answer): BindOutcome => ({ kind: 'answer', ...answer }),
      (error): BindOutcome => ({ kind: 'failure', ...failureOf(error) }),
    )
    if (!isShown(scene.code)) return
    setState((current) => expireBindState(nextBindState(current, outcome), Date.now()))
  })

  // 2 bound: 完成 counts down and then closes the dialog by itself.
  const bound = state.status === 'bound'
  const [secondsLeft, setSecondsLeft] = useState(BIND_DONE_SECONDS)
  useEffect(() => {
    if (!bound) return
    if (secondsLeft === 0) return onClose(true)
    const timer = setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000)
    return () => clearTimeout(timer)
  }, [bound, secondsLeft, onClose])

  /** The mini-program binds the WeChat it runs in. */
  const bindThisWechat = async () => {
    setState({ status: 'scanned', expiresAt: Infinity })
    try {
      // A wx.login code is single use: the retry after a re-verification takes a new one.
      const answer = await runSensitive(async () => wechatBindingApi.bindByLogin(await wechatLoginCode()))
      setState((current) => nextBindState(current, { kind: 'answer', ...answer }))
    } catch (error) {
      setState(bindSceneShown(Infinity, 0))
      if (isReverifyCancelled(error)) return
      const failure = failureOf(error)
      toast.error(failure.code === -1 ? '绑定失败，请重试' : failure.message)
    }
  }

  const step = bindStep(state)
  const notice = qrNotice(state.status, refresh)

  return (
    <Dialog
      title='绑定微信'
      className='wechat-dialog'
      bodyClassName='wechat-dialog__body'
      data={{ step: step ?? state.status }}
      onClose={() => onClose(bound)}
    >
      {bound ? (
        <View className='wechat-dialog__result' role='status'>
          <Text className='wechat-dialog__title'>{WECHAT_TEXT.bound}</Text>
          <Text className='wechat-dialog__note'>您可以使用该微信扫码登录会员中心</Text>
        </View>
      ) : wechatProof === 'scan' ? (
        <WechatQrArea value={scene?.url ?? null} loading={state.status === 'loading'} notice={notice} />
      ) : (
        notice && <Text className='wechat-dialog__note'>{notice.message}</Text>
      )}
      {(step === 0 || step === 1) && <Text className='wechat-dialog__hint'>{HINTS[wechatProof][step]}</Text>}
      {bound ? (
        <Button type='primary' onClick={() => onClose(true)}>
          {`完成（${secondsLeft}s）`}
        </Button>
      ) : wechatProof === 'login' && step === 0 ? (
        <Button type='primary' onClick={bindThisWechat}>
          使用当前微信绑定
        </Button>
      ) : (
        <Button onClick={() => onClose(false)}>取消</Button>
      )}
    </Dialog>
  )
}
