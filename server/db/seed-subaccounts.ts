// Demo sub-admins and their activation.
import type { DemoIds, Tx } from './seed-support'

export async function seedSubAccounts(_tx: Tx, _ids: DemoIds): Promise<void> {}
