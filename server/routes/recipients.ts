// Recipients of the account's notifications and receiver confirmation (doc2 §7 "Recipients" and
// "Under /api/pc: … updateValidateStatus, sendEmailValidate, sendSmsValidate, judgeInvalid"). The
// spec names the recipient calls without a prefix; they sit under /api/pc with their neighbours.
// Both roles read the list; the main account alone changes it (account-area §6). judgeInvalid and
// updateValidateStatus are public: the random link id is the credential (/validate needs no login).
import {
  VALIDATE_TYPE,
  type EditRecipientRequest,
  type Recipient,
  type RecipientForm,
  type RecipientPage,
  type ValidateLinkInfo,
  type ValidateLinkRequest,
} from '../../src/core/contract/recipients'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { documented, TAG } from './api-tags'
import { answer, int, listOf, nullAnswer, oneOfValues, responseOf, shape, text } from './responses'
import { byId, integer, object, requestOf, rowId, shortText, type TypedApp, pageQuery } from './schemas'

const BASE = '/api/pc'

const formFields = {
  fullName: shortText(64),
  mailbox: shortText(128),
  bingPhone: shortText(32),
  position: shortText(32),
}
const addBody = requestOf<RecipientForm>()(object(formFields))
const editBody = requestOf<EditRecipientRequest>()(object({ id: rowId, ...formFields }, ['id']))
const linkQuery = requestOf<ValidateLinkRequest>()(
  object({ id: shortText(128), validateType: integer }, ['id', 'validateType']),
)

const about = documented(TAG.notices)
const recipient = responseOf<Recipient>()(
  shape({
    id: int,
    fullName: text,
    mailbox: text,
    bingPhone: text,
    position: text,
    positionName: text,
    smsValidateStatus: int,
    emailValidateStatus: int,
    subAccountId: int,
    createTime: text,
  }),
)
const recipientPage = responseOf<RecipientPage>()(shape({ list: listOf(recipient), total: int, pages: int }))
const linkInfo = responseOf<ValidateLinkInfo>()({
  anyOf: [
    shape({ valid: { const: false } }),
    shape({
      valid: { const: true },
      validateType: oneOfValues(Object.values(VALIDATE_TYPE)),
      accountName: text,
      fullName: text,
      target: text,
      expireTime: text,
    }),
  ],
})

const form = (body: Partial<RecipientForm>): RecipientForm => ({
  fullName: body.fullName ?? '',
  mailbox: body.mailbox ?? '',
  bingPhone: body.bingPhone ?? '',
  position: body.position ?? '',
})

export function recipientRoutes(app: TypedApp, { recipients }: Services, guards: Guards) {
  const { requireViewer, requireMainAccount } = guards

  app.get(
    `${BASE}/searchRecipientList`,
    {
      schema: { ...about('接收人列表'), querystring: pageQuery, response: answer(recipientPage) },
      preHandler: requireViewer,
    },
    async (req) => ok(await recipients.page(req.viewer, req.query)),
  )

  app.get(
    `${BASE}/detailRecipient`,
    {
      schema: { ...about('接收人详情'), querystring: byId, response: answer(recipient) },
      preHandler: requireViewer,
    },
    async (req) => ok(await recipients.detail(req.viewer, req.query.id)),
  )

  app.post(
    `${BASE}/addRecipient`,
    {
      schema: { ...about('新增接收人'), body: addBody, response: answer(recipient) },
      preHandler: requireMainAccount,
    },
    async (req) => ok(await recipients.add(req.viewer, form(req.body), originOf(req)), '新增成功'),
  )

  app.post(
    `${BASE}/editRecipient`,
    {
      schema: { ...about('修改接收人'), body: editBody, response: answer(recipient) },
      preHandler: requireMainAccount,
    },
    async (req) =>
      ok(await recipients.edit(req.viewer, req.body.id, form(req.body), originOf(req)), '保存成功'),
  )

  app.post(
    `${BASE}/deleteRecipient`,
    { schema: { ...about('删除接收人'), body: byId, response: nullAnswer }, preHandler: requireMainAccount },
    async (req) => {
      await recipients.remove(req.viewer, req.body.id)
      return ok(null, '删除成功！')
    },
  )

  const sends = [
    ['sendSmsValidate', VALIDATE_TYPE.sms, '重发接收人短信验证'],
    ['sendEmailValidate', VALIDATE_TYPE.email, '重发接收人邮箱验证'],
  ] as const
  for (const [name, type, summary] of sends) {
    const schema = { ...about(summary), body: byId, response: nullAnswer }
    app.post(`${BASE}/${name}`, { schema, preHandler: requireMainAccount }, async (req) => {
      await recipients.resend(req.viewer, req.body.id, type, originOf(req))
      return ok(null, '已发送')
    })
  }

  app.get(
    `${BASE}/judgeInvalid`,
    { schema: { ...about('验证链接是否有效（公开）'), querystring: linkQuery, response: answer(linkInfo) } },
    async (req) => ok(await recipients.judge(req.query.id, req.query.validateType)),
  )

  app.post(
    `${BASE}/updateValidateStatus`,
    { schema: { ...about('确认成为接收人（公开）'), body: linkQuery, response: nullAnswer } },
    async (req) => {
      await recipients.confirm(req.body.id, req.body.validateType)
      return ok(null, '验证成功')
    },
  )
}
