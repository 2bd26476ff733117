// What production's start checks before it runs without DATA_ENCRYPTION_KEY: nothing sealed with
// the key may be stored (second-factor secrets, group robot webhooks), or the server could read none
// of it. It refuses to start instead of running with data it cannot open.
import type { ServerConfig } from '../config'
import type { Database } from '../db/client'
import { storesSealedKeys } from './account/second-factor'
import { storesSealedRobots } from './notifications/robots'

export async function assertSealedDataReadable(
  config: Pick<ServerConfig, 'production' | 'dataEncryptionKey'>,
  db: Database,
): Promise<void> {
  if (!config.production || config.dataEncryptionKey) return
  if (await storesSealedKeys(db))
    throw new Error('DATA_ENCRYPTION_KEY is required: members have second-factor keys sealed with it')
  if (await storesSealedRobots(db))
    throw new Error('DATA_ENCRYPTION_KEY is required: group robot webhooks are sealed with it')
}
