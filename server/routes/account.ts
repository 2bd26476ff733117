// Personal info, the account switch list and the switch (account-area §7 "Account"; doc2 §7).
import {
  ROLE,
  type AccountListItem,
  type PersonalInfo,
  type PersonalInfoQuery,
  type RelatedSite,
  type SwitchAccountRequest,
} from '../../src/core/contract/account'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { documented, TAG } from './api-tags'
import { answer, int, listOf, nullable, oneOfValues, responseOf, shape, text } from './responses'
import { integer, object, requestOf, rowId, rowIdOrZero, shortText, type TypedApp } from './schemas'
import { loginResult } from './session-answers'

const about = documented(TAG.account)
const personalInfo = responseOf<PersonalInfo>()(
  shape({
    memberId: int,
    accountId: int,
    subAccountId: int,
    role: oneOfValues(Object.values(ROLE)),
    memberAccount: text,
    accountName: text,
    userName: text,
    bindPhone: text,
    email: text,
    state: int,
    weixin: text,
    referralCode: text,
    url: text,
    passwordUpdatedAt: nullable(text),
  }),
)
const relatedSite = responseOf<RelatedSite>()(shape({ siteName: text, siteUrl: text }))
const accountListItem = responseOf<AccountListItem>()(
  shape({
    memberAccount: text,
    accountName: text,
    role: oneOfValues(Object.values(ROLE)),
    isLogin: int,
    relationSite: listOf(relatedSite),
    accountId: int,
    subAccountId: int,
  }),
)

const personalInfoQuery = requestOf<PersonalInfoQuery>()(
  object({ userId: shortText(64), accountId: shortText(32) }, ['userId', 'accountId']),
)
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
    app.get(
      url,
      { schema: { ...about('我的个人信息'), response: answer(personalInfo) }, preHandler: requireViewer },
      async (req) => ok(await accounts.personalInfo(req.viewer)),
    )
  }

  app.get(
    '/api/user/getPrersonalInfo',
    {
      schema: {
        ...about('按 userId 查个人信息（仅本人）'),
        querystring: personalInfoQuery,
        response: answer(personalInfo),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await accounts.personalInfoOf(req.viewer, req.query.userId, req.query.accountId)),
  )

  app.get(
    '/api/app/account/getAccountList',
    {
      schema: { ...about('可切换的账号列表'), response: answer(listOf(accountListItem)) },
      preHandler: requireViewer,
    },
    async (req) => ok(await accounts.accountList(req.viewer)),
  )

  app.post(
    '/api/app/account/switchAccount',
    {
      schema: { ...about('切换账号'), body: switchBody, response: answer(loginResult) },
      preHandler: requireViewer,
    },
    async (req) => ok(await accounts.switchAccount(req.viewer, req.body, req.ip)),
  )
}
