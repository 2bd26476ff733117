// TODO(notifications helper): the one way the console tells members anything that is not a code or
// a verification link: resolves the account's preferences (消息接收管理) into inbox notices, SMS and
// mail, written in the caller's transaction.
import type { AppContext } from '../../context'
import type { Database } from '../../db/client'
import type { Outbox } from '../outbox/outbox'

export type Tx = Pick<Database, 'insert' | 'select' | 'update' | 'execute'>

export function createNotifier(_ctx: AppContext, _deps: { outbox: Outbox }) {
  return {}
}

export type Notifier = ReturnType<typeof createNotifier>
