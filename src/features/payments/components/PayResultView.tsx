import { View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import { redirectTo } from '../../../core/routing/navigate'
import type { Query } from '../../../core/routing/url'
import { Button } from '../../../core/ui/Button'
import { useCountdown } from '../../../core/ui/countdown'
import { PAY_MESSAGES, RESULT_REDIRECT_SECONDS, resultLinks, type PayResult } from '../rules'
import './payment.scss'

/**
 * doc2 §2 Payment success / failure. Success: the product opens in about 1-2 minutes; a seconds
 * countdown, then product management with the opening progress (/index?orderCode=). Failure:
 * re-pay (the payment page with the same query) or cancel (the order list).
 */
export function PayResultView({ result, query }: { result: PayResult; query: Query }) {
  return result === 'success' ? <PaySucceeded orderCode={query.orderCode} /> : <PayFailed query={query} />
}

function PaySucceeded({ orderCode }: { orderCode?: string }) {
  const { secondsLeft, running, start } = useCountdown()
  const home = resultLinks(orderCode).home
  useEffect(() => start(RESULT_REDIRECT_SECONDS), [start])
  // Leaves when the countdown that started here runs out (not on the first render, before it starts).
  const begun = useRef(false)
  useEffect(() => {
    if (running) begun.current = true
    else if (begun.current) redirectTo(home)
  }, [running, home])
  return (
    <View className='pay-result card' role='status' aria-label='支付结果'>
      <View className='pay-result__icon pay-result__icon--ok'>✓</View>
      <View className='pay-result__title'>支付成功</View>
      <View className='pay-result__text'>商品预计1-2分钟内开通，请耐心等待。</View>
      {orderCode && <View className='pay-result__text'>订单号：{orderCode}</View>}
      <View className='pay-result__text' role='timer'>
        {secondsLeft}秒后自动跳转到产品管理
      </View>
      <View className='pay-result__actions'>
        <Button type='primary' onClick={() => redirectTo(home)}>
          立即前往
        </Button>
      </View>
    </View>
  )
}

function PayFailed({ query }: { query: Query }) {
  const { result: _result, ...rest } = query
  const links = resultLinks(query.orderCode, rest)
  return (
    <View className='pay-result card' role='alert' aria-label='支付结果'>
      <View className='pay-result__icon pay-result__icon--failed'>!</View>
      <View className='pay-result__title'>{PAY_MESSAGES.failed}</View>
      <View className='pay-result__text'>订单尚未支付成功，您可以重新支付，或取消订单。</View>
      <View className='pay-result__actions'>
        <Button onClick={() => redirectTo(links.orderList)}>取消订单</Button>
        <Button type='primary' onClick={() => redirectTo(links.retry)}>
          重新支付
        </Button>
      </View>
    </View>
  )
}
