import { Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'
import { REFUSAL_CODE } from '../../../core/contract/envelope'
import { ApiError, errorMessage } from '../../../core/http/api-error'
import { agreementPath, findAgreement, MEMBER_AGREEMENT } from '../../../core/agreements/agreements'
import { goBack, navigateTo, redirectTo } from '../../../core/routing/navigate'
import { withQuery, type Query } from '../../../core/routing/url'
import { useSession } from '../../../core/session/store'
import { yuan } from '../../../core/format/money'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { FieldError } from '../../../core/ui/FieldError'
import { MSG } from '../../../core/validation/messages'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { checkoutApi } from '../api'
import {
  CHECKOUT_MESSAGES,
  cycleLabel,
  defaultCycle,
  generateOrderBody,
  needsOwnership,
  ORDER_TYPE_LABEL,
  parseConfirmQuery,
  priceOf,
  type ConfirmOrderLine,
  type ConfirmQuery,
} from '../rules'
import '../../../styles/purchase.scss'

/** What the confirm page shows: the lines, or why this order cannot be placed (no retry). */
type Lines = { lines: ConfirmOrderLine[] } | { refused: string }

/** /order?SkuId=&OrderTypeId=&secondDomain=&orderCode= (doc2 §2 Confirm order). */
export function ConfirmOrderView({ query }: { query: Query }) {
  const parsed = useMemo(() => parseConfirmQuery(query), [query])
  if (!parsed.ok) {
    return (
      <View className='pay card'>
        <BackLink />
        <View className='list-status list-status--error' role='alert'>
          {parsed.message}
        </View>
      </View>
    )
  }
  return <ConfirmOrderForm order={parsed.value} />
}

/** Always there: a refused or failed order (e.g. 当前已是最高版本) must not leave only 重试. */
function BackLink() {
  return (
    <View className='confirm__back' role='link' onClick={() => goBack()}>
      ‹ 返回
    </View>
  )
}

async function loadLines(order: ConfirmQuery): Promise<Lines> {
  try {
    // doc2 §6: a renewal is offered only for a business of the current account (the server checks again).
    if (
      needsOwnership(order.orderTypeId) &&
      (await checkoutApi.checkBusinessBind(order.secondDomain)) !== 1
    ) {
      return { refused: CHECKOUT_MESSAGES.notOwner }
    }
    return { lines: await checkoutApi.confirmOrder(order) }
  } catch (error) {
    if (error instanceof ApiError && error.code === REFUSAL_CODE.forbidden)
      return { refused: errorMessage(error, '加载失败') }
    throw error
  }
}

function ConfirmOrderForm({ order }: { order: ConfirmQuery }) {
  const loaded = useResource(() => loadLines(order), [order], { fallback: '加载失败' })
  const lines = loaded.data && 'lines' in loaded.data ? loaded.data.lines : undefined
  const refused = loaded.data && 'refused' in loaded.data ? loaded.data.refused : ''
  const line = lines?.[0]
  const [cycle, setCycle] = useState<number | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [agreed, setAgreed] = useState(false)
  const [agreementError, setAgreementError] = useState('')
  const accountId = useSession((s) => s.id)
  const subAccountId = useSession((s) => s.subAccountId)
  const chosen = cycle ?? defaultCycle(line)
  const price = priceOf(line, chosen)

  // The product's own service agreement (doc2 §2 "Agreement pages … chosen by product name").
  const agreement = (line && findAgreement(line.ProductName)) || MEMBER_AGREEMENT
  const agree = (value: boolean) => {
    setAgreed(value)
    setAgreementError('')
  }

  const submit = async () => {
    if (chosen === null || !line) return
    if (!agreed) return setAgreementError(MSG.agreementRequired)
    setSubmitting(true)
    try {
      // The line's SKU: for an upgrade the edition the server offers, not the card's own.
      const lines = await checkoutApi.generateOrder(
        generateOrderBody({ ...order, skuId: line.SkuId }, chosen, { accountId, subAccountId }),
      )
      const orderCode = lines[0]?.OrderNo ?? ''
      redirectTo(withQuery('/orderByPlay', { source: JSON.stringify(lines), orderCode }))
    } catch {
      // The server's refusal is shown as a toast; the choice stays as it was.
      setSubmitting(false)
    }
  }

  return (
    <View className='pay card'>
      <BackLink />
      <View className='pay__title' role='heading' aria-level={1}>
        确认订单
      </View>
      <View className='pay__code'>
        {ORDER_TYPE_LABEL[order.orderTypeId]} · {order.secondDomain}
      </View>
      <ResourceStatus resource={loaded} />
      {refused && (
        <View className='list-status list-status--error' role='alert'>
          {refused}
        </View>
      )}
      {lines && !line && (
        <View className='list-status list-status--empty' role='status'>
          暂无数据，请重试。
        </View>
      )}
      {line && (
        <View className='confirm' aria-label='订单信息'>
          <View className='confirm__row'>
            <Text className='confirm__label'>产品名称</Text>
            <Text>{line.ProductName}</Text>
          </View>
          <View className='confirm__row'>
            <Text className='confirm__label'>产品规格</Text>
            <Text>{line.ProductTypeName}</Text>
          </View>
          <View className='confirm__row'>
            <Text className='confirm__label'>数量</Text>
            <Text>{line.Count}</Text>
          </View>
          <View className='pay__section-title'>购买时长</View>
          <ChoiceGroup<number>
            variant='page'
            label='购买时长'
            options={line.BuyCyclePriceList.map((p) => ({
              value: p.BuyCycle,
              label: cycleLabel(p.BuyCycle, line.PayMethod),
            }))}
            value={chosen ?? 0}
            onChange={setCycle}
          />
          <View className='pay__total'>
            <Text>应付金额：</Text>
            <Text className='pay__amount' aria-label='应付金额'>
              {price === null ? '--' : yuan(price)}
            </Text>
          </View>
          <View className='confirm__agreement'>
            <Checkbox checked={agreed} label={`我已阅读并同意《${agreement.title}》`} onChange={agree} />
            <Text onClick={() => agree(!agreed)}>我已阅读并同意</Text>
            <View
              className='confirm__agreement-link'
              role='link'
              onClick={() => navigateTo(agreementPath(agreement.name))}
            >
              《{agreement.title}》
            </View>
          </View>
          <FieldError message={agreementError} />
          <View className='pay__actions'>
            <Button type='primary' disabled={chosen === null} loading={submitting} onClick={submit}>
              提交订单
            </Button>
          </View>
        </View>
      )}
    </View>
  )
}
