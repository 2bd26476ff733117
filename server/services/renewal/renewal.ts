// TODO(renewal helper): the renewal centre: the account's products by expiry, the renewal setting,
// and batch renewal orders.
import type { AppContext } from '../../context'
import type { OperateLog } from '../operate-log/operate-log'

export function createRenewalService(_ctx: AppContext, _deps: { operateLog: OperateLog }) {
  return {}
}

export type RenewalService = ReturnType<typeof createRenewalService>
