import type { ConsultableOrder, TemplateField } from '../../../core/contract/work-orders'
import { LabelledField } from '../../../core/ui/LabelledField'
import { PageLoading } from '../../../core/ui/PageLoading'
import { OrderPicker } from './OrderPicker'

interface ConsultedOrderFieldProps {
  field: TemplateField
  /** The orders offered; undefined while they load. */
  orders: ConsultableOrder[] | undefined
  value: string | undefined
  error?: string | null
  onChange(orderCode: string): void
}

/** 咨询订单 / 新购订单: one of the account's orders the question is about, or why there is none. */
export function ConsultedOrderField({ field, orders, value, error, onChange }: ConsultedOrderFieldProps) {
  const none = orders !== undefined && !orders.length
  return (
    <LabelledField
      label={field.fieldName}
      required={field.required}
      hint={none ? '暂无可咨询的订单' : undefined}
      error={error}
    >
      {orders === undefined ? (
        <PageLoading />
      ) : orders.length ? (
        <OrderPicker label={field.fieldName} orders={orders} value={value} onChange={onChange} />
      ) : null}
    </LabelledField>
  )
}
