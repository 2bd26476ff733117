// Loads the order to pay (doc2 §2 Payment page): retried after 1 s while the order service says
// 10010 (not ready); 508 shows "order does not exist" for 3 s and goes back (doc2 §8).
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { ApiError, errorMessage } from '../../../core/http/api-error'
import { redirectTo } from '../../../core/routing/navigate'
import { paymentApi, type OrderInfo } from '../api'
import { MISSING_ORDER_MS, orderInfoStep } from '../rules'

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

  useEffect(() => {
    if (!orderCode) return
    let alive = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = async () => {
      const answer = await paymentApi.orderInfo(orderCode).then(
        (info) => ({ ok: true as const, info }),
        (error) => ({
          ok: false as const,
          code: error instanceof ApiError ? error.code : 0,
          message: errorMessage(error, '加载失败'),
        }),
      )
      if (!alive) return
      const step = orderInfoStep(answer)
      if (step.kind === 'retry') timer = setTimeout(load, step.afterMs)
      else if (step.kind === 'ready') setState({ status: 'ready', info: step.info })
      else if (step.kind === 'error') setState({ status: 'error', message: step.message })
      else {
        setState({ status: 'missing' })
        timer = setTimeout(goBack, MISSING_ORDER_MS)
      }
    }
    load()
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [orderCode, attempt])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, reload }
}
