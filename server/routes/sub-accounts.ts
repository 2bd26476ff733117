// Sub-admins, the position dictionary and activation (account-area §7 "Sub-accounts under
// /api/app/account", "Activation"). Both roles read the list; every change is the main account's
// alone (§6).
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import type { SubAdminSwitch } from '../services/sub-accounts/sub-accounts'
import type { SubAdminForm } from '../../src/core/validation/sub-admin'
import { byId as idQuery, integer, object, rowId, shortText, type TypedApp, pageQuery } from './schemas'

const BASE = '/api/app/account'

const formFields = {
  fullName: shortText(64),
  mailbox: shortText(128),
  phoneNumber: shortText(32),
  position: shortText(32),
}
const addBody = object(formFields)
const editBody = object({ id: rowId, ...formFields }, ['id'])
const switchBody = object({ id: rowId, status: integer }, ['id', 'status'])
const activeCodeQuery = object({ activeCode: shortText(128) }, ['activeCode'])
const activateBody = object({ activeCode: shortText(128), code: shortText(16), phone: shortText(32) }, [
  'activeCode',
  'code',
  'phone',
])
const activationSmsBody = object(
  { activeCode: shortText(128), phone: shortText(32), captchaId: shortText(64), captchaData: shortText(256) },
  ['activeCode', 'phone', 'captchaId'],
)

type FormBody = Partial<SubAdminForm>
const form = (body: FormBody): SubAdminForm => ({
  fullName: body.fullName ?? '',
  mailbox: body.mailbox ?? '',
  phoneNumber: body.phoneNumber ?? '',
  position: body.position ?? '',
})

// Adding, editing and deleting a sub-admin are protected actions (操作保护): a fresh session.
export function subAccountRoutes(app: TypedApp, { subAccounts }: Services, guards: Guards) {
  const { requireViewer, requireMainAccount, requireFreshMainAccount } = guards

  // The dictionary is read by every role (a sub-account that reaches the page sees the list).
  app.get(
    '/api/pc/getListByCode',
    { schema: { querystring: object({ code: shortText(64) }, ['code']) }, preHandler: requireViewer },
    async (req) => ok(await subAccounts.dictionary(req.query.code.trim())),
  )

  // Both roles read the list (a sub-admin sees it read-only, §6); every change is the main account's.
  app.get(
    `${BASE}/getAccountSubAccountList`,
    { schema: { querystring: pageQuery }, preHandler: requireViewer },
    async (req) => ok(await subAccounts.page(req.viewer, req.query)),
  )

  app.get(
    `${BASE}/getAccountSubAccountDetail`,
    { schema: { querystring: idQuery }, preHandler: requireViewer },
    async (req) => ok(await subAccounts.detail(req.viewer, req.query.id)),
  )

  app.get(`${BASE}/checkOderAvailable`, { preHandler: requireMainAccount }, async (req) =>
    ok(await subAccounts.addAvailability(req.viewer)),
  )

  app.post(
    `${BASE}/checkPhoneNumberAvailable`,
    {
      schema: { body: object({ phoneNumber: shortText(32) }, ['phoneNumber']) },
      preHandler: requireMainAccount,
    },
    async (req) => ok({ available: await subAccounts.phoneAvailable(req.viewer, req.body.phoneNumber) }),
  )

  app.post(
    `${BASE}/addAccountSubAccount`,
    { schema: { body: addBody }, preHandler: requireFreshMainAccount },
    async (req) => ok(await subAccounts.add(req.viewer, form(req.body), req.ip, originOf(req)), '新增成功'),
  )

  app.post(
    `${BASE}/editAccountSubAccount`,
    { schema: { body: editBody }, preHandler: requireFreshMainAccount },
    async (req) =>
      ok(await subAccounts.edit(req.viewer, req.body.id, form(req.body), req.ip, originOf(req)), '保存成功'),
  )

  app.post(
    `${BASE}/deleteAccountSubAccount`,
    { schema: { body: idQuery }, preHandler: requireFreshMainAccount },
    async (req) => {
      await subAccounts.remove(req.viewer, req.body.id, req.ip)
      return ok(null, '删除成功！')
    },
  )

  const switches: [string, SubAdminSwitch][] = [
    ['seceiveNotifySwitch', 'notify'],
    ['websiteManageSwitch', 'websiteManage'],
  ]
  for (const [name, which] of switches) {
    app.post(
      `${BASE}/${name}`,
      { schema: { body: switchBody }, preHandler: requireMainAccount },
      async (req) => {
        await subAccounts.setSwitch(req.viewer, which, req.body.id, req.body.status, req.ip, originOf(req))
        return ok(null, '设置成功')
      },
    )
  }

  // Activation is public: the link is the credential, the SMS code proves the phone.
  app.get(`${BASE}/getAccountInfoByActiveCode`, { schema: { querystring: activeCodeQuery } }, async (req) =>
    ok(await subAccounts.activationInfo(req.query.activeCode)),
  )

  app.post(`${BASE}/sendActiveSmsCode`, { schema: { body: activationSmsBody } }, async (req) => {
    await subAccounts.sendActivationSms(req.body, req.ip)
    return ok(null, '已发送')
  })

  app.post(`${BASE}/activeAccountByActiveCode`, { schema: { body: activateBody } }, async (req) =>
    ok(await subAccounts.activate(req.body, req.ip), '激活成功'),
  )
}
