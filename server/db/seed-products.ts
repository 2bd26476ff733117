// Demo products and sites on /index.
import type { DemoIds, Tx } from './seed-support'

export async function seedProducts(_tx: Tx, _ids: DemoIds): Promise<void> {}
