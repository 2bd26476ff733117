import { Text, View } from '@tarojs/components'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError, errorMessage } from '../../../core/http/api-error'
import { QrCodeImage } from '../../../core/platform/wechat'
import { Button } from '../../../core/ui/Button'
import { PageLoading } from '../../../core/ui/PageLoading'
import { usePoll } from '../../../core/ui/usePoll'
import { authApi, type QrScene, type WechatLoginResult } from '../api'
import { qrAnswer, qrTick, QR_POLL_INTERVAL_MS, type QrPollOutcome, type QrState } from '../rules'

export const QR_SIZE = 180

interface QrLoginPanelProps {
  purpose: 'login' | 'register'
  onConfirmed(result: WechatLoginResult): void
}

/** WeChat QR scan login / registration on desktop: polled once per second, expires after 120 tries. */
export function QrLoginPanel({ purpose, onConfirmed }: QrLoginPanelProps) {
  const [scene, setScene] = useState<QrScene | null>(null)
  const [state, setState] = useState<QrState>({ status: 'loading' })
  const confirmed = useRef(onConfirmed)
  confirmed.current = onConfirmed

  const refresh = useCallback(() => {
    setState({ status: 'loading' })
    authApi
      .qrScene(purpose)
      .then((next) => {
        setScene(next)
        setState({ status: 'waiting', tries: 0 })
      })
      .catch((error) =>
        setState({
          status: 'refused',
          message: errorMessage(error, '二维码获取失败'),
        }),
      )
  }, [purpose])

  useEffect(refresh, [refresh])

  const polling = state.status === 'waiting' || state.status === 'scanned'
  const tries = polling ? state.tries : 0
  // Each second counts a try (120 at most) and asks once; answers arrive whenever they do. Paused
  // while the page is hidden (core/ui usePoll), at once when shown again.
  usePoll(() => setState(qrTick), QR_POLL_INTERVAL_MS, { active: polling && scene !== null })

  // An answer counts while its QR is still the one shown, however long it took.
  const shown = useRef<string | null>(null)
  shown.current = scene?.code ?? null
  useEffect(() => () => void (shown.current = null), [])

  useEffect(() => {
    if (!polling || !scene || tries === 0) return
    const code = scene.code
    pollOnce(scene).then(({ outcome, result }) => {
      if (shown.current !== code) return
      if (result) {
        setState({ status: 'confirmed' })
        confirmed.current(result)
      } else {
        setState((current) => qrAnswer(current, outcome))
      }
    })
  }, [polling, scene, tries])

  return (
    <View className='qr-login' aria-label={purpose === 'login' ? '扫码登录' : '微信注册'}>
      <View className='qr-login__code'>
        {state.status === 'loading' && <PageLoading />}
        {scene && state.status !== 'loading' && (
          <QrCodeImage value={scene.url} size={QR_SIZE} label='登录二维码' />
        )}
        {(state.status === 'expired' || state.status === 'refused') && (
          <View className='qr-login__overlay' role='alert'>
            <Text>{state.message}</Text>
            <Button size='small' type='primary' onClick={refresh}>
              刷新二维码
            </Button>
          </View>
        )}
      </View>
      <Text className='qr-login__hint'>
        {state.status === 'scanned'
          ? '扫码成功，请在微信中确认'
          : state.status === 'confirmed'
            ? '登录中...'
            : purpose === 'login'
              ? '请使用微信扫一扫登录'
              : '请使用微信扫一扫完成注册'}
      </Text>
    </View>
  )
}

async function pollOnce(scene: QrScene): Promise<{ outcome: QrPollOutcome; result?: WechatLoginResult }> {
  try {
    const answer = await authApi.pollQr(scene)
    const outcome: QrPollOutcome = { kind: 'answer', status: answer.status }
    return answer.status === 'confirmed' ? { outcome, result: answer } : { outcome }
  } catch (error) {
    const failure = error instanceof ApiError ? error : new ApiError(-1, String(error))
    return { outcome: { kind: 'failure', code: failure.code, message: failure.message } }
  }
}
