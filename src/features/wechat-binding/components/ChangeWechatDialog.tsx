import { Text, View } from '@tarojs/components'
import { useCallback, useEffect, useRef, useState } from 'react'
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { wechatLoginCode, wechatProof } from '../../../core/platform/wechat-binding'
import { Button } from '../../../core/ui/Button'
import { PageLoading } from '../../../core/ui/PageLoading'
import { wechatBindingApi, type BindScene, type WechatProof } from '../api'
import { failureOf } from '../failure'
import { usePolling } from '../hooks/usePolling'
import { currentOwner } from '../owner'
import {
  CHANGE_POLL_MS,
  changeResult,
  changeSceneShown,
  changeStep,
  expireChangeState,
  nextChangeState,
  WECHAT_TEXT,
  type ChangePollOutcome,
  type ChangeState,
} from '../rules'
import { isReverifyCancelled, runSensitive } from '../sensitive'
import { WechatQrArea } from './WechatQrArea'

/** 更换微信 (account-area §4): 1 QR shown, 2 success, 3 already bound, 4 failed with 重试. */
export function ChangeWechatDialog({ onClose }: { onClose(changed: boolean): void }) {
  const [scene, setScene] = useState<BindScene | null>(null)
  const [state, setState] = useState<ChangeState>({ status: 'loading' })

  const start = useCallback(() => {
    if (wechatProof === 'login') return setState(changeSceneShown(Infinity, 0))
    setState({ status: 'loading' })
    setScene(null)
    // The change is sensitive: a stale session re-verifies by SMS before the QR is shown.
    runSensitive(wechatBindingApi.changeScene)
      .then((next) => {
        setScene(next)
        setState(changeSceneShown(next.expiresIn, Date.now()))
      })
      .catch((error) => (isReverifyCancelled(error) ? onClose(false) : setState({ status: 'qrFailed' })))
  }, [onClose])
  useEffect(start, [start])
  // An answer about a QR no longer on screen (refreshed meanwhile) changes nothing.
  const shown = useRef<string | null>(null)
  shown.current = scene?.code ?? null

  const save = useCallback(async (proof: WechatProof) => {
    setState({ status: 'saving' })
    const failure = await runSensitive(() => wechatBindingApi.update(currentOwner(), proof)).then(
      () => null,
      failureOf,
    )
    setState(changeResult(failure))
  }, [])

  // getBindInfoByCode every 1.5 s; once approved, updateWechat with the approved openid.
  usePolling(state.status === 'qr' && scene !== null, CHANGE_POLL_MS, async () => {
    if (!scene) return
    const answer = await wechatBindingApi.pollChange(scene.code).then(
      (poll) => poll,
      (error) => ({ kind: 'failure' as const, ...failureOf(error) }),
    )
    if (shown.current !== scene.code) return
    const outcome: ChangePollOutcome = 'kind' in answer ? answer : { kind: 'answer', status: answer.status }
    setState((current) => expireChangeState(nextChangeState(current, outcome), Date.now()))
    if (!('kind' in answer) && answer.status === 'confirmed') {
      await save({ wxOpenId: answer.wxOpenId, code: scene.code })
    }
  })

  const useThisWechat = async () => {
    try {
      await save({ jsCode: await wechatLoginCode() })
    } catch {
      setState({ status: 'failed' })
    }
  }

  const step = changeStep(state)
  const changed = state.status === 'success'
  const notice =
    state.status === 'qrFailed'
      ? { message: WECHAT_TEXT.qrFailed, action: '重新获取', onAction: start }
      : state.status === 'expired'
        ? { message: WECHAT_TEXT.expired, action: '刷新二维码', onAction: start }
        : null

  return (
    <AtModal isOpened onClose={() => onClose(changed)} className='wechat-dialog'>
      <AtModalHeader>更换微信</AtModalHeader>
      <AtModalContent>
        <View className='wechat-dialog__body' aria-label='更换微信' data-step={step ?? state.status}>
          {step === 2 && (
            <View className='wechat-dialog__result' role='status'>
              <Text className='wechat-dialog__title'>{WECHAT_TEXT.changed}</Text>
              <Text className='wechat-dialog__note'>{WECHAT_TEXT.changedNote}</Text>
            </View>
          )}
          {step === 3 && (
            <View className='wechat-dialog__result' role='alert'>
              <Text className='wechat-dialog__note'>{WECHAT_TEXT.taken}</Text>
            </View>
          )}
          {step === 4 && (
            <View className='wechat-dialog__result' role='alert'>
              <Text className='wechat-dialog__title'>{WECHAT_TEXT.changeFailed}</Text>
              <Text className='wechat-dialog__note'>{WECHAT_TEXT.retry}</Text>
            </View>
          )}
          {state.status === 'saving' && <PageLoading text='修改中...' />}
          {(step === 1 || step === null) && state.status !== 'saving' && wechatProof === 'scan' && (
            <WechatQrArea value={scene?.url ?? null} loading={state.status === 'loading'} notice={notice} />
          )}
          {state.status === 'qr' && (
            <Text className='wechat-dialog__hint'>
              {wechatProof === 'login'
                ? '将当前微信设为新的登录微信'
                : state.scanned
                  ? '扫码成功，请在微信中确认授权'
                  : '请使用新的微信扫描二维码完成授权'}
            </Text>
          )}
          {state.status === 'qr' && wechatProof === 'login' && (
            <Button type='primary' onClick={useThisWechat}>
              使用当前微信
            </Button>
          )}
          {step === 2 && (
            <Button type='primary' onClick={() => onClose(true)}>
              完成
            </Button>
          )}
          {(step === 3 || step === 4) && (
            <Button type='primary' onClick={start}>
              {step === 3 ? '重新扫码' : '重试'}
            </Button>
          )}
          {step !== 2 && <Button onClick={() => onClose(false)}>取消</Button>}
        </View>
      </AtModalContent>
    </AtModal>
  )
}
