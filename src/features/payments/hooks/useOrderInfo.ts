// Loads the order to pay (doc2 §2 Payment page): asked again every second while the order service
// says 10010 (not ready) and the page is visible (core/ui usePoll); 508 shows "order does not exist"
// for 3 s and goes back (doc2 §8).
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError, errorMessage } from '../../../core/http/api-error'
import { redirectTo } from '../../../core/routing/navigate'
import { usePoll } from '../../../core/ui/usePoll'
import { paymentApi, type OrderInfo } from '../api'
import { MISSING_ORDER_MS, ORDER_INFO_RETRY_MS, orderInfoStep } from '../rules'

export type OrderInfoState =
  | { status: 'loading' }
  | { status: 'ready'; info: OrderInfo }
  | { status: 'missing' }
  | { status: 'error'; message: string }

function goBack() {
  Taro.navigateBack().catch(() => redirectTo('/index'))
}

export function useOrderInfo(orderCode: string | undefined) {
  const [state, setState] = useState<OrderInfoState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [retrying, setRetrying] = useState(false)
  // Answers to an older order code, reload or an unmounted page are dropped.
  const generation = useRef(0)

  const load = useCallback(async () => {
    if (!orderCode) return
    const mine = generation.current
    const answer = await paymentApi.orderInfo(orderCode).then(
      (info) => ({ ok: true as const, info }),
      (error) => ({
        ok: false as const,
        code: error instanceof ApiError ? error.code : 0,
        message: errorMessage(error, '加载失败'),
      }),
    )
    if (mine !== generation.current) return
    const step = orderInfoStep(answer)
    setRetrying(step.kind === 'retry')
    if (step.kind === 'ready') setState({ status: 'ready', info: step.info })
    else if (step.kind === 'error') setState({ status: 'error', message: step.message })
    else if (step.kind !== 'retry') setState({ status: 'missing' })
  }, [orderCode])

  useEffect(() => {
    generation.current += 1
    setRetrying(false)
    void load()
    return () => void (generation.current += 1)
  }, [load, attempt])

  usePoll(load, ORDER_INFO_RETRY_MS, { active: retrying })

  useEffect(() => {
    if (state.status !== 'missing') return
    const timer = setTimeout(goBack, MISSING_ORDER_MS)
    return () => clearTimeout(timer)
  }, [state.status])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, reload }
}
