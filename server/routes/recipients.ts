// Recipients of the account's notifications and receiver confirmation (doc2 §7 "Recipients" and
// "Under /api/pc: … updateValidateStatus, sendEmailValidate, sendSmsValidate, judgeInvalid"). The
// spec names the recipient calls without a prefix; they sit under /api/pc with their neighbours.
// Both roles read the list; the main account alone changes it (account-area §6). judgeInvalid and
// updateValidateStatus are public: the random link id is the credential (/validate needs no login).
import { VALIDATE_TYPE, type RecipientForm } from '../../src/core/contract/recipients'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { byId, integer, object, rowId, shortText, type TypedApp, pageQuery } from './schemas'

const BASE = '/api/pc'

const formFields = {
  fullName: shortText(64),
  mailbox: shortText(128),
  bingPhone: shortText(32),
  position: shortText(32),
}
const addBody = object(formFields)
const editBody = object({ id: rowId, ...formFields }, ['id'])
const linkFields = { id: shortText(128), validateType: integer }
const linkQuery = object(linkFields, ['id', 'validateType'])

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
    { schema: { querystring: pageQuery }, preHandler: requireViewer },
    async (req) => ok(await recipients.page(req.viewer, req.query)),
  )

  app.get(
    `${BASE}/detailRecipient`,
    { schema: { querystring: byId }, preHandler: requireViewer },
    async (req) => ok(await recipients.detail(req.viewer, req.query.id)),
  )

  app.post(
    `${BASE}/addRecipient`,
    { schema: { body: addBody }, preHandler: requireMainAccount },
    async (req) => ok(await recipients.add(req.viewer, form(req.body), originOf(req)), '新增成功'),
  )

  app.post(
    `${BASE}/editRecipient`,
    { schema: { body: editBody }, preHandler: requireMainAccount },
    async (req) =>
      ok(await recipients.edit(req.viewer, req.body.id, form(req.body), originOf(req)), '保存成功'),
  )

  app.post(
    `${BASE}/deleteRecipient`,
    { schema: { body: byId }, preHandler: requireMainAccount },
    async (req) => {
      await recipients.remove(req.viewer, req.body.id)
      return ok(null, '删除成功！')
    },
  )

  const sends = [
    ['sendSmsValidate', VALIDATE_TYPE.sms],
    ['sendEmailValidate', VALIDATE_TYPE.email],
  ] as const
  for (const [name, type] of sends) {
    app.post(`${BASE}/${name}`, { schema: { body: byId }, preHandler: requireMainAccount }, async (req) => {
      await recipients.resend(req.viewer, req.body.id, type, originOf(req))
      return ok(null, '已发送')
    })
  }

  app.get(`${BASE}/judgeInvalid`, { schema: { querystring: linkQuery } }, async (req) =>
    ok(await recipients.judge(req.query.id, req.query.validateType)),
  )

  app.post(`${BASE}/updateValidateStatus`, { schema: { body: linkQuery } }, async (req) => {
    await recipients.confirm(req.body.id, req.body.validateType)
    return ok(null, '验证成功')
  })
}
