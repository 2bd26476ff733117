// Response schemas shared by the routes that start a session (logins, the account switch, the
// second factor): their answer is the same LoginResult.
import { ROLE, type LoginResult } from '../../src/core/contract/account'
import type { PendingCancellation } from '../../src/core/contract/cancellation'
import { int, oneOfValues, responseOf, shape, text } from './responses'

export const pendingCancellation = responseOf<PendingCancellation>()(
  shape({ requestedAt: text, dueAt: text }),
)

/** A new session; `cancellation` only while the account is 注销中. */
export const loginResult = responseOf<LoginResult>()(
  shape(
    {
      token: text,
      accountId: int,
      subAccountId: int,
      role: oneOfValues(Object.values(ROLE)),
      cancellation: pendingCancellation,
    },
    ['cancellation'],
  ),
)
