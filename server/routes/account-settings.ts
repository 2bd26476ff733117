// Account settings calls (account-area §7 "Account"; docs/api.md "Account settings"). Sensitive
// changes (password, phone, e-mail, login mask, cancellation) need a fresh session.
import type { UpdateMemberAccountRequest } from '../../src/core/contract/account'
import {
  PASSWORD_MODEL,
  type ClientAddress,
  type EditEmailRequest,
  type EditNameRequest,
  type LoginMask,
  type PasswordChangeRequest,
  type PasswordModelAnswer,
  type PhoneChangeRequest,
  type ReferralCodeRequest,
} from '../../src/core/contract/account-settings'
import type { SmsCodeRequest } from '../../src/core/contract/auth'
import {
  BLOCKER_KIND,
  type CancelAccountRequest,
  type CancellationCheck,
} from '../../src/core/contract/cancellation'
import { maskAddress } from '../../src/core/validation/account'
import { CANCELLATION_MSG } from '../../src/core/validation/cancellation'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { CREDENTIAL_MESSAGES } from '../services/account/account-credentials'
import { MASK_MESSAGES } from '../services/account/account-login-mask'
import { PROFILE_MESSAGES } from '../services/account/account-profile'
import { VERIFIED_MESSAGE } from '../services/account/security-verification'
import { SMS_MESSAGES } from '../services/sms/sms'
import { documented, TAG } from './api-tags'
import {
  answer,
  flag,
  int,
  listOf,
  nullable,
  nullAnswer,
  oneOfValues,
  responseOf,
  shape,
  text,
} from './responses'
import { integer, object, requestOf, shortText, type TypedApp } from './schemas'
import { pendingCancellation } from './session-answers'
import { phoneSliderBody, sliderBody } from './slider-bodies'

// The contract's bodies (core/contract/account-settings.ts and the like); fields are optional
// here but where required: a missing one gets the form's own message from the services.
const codeBody = requestOf<SmsCodeRequest>()(object({ code: shortText(32) }))
const nameBody = requestOf<EditNameRequest>()(
  object({ memberAccount: shortText(128), fullName: shortText(128) }),
)
const memberAccountBody = requestOf<UpdateMemberAccountRequest>()(object({ memberAccount: shortText(128) }))
const passwordBody = requestOf<PasswordChangeRequest>()(
  object({
    oldPassword: shortText(512),
    password: shortText(512),
    passwordAgain: shortText(512),
    model: integer,
  }),
)
const phoneBody = requestOf<PhoneChangeRequest>()(
  object({
    bindPhone: shortText(32),
    code: shortText(32),
    uuId: shortText(64),
    verificationCode: shortText(16),
  }),
)
const emailBody = requestOf<EditEmailRequest>()(object({ mailbox: shortText(128) }))
const referralBody = requestOf<ReferralCodeRequest>()(object({ referralCode: shortText(32) }))
// 100 addresses of up to 15 characters and their commas.
const maskBody = requestOf<LoginMask>()(object({ status: integer, ip: shortText(1600) }, ['status']))
const cancelBody = requestOf<CancelAccountRequest>()(
  object({ confirmed: { type: 'boolean' }, keepOtherRoles: { type: 'boolean' } }),
)

const about = documented(TAG.account)
const passwordModel = responseOf<PasswordModelAnswer>()(
  shape({ model: oneOfValues(Object.values(PASSWORD_MODEL)) }),
)
const loginMask = responseOf<LoginMask>()(shape({ status: int, ip: text }))
const clientAddress = responseOf<ClientAddress>()(shape({ ip: text }))
const cancellationCheck = responseOf<CancellationCheck>()(
  shape({
    subAdmin: flag,
    blockers: listOf(
      shape({ kind: oneOfValues(Object.values(BLOCKER_KIND)), count: int, text: text, path: text }),
    ),
    cancellation: nullable(pendingCancellation),
    otherAccounts: listOf(text),
  }),
)

export function accountSettingsRoutes(
  app: TypedApp,
  { accountSettings, accountCancellation }: Services,
  guards: Guards,
) {
  const { reverify, profile, credentials, loginMasks } = accountSettings
  const { requireViewer, requireMainAccount, requireFreshSession, requireFreshMainAccount } = guards

  app.post(
    '/api/app/account/reverify/sendSmsCode',
    {
      schema: { ...about('发送重新验证的短信验证码'), body: sliderBody, response: nullAnswer },
      preHandler: requireViewer,
    },
    async (req) => {
      await reverify.sendCode(req.viewer, req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    },
  )

  app.post(
    '/api/app/account/reverify/confirm',
    {
      schema: { ...about('提交重新验证的短信验证码'), body: codeBody, response: nullAnswer },
      preHandler: requireViewer,
    },
    async (req) => {
      await reverify.confirm(req.viewer, req.body.code)
      return ok(null, VERIFIED_MESSAGE)
    },
  )

  app.post(
    '/api/pc/editAccountFullNameAndMemberAccount',
    {
      schema: { ...about('修改账号名与姓名'), body: nameBody, response: nullAnswer },
      preHandler: requireViewer,
    },
    async (req) => {
      await profile.editName(req.viewer, req.body)
      return ok(null, PROFILE_MESSAGES.saved)
    },
  )

  // The login name alone; the service refuses a sub-admin (子管理员不能修改账号, 403).
  app.post(
    '/api/pc/updateMemberAccount',
    {
      schema: { ...about('修改登录账号名'), body: memberAccountBody, response: nullAnswer },
      preHandler: requireViewer,
    },
    async (req) => {
      await profile.updateMemberAccount(req.viewer, req.body.memberAccount)
      return ok(null, PROFILE_MESSAGES.saved)
    },
  )

  app.get(
    '/api/pc/checkPassword',
    { schema: { ...about('是否已设置密码'), response: answer(passwordModel) }, preHandler: requireViewer },
    async (req) => ok({ model: await credentials.passwordModel(req.viewer) }),
  )

  app.post(
    '/api/pc/updatePassword',
    {
      schema: { ...about('设置或修改密码'), body: passwordBody, response: nullAnswer },
      preHandler: requireFreshSession,
    },
    async (req) => {
      const model = await credentials.updatePassword(req.viewer, req.body, req.ip)
      return ok(null, model === 0 ? CREDENTIAL_MESSAGES.passwordSet : CREDENTIAL_MESSAGES.changed)
    },
  )

  app.post(
    '/api/pc/sendSmsCode2',
    {
      schema: { ...about('发送更换手机号的短信验证码'), body: phoneSliderBody, response: nullAnswer },
      preHandler: requireViewer,
    },
    async (req) => {
      await credentials.sendPhoneCode(req.viewer, req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    },
  )

  // updateAccountPhone is the spec's other name for the change of login phone: one handler.
  for (const url of ['/api/pc/updateBingPhone', '/api/pc/updateAccountPhone']) {
    app.post(
      url,
      {
        schema: { ...about('更换登录手机号'), body: phoneBody, response: nullAnswer },
        preHandler: requireFreshSession,
      },
      async (req) => {
        await credentials.changePhone(req.viewer, req.body, req.ip)
        return ok(null, CREDENTIAL_MESSAGES.changed)
      },
    )
  }

  app.post(
    '/api/pc/editAccountEmail',
    {
      schema: { ...about('修改邮箱'), body: emailBody, response: nullAnswer },
      preHandler: requireFreshSession,
    },
    async (req) => {
      await profile.editEmail(req.viewer, req.body.mailbox, req.ip)
      return ok(null, PROFILE_MESSAGES.saved)
    },
  )

  app.post(
    '/api/pc/updateAccountManagerByReferralCode',
    {
      schema: { ...about('填写推荐码（客户经理）'), body: referralBody, response: nullAnswer },
      preHandler: requireMainAccount,
    },
    async (req) => {
      await profile.updateReferralCode(req.viewer, req.body.referralCode)
      return ok(null, PROFILE_MESSAGES.saved)
    },
  )

  app.get(
    '/api/pc/getMyIp',
    { schema: { ...about('登录掩码'), response: answer(loginMask) }, preHandler: requireMainAccount },
    async (req) => ok(await loginMasks.current(req.viewer.accountId)),
  )

  app.get(
    '/api/pc/getClientIp',
    {
      schema: { ...about('当前访问地址（部分隐藏）'), response: answer(clientAddress) },
      preHandler: requireViewer,
    },
    async (req) => ok({ ip: maskAddress(req.ip) }),
  )

  app.post(
    '/api/pc/saveMyIp',
    {
      schema: { ...about('保存登录掩码'), body: maskBody, response: nullAnswer },
      preHandler: requireFreshMainAccount,
    },
    async (req) => {
      await loginMasks.save(req.viewer, req.body, req.ip)
      return ok(null, MASK_MESSAGES.saved)
    },
  )

  // 注销账号: the checklist first; the request is refused with it (in data) while anything is left.
  app.get(
    '/api/pc/cancellationCheck',
    { schema: { ...about('注销前检查'), response: answer(cancellationCheck) }, preHandler: requireViewer },
    async (req) => ok(await accountCancellation.check(req.viewer)),
  )

  app.post(
    '/api/pc/cancelAccount',
    {
      schema: { ...about('申请注销账号'), body: cancelBody, response: nullAnswer },
      preHandler: requireFreshSession,
    },
    async (req) => ok(null, await accountCancellation.request(req.viewer, req.body, req.ip)),
  )

  app.post(
    '/api/pc/withdrawCancellation',
    { schema: { ...about('撤销注销'), response: nullAnswer }, preHandler: requireMainAccount },
    async (req) => {
      await accountCancellation.withdraw(req.viewer, req.ip)
      return ok(null, CANCELLATION_MSG.withdrawn)
    },
  )
}
