// Personal info, the account switch list and the switch (account-area §7 "Account"; doc2 §7).
import type { SwitchAccountRequest } from '../../src/core/contract/account'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { integer, object, requestOf, rowId, rowIdOrZero, shortText, type TypedApp } from './schemas'

const personalInfoQuery = object({ userId: shortText(64), accountId: shortText(32) }, ['userId', 'accountId'])
const switchBody = requestOf<SwitchAccountRequest>()(
  object({ accountId: rowId, subAccountId: rowIdOrZero, role: integer, sign: shortText(64) }, [
    'accountId',
    'subAccountId',
    'role',
    'sign',
  ]),
)

export function accountRoutes(app: TypedApp, { accounts }: Services, { requireViewer }: Guards) {
  // getInfo (account-area §7) is the same question as getPersonalInfo: the viewer's own profile.
  for (const url of ['/api/pc/getPersonalInfo', '/api/pc/getInfo']) {
    app.get(url, { preHandler: requireViewer }, async (req) => ok(await accounts.personalInfo(req.viewer)))
  }

  app.get(
    '/api/user/getPrersonalInfo',
    { schema: { querystring: personalInfoQuery }, preHandler: requireViewer },
    async (req) => ok(await accounts.personalInfoOf(req.viewer, req.query.userId, req.query.accountId)),
  )

  app.get('/api/app/account/getAccountList', { preHandler: requireViewer }, async (req) =>
    ok(await accounts.accountList(req.viewer)),
  )

  app.post(
    '/api/app/account/switchAccount',
    { schema: { body: switchBody }, preHandler: requireViewer },
    async (req) => ok(await accounts.switchAccount(req.viewer, req.body, req.ip)),
  )
}
