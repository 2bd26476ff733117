// Demo account settings.
import type { DemoIds, Tx } from './seed-support'

export async function seedAccountArea(_tx: Tx, _ids: DemoIds): Promise<void> {}
