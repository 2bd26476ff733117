import type { ConsultableOrder, FieldCode, TemplateField } from '../../../core/contract/work-orders'
import { useResource } from '../../../core/ui/useResource'
import { workOrderApi } from '../api'
import { listOf } from '../rules'

type OrderField = 'orderCode' | 'newOrderCode'

/** The orders one order field offers, loaded once the template asks for that field; a failure offers none. */
function useOrdersFor(code: OrderField, fields: readonly TemplateField[]) {
  const asked = fields.some((f) => f.fieldCode === code)
  const load = code === 'orderCode' ? workOrderApi.consultableOrders : workOrderApi.newConsultableOrders
  const orders = useResource(() => (asked ? load().then(listOf, () => []) : Promise.resolve([])), [asked])
  return orders.status === 'ready' ? orders.data : undefined
}

/** The orders of the template's order fields: undefined while they load. */
export function useConsultableOrders(
  fields: readonly TemplateField[],
): Partial<Record<FieldCode, ConsultableOrder[]>> {
  return {
    orderCode: useOrdersFor('orderCode', fields),
    newOrderCode: useOrdersFor('newOrderCode', fields),
  }
}
