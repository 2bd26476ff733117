import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { yuan } from '../../../core/format/money'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { invoiceApi } from '../api'
import { mergeableOrders, mergedAmount } from '../rules'
import { InvoiceDialog, type InvoiceOrder } from './InvoiceDialog'

/** The paid orders open to invoicing, each a checkbox (the same list on desktop and phones). */
function OrderPicker({ onPicked, onClose }: { onPicked(orders: InvoiceOrder[]): void; onClose(): void }) {
  const orders = useResource(async () => mergeableOrders((await invoiceApi.recentOrders()).data), [])
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set())
  const [error, setError] = useState('')
  const list = orders.data ?? []
  const picked = list.filter((o) => chosen.has(o.id))

  const toggle = (id: number, checked: boolean) => {
    setError('')
    const next = new Set(chosen)
    if (checked) next.add(id)
    else next.delete(id)
    setChosen(next)
  }

  return (
    <Dialog
      title='合并开票'
      confirmText='下一步'
      note={picked.length ? `已选 ${picked.length} 个订单，合计 ${yuan(mergedAmount(picked))}` : undefined}
      onConfirm={() => (picked.length ? onPicked(picked) : setError('请选择要开票的订单'))}
      onClose={onClose}
    >
      <ResourceStatus resource={orders} />
      {orders.status === 'ready' && !list.length && (
        <View className='list-status list-status--empty' role='status'>
          暂无可开票的订单
        </View>
      )}
      <View className='merged-orders' role='group' aria-label='可开票的订单'>
        {list.map((order) => (
          <View key={order.id} className='merged-orders__row'>
            <Checkbox
              label={`选择 ${order.orderCode}`}
              checked={chosen.has(order.id)}
              onChange={(checked) => toggle(order.id, checked)}
            />
            <Text className='merged-orders__code'>{order.orderCode}</Text>
            <Text className='merged-orders__product'>{order.productName}</Text>
            <Text className='merged-orders__amount'>{yuan(order.payAmount)}</Text>
          </View>
        ))}
      </View>
      <FieldError message={error} />
    </Dialog>
  )
}

/** 合并开票: pick several paid orders, then one invoice dialog for their summed amount. */
export function MergedInvoiceButton({ onApplied }: { onApplied(): void }) {
  const [step, setStep] = useState<'idle' | 'pick' | InvoiceOrder[]>('idle')
  return (
    <>
      <Button size='small' onClick={() => setStep('pick')}>
        合并开票
      </Button>
      {step === 'pick' && <OrderPicker onPicked={setStep} onClose={() => setStep('idle')} />}
      {Array.isArray(step) && (
        <InvoiceDialog
          order={step}
          onClose={() => setStep('idle')}
          onApplied={() => {
            setStep('idle')
            onApplied()
          }}
        />
      )}
    </>
  )
}
