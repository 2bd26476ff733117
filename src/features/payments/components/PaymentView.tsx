import { Text, View } from '@tarojs/components'
import { useCallback, useEffect, useState } from 'react'
import { FROM_PROVIDER_PARAM } from '../../../core/contract/checkout'
import type { PaymentProvider } from '../../../core/contract/payments'
import { redirectTo } from '../../../core/routing/navigate'
import { withQuery, type Query } from '../../../core/routing/url'
import { yuan } from '../../../core/format/money'
import { Button } from '../../../core/ui/Button'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { PageLoading } from '../../../core/ui/PageLoading'
import { useOrderInfo } from '../hooks/useOrderInfo'
import { usePaidWatch } from '../hooks/usePaidWatch'
import { needsOtherBrowser, offeredProviders, pay } from '../pay'
import {
  canPay,
  OPEN_IN_BROWSER_TEXT,
  ORDER_STATUS,
  originalAmountShown,
  parseSource,
  PAY_MESSAGES,
  PAY_TYPE,
  PROVIDER_OPTIONS,
  type PayType,
} from '../rules'
import { OfflineGuidance } from './OfflineGuidance'
import { OrderLines } from './OrderLines'
import { PayQrDialog } from './PayQrDialog'
import '../../../styles/purchase.scss'
import './payment.scss'

const PAY_TYPE_OPTIONS = [
  { value: PAY_TYPE.online, label: '在线支付' },
  { value: PAY_TYPE.offline, label: '线下转账' },
] as const
// Only what this platform can pay with (the mini-program: WeChat Pay), decided by the pay adapter.
const PROVIDERS = PROVIDER_OPTIONS.filter(({ id }) => offeredProviders().includes(id)).map(
  ({ id, label }) => ({ value: id, label }),
)

/** /orderByPlay?orderCode=&source= (doc2 §2 Payment page). Works from orderCode alone. */
export function PaymentView({ query }: { query: Query }) {
  const orderCode = (query.orderCode ?? '').trim()
  if (!orderCode) {
    return (
      <View className='pay card list-status list-status--error' role='alert'>
        {PAY_MESSAGES.badParams}
      </View>
    )
  }
  return <PaymentForm orderCode={orderCode} query={query} />
}

function PaymentForm({ orderCode, query }: { orderCode: string; query: Query }) {
  const { state, reload } = useOrderInfo(orderCode)
  const info = state.status === 'ready' ? state.info : null
  const [payType, setPayType] = useState<PayType>(PAY_TYPE.online)
  const [provider, setProvider] = useState<PaymentProvider>(PROVIDERS[0].value)
  const [starting, setStarting] = useState(false)
  const [qrUrl, setQrUrl] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)

  const toSuccess = useCallback(() => redirectTo(withQuery('/payforsuccess', { orderCode })), [orderCode])
  // An order already paid (e.g. back from the provider's page) goes straight to the result.
  useEffect(() => {
    if (info?.status === ORDER_STATUS.paid) toSuccess()
  }, [info?.status, toSuccess])
  // Back from the provider's page, its notification may not have come yet: watch as the QR dialog does.
  usePaidWatch(orderCode, confirming || query[FROM_PROVIDER_PARAM] === '1', toSuccess)

  const lines = info?.lines ?? parseSource(query.source)
  const otherBrowser = payType === PAY_TYPE.online && needsOtherBrowser(provider)
  const payable =
    canPay({ amount: info?.totalAmount ?? null, status: info?.status ?? null, payType }) && !otherBrowser
  const original = info ? originalAmountShown(info) : null
  const providerLabel = PROVIDER_OPTIONS.find((p) => p.id === provider)!.label

  const startPaying = async () => {
    setStarting(true)
    try {
      const outcome = await pay({ orderCode, provider, subject: lines[0]?.ProductName ?? '会员中心订单' })
      if (outcome.kind === 'redirected') return // leaving for the provider's page
      if (outcome.kind === 'qr') setQrUrl(outcome.url)
      else if (outcome.kind === 'confirming') setConfirming(true)
      else if (outcome.kind === 'failed') redirectTo(withQuery('/failure', { ...query, orderCode }))
    } catch {
      // The refusal (e.g. the order expired meanwhile) was shown as a toast; show the order as it is now.
      reload()
    }
    setStarting(false)
  }

  return (
    <View className='pay card'>
      <View className='pay__title' role='heading' aria-level={1}>
        支付订单
      </View>
      <View className='pay__code'>订单号：{orderCode}</View>

      {state.status === 'missing' && (
        <View className='list-status list-status--error' role='alert'>
          {PAY_MESSAGES.missing}
        </View>
      )}
      {state.status === 'error' && (
        <View className='list-status list-status--error' role='alert'>
          <Text>{state.message}</Text>
          <Button size='small' onClick={reload}>
            重试
          </Button>
        </View>
      )}
      {info?.status === ORDER_STATUS.voided && (
        <View className='list-status list-status--error' role='alert'>
          <Text>{PAY_MESSAGES.expired}</Text>
          <Button size='small' onClick={() => redirectTo('/index')}>
            返回产品管理
          </Button>
        </View>
      )}

      {lines.length > 0 && <OrderLines lines={lines} />}

      <View className='pay__total'>
        <Text>应付金额：</Text>
        {info ? (
          <>
            <Text className='pay__amount' aria-label='应付金额'>
              {yuan(info.totalAmount)}
            </Text>
            {original !== null && (
              <Text className='pay-page__original' aria-label='原价'>
                原价 {yuan(original)}
              </Text>
            )}
          </>
        ) : (
          state.status === 'loading' && <PageLoading text='订单信息加载中...' />
        )}
      </View>

      <View className='pay__section-title'>支付方式</View>
      <ChoiceGroup<PayType>
        variant='page'
        label='支付方式'
        options={PAY_TYPE_OPTIONS}
        value={payType}
        onChange={setPayType}
      />
      {payType === PAY_TYPE.online ? (
        <ChoiceGroup<PaymentProvider>
          variant='page'
          label='支付渠道'
          options={PROVIDERS}
          value={provider}
          onChange={setProvider}
        />
      ) : (
        <OfflineGuidance orderCode={orderCode} />
      )}
      {otherBrowser && (
        <View className='pay-page__browser' role='note' aria-label='支付宝支付说明'>
          {OPEN_IN_BROWSER_TEXT}
        </View>
      )}

      {confirming && (
        <View className='pay-page__confirming' role='status'>
          正在确认支付结果...
        </View>
      )}
      <View className='pay__actions'>
        <Button type='primary' disabled={!payable || confirming} loading={starting} onClick={startPaying}>
          立即支付
        </Button>
      </View>

      {qrUrl && info && (
        <PayQrDialog
          orderCode={orderCode}
          url={qrUrl}
          providerLabel={providerLabel}
          amount={yuan(info.totalAmount)}
          onPaid={toSuccess}
          onExpired={() => {
            setQrUrl(null)
            reload()
          }}
          onClose={() => setQrUrl(null)}
        />
      )}
    </View>
  )
}
