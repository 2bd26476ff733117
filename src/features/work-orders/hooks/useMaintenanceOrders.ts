import type { MaintenanceOrder, ServiceProjectItem } from '../../../core/contract/work-orders'
import { useResource } from '../../../core/ui/useResource'
import { workOrderApi } from '../api'
import { listOf, maintenanceDomains } from '../rules'

export interface MaintenanceChoices {
  /** The account's 代维管家 orders (none while loading or after a failure). */
  orders: MaintenanceOrder[]
  /** Their sites, each once. */
  domains: string[]
  /** The order chosen in the form, when it is one of them. */
  chosen: MaintenanceOrder | undefined
  /** The chosen order's service items (none until one is chosen). */
  items: ServiceProjectItem[]
}

/**
 * The 代维管家 part of step 2 (doc2 §3, §5): the maintenance orders to choose from, and the service
 * items of the one chosen. Nothing is asked for another category.
 */
export function useMaintenanceOrders(
  isMaintenance: boolean,
  chosenCode: string | undefined,
): MaintenanceChoices {
  const orders = useResource(
    () => (isMaintenance ? workOrderApi.maintenanceOrders().then(listOf, () => []) : Promise.resolve([])),
    [isMaintenance],
  )
  const list = orders.data ?? []
  const chosen = list.find((m) => m.orderCode === chosenCode)
  const items = useResource(
    () =>
      chosen
        ? workOrderApi.serviceProjects(chosen.orderCode, chosen.productVersion).then(listOf, () => [])
        : Promise.resolve([]),
    [chosen?.orderCode],
  )
  return { orders: list, domains: maintenanceDomains(list), chosen, items: items.data ?? [] }
}
