// Demo orders, invoices and contracts.
import type { DemoIds, Tx } from './seed-support'

export async function seedOrders(_tx: Tx, _ids: DemoIds): Promise<void> {}
