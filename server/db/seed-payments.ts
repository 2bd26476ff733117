// Demo payments.
import type { DemoIds, Tx } from './seed-support'

export async function seedPayments(_tx: Tx, _ids: DemoIds): Promise<void> {}
