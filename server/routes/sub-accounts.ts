// Sub-admins, the position dictionary and activation (account-area §7 "Sub-accounts under
// /api/app/account", "Activation"). Both roles read the list; every change is the main account's
// alone (§6).
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import type { SubAdminSwitch } from '../services/sub-accounts/sub-accounts'
import type {
  ActivationInfo,
  ActivationQuery,
  ActivationRequest,
  ActivationSmsRequest,
  AddAvailability,
  DictionaryQuery,
  EditSubAdminRequest,
  PhoneAvailability,
  PhoneNumberRequest,
  Position,
  SubAdmin,
  SubAdminForm,
  SubAdminPage,
  SubAdminSwitchRequest,
} from '../../src/core/contract/sub-accounts'
import { documented, TAG } from './api-tags'
import { answer, dateTime, flag, int, listOf, nullAnswer, responseOf, shape, text } from './responses'
import {
  byId as idQuery,
  integer,
  object,
  requestOf,
  rowId,
  shortText,
  type TypedApp,
  pageQuery,
} from './schemas'
import { loginResult } from './session-answers'

const BASE = '/api/app/account'

const formFields = {
  fullName: shortText(64),
  mailbox: shortText(128),
  phoneNumber: shortText(32),
  position: shortText(32),
}
const addBody = requestOf<SubAdminForm>()(object(formFields))
const editBody = requestOf<EditSubAdminRequest>()(object({ id: rowId, ...formFields }, ['id']))
const switchBody = requestOf<SubAdminSwitchRequest>()(
  object({ id: rowId, status: integer }, ['id', 'status']),
)
const dictionaryQuery = requestOf<DictionaryQuery>()(object({ code: shortText(64) }, ['code']))
const phoneNumberBody = requestOf<PhoneNumberRequest>()(
  object({ phoneNumber: shortText(32) }, ['phoneNumber']),
)
const activeCodeQuery = requestOf<ActivationQuery>()(object({ activeCode: shortText(128) }, ['activeCode']))
const activateBody = requestOf<ActivationRequest>()(
  object({ activeCode: shortText(128), code: shortText(16), phone: shortText(32) }, [
    'activeCode',
    'code',
    'phone',
  ]),
)
const activationSmsBody = requestOf<ActivationSmsRequest>()(
  object(
    {
      activeCode: shortText(128),
      phone: shortText(32),
      captchaId: shortText(64),
      captchaData: shortText(256),
    },
    ['activeCode', 'phone', 'captchaId'],
  ),
)

const about = documented(TAG.subAccounts)

const position = responseOf<Position>()(shape({ itemValue: text, itemText: text }))
const subAdmin = responseOf<SubAdmin>()(
  shape({
    id: int,
    fullName: text,
    mailbox: text,
    phoneNumber: text,
    position: text,
    positionName: text,
    activeState: int,
    isReceiveNotify: int,
    isWebsiteManage: int,
    isAdministrators: int,
    createTime: dateTime,
  }),
)
// The list answers `list`, not the `data` of the other pages (the console reads it so).
const subAdminPage = responseOf<SubAdminPage>()(shape({ list: listOf(subAdmin), total: int, pages: int }))
const addAvailability = responseOf<AddAvailability>()(shape({ available: flag, used: int, limit: int }))
const phoneAvailability = responseOf<PhoneAvailability>()(shape({ available: flag }))
const activationInfo = responseOf<ActivationInfo>()(
  shape({ phone: text, maskedPhone: text, fullName: text, accountName: text, activeState: int }),
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
    {
      schema: {
        ...about('数据字典（职位）'),
        querystring: dictionaryQuery,
        response: answer(listOf(position)),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await subAccounts.dictionary(req.query.code.trim())),
  )

  // Both roles read the list (a sub-admin sees it read-only, §6); every change is the main account's.
  app.get(
    `${BASE}/getAccountSubAccountList`,
    {
      schema: { ...about('子管理员列表'), querystring: pageQuery, response: answer(subAdminPage) },
      preHandler: requireViewer,
    },
    async (req) => ok(await subAccounts.page(req.viewer, req.query)),
  )

  app.get(
    `${BASE}/getAccountSubAccountDetail`,
    {
      schema: { ...about('子管理员详情'), querystring: idQuery, response: answer(subAdmin) },
      preHandler: requireViewer,
    },
    async (req) => ok(await subAccounts.detail(req.viewer, req.query.id)),
  )

  app.get(
    `${BASE}/checkOderAvailable`,
    {
      schema: { ...about('能否再添加子管理员'), response: answer(addAvailability) },
      preHandler: requireMainAccount,
    },
    async (req) => ok(await subAccounts.addAvailability(req.viewer)),
  )

  app.post(
    `${BASE}/checkPhoneNumberAvailable`,
    {
      schema: {
        ...about('手机号能否用于子管理员'),
        body: phoneNumberBody,
        response: answer(phoneAvailability),
      },
      preHandler: requireMainAccount,
    },
    async (req) => ok({ available: await subAccounts.phoneAvailable(req.viewer, req.body.phoneNumber) }),
  )

  app.post(
    `${BASE}/addAccountSubAccount`,
    {
      schema: { ...about('新增子管理员'), body: addBody, response: answer(subAdmin) },
      preHandler: requireFreshMainAccount,
    },
    async (req) => ok(await subAccounts.add(req.viewer, form(req.body), req.ip, originOf(req)), '新增成功'),
  )

  app.post(
    `${BASE}/editAccountSubAccount`,
    {
      schema: { ...about('编辑子管理员'), body: editBody, response: answer(subAdmin) },
      preHandler: requireFreshMainAccount,
    },
    async (req) =>
      ok(await subAccounts.edit(req.viewer, req.body.id, form(req.body), req.ip, originOf(req)), '保存成功'),
  )

  app.post(
    `${BASE}/deleteAccountSubAccount`,
    {
      schema: { ...about('删除子管理员'), body: idQuery, response: nullAnswer },
      preHandler: requireFreshMainAccount,
    },
    async (req) => {
      await subAccounts.remove(req.viewer, req.body.id, req.ip)
      return ok(null, '删除成功！')
    },
  )

  const switches: [string, SubAdminSwitch, string][] = [
    ['seceiveNotifySwitch', 'notify', '子管理员接收通知开关'],
    ['websiteManageSwitch', 'websiteManage', '子管理员网站管理开关'],
  ]
  for (const [name, which, summary] of switches) {
    app.post(
      `${BASE}/${name}`,
      {
        schema: { ...about(summary), body: switchBody, response: nullAnswer },
        preHandler: requireMainAccount,
      },
      async (req) => {
        await subAccounts.setSwitch(req.viewer, which, req.body.id, req.body.status, req.ip, originOf(req))
        return ok(null, '设置成功')
      },
    )
  }

  // Activation is public: the link is the credential, the SMS code proves the phone.
  app.get(
    `${BASE}/getAccountInfoByActiveCode`,
    {
      schema: {
        ...about('激活链接对应的子管理员'),
        querystring: activeCodeQuery,
        response: answer(activationInfo),
      },
    },
    async (req) => ok(await subAccounts.activationInfo(req.query.activeCode)),
  )

  app.post(
    `${BASE}/sendActiveSmsCode`,
    { schema: { ...about('发送激活短信验证码'), body: activationSmsBody, response: nullAnswer } },
    async (req) => {
      await subAccounts.sendActivationSms(req.body, req.ip)
      return ok(null, '已发送')
    },
  )

  // Activation logs the new sub-admin in: the answer is a login's.
  app.post(
    `${BASE}/activeAccountByActiveCode`,
    { schema: { ...about('激活子管理员并登录'), body: activateBody, response: answer(loginResult) } },
    async (req) => ok(await subAccounts.activate(req.body, req.ip), '激活成功'),
  )
}
