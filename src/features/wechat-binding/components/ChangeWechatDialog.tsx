import { Text, View } from '@tarojs/components'
import { useCallback } from 'react'
import { wechatLoginCode, wechatProof } from '../../../core/platform/wechat-binding'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { PageLoading } from '../../../core/ui/PageLoading'
import { wechatBindingApi, type WechatProof } from '../api'
import { failureOf } from '../failure'
import { usePolling } from '../hooks/usePolling'
import { useWechatScene } from '../hooks/useWechatScene'
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
import { runSensitive } from '../sensitive'
import { qrNotice, WechatQrArea } from './WechatQrArea'

/** 更换微信 (account-area §4): 1 QR shown, 2 success, 3 already bound, 4 failed with 重试. */
export function ChangeWechatDialog({ onClose }: { onClose(changed: boolean): void }) {
  const {
    scene,
    state,
    setState,
    refresh: start,
    isShown,
  } = useWechatScene<ChangeState>(
    wechatBindingApi.changeScene,
    { loading: { status: 'loading' }, failed: { status: 'qrFailed' }, shown: changeSceneShown },
    () => onClose(false),
  )

  const save = useCallback(
    async (proof: WechatProof) => {
      setState({ status: 'saving' })
      const failure = await runSensitive(() => wechatBindingApi.update(currentOwner(), proof)).then(
        () => null,
        failureOf,
      )
      setState(changeResult(failure))
    },
    [setState],
  )

  // getBindInfoByCode every 1.5 s; once approved, updateWechat with the approved openid.
  usePolling(state.status === 'qr' && scene !== null, CHANGE_POLL_MS, async () => {
    if (!scene) return
    const answer = await wechatBindingApi.pollChange(scene).then(
      (poll) => poll,
      (error) => ({ kind: 'failure' as const, ...failureOf(error) }),
    )
    if (!isShown(scene.code)) return
    const outcome: ChangePollOutcome = 'kind' in answer ? answer : { kind: 'answer', status: answer.status }
    setState((current) => expireChangeState(nextChangeState(current, outcome), Date.now()))
    if (!('kind' in answer) && answer.status === 'confirmed') {
      await save({ wxOpenId: answer.wxOpenId, scene })
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
  // Step 3 (already bound) shows its own message, not the QR area.
  const notice = qrNotice(state.status, start)

  return (
    <Dialog
      title='更换微信'
      className='wechat-dialog'
      bodyClassName='wechat-dialog__body'
      data={{ step: step ?? state.status }}
      onClose={() => onClose(changed)}
    >
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
    </Dialog>
  )
}
