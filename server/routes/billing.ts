// Invoices and contracts (doc2 §7: applyBill, getTreeAddress, esign applyContract / getContractUrl),
// saved invoice titles, 合并开票, the 发票 list with its PDFs and 换开.
// Main accounts only; the forms are checked again by services/invoices/* with the client's rules.
import {
  emptyContractForm,
  emptyInvoiceForm,
  type ContractForm,
  type InvoiceForm,
} from '../../src/core/validation/billing'
import type { InvoiceTitleRequest } from '../../src/core/contract/invoices'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { ADDRESS_TREE } from '../services/account/address-tree'
import { BILLING_MESSAGES } from '../services/invoices/billing'
import {
  boundedInteger,
  byId,
  object,
  pageQuery,
  requestOf,
  shortText,
  type TypedApp,
  rowId,
} from './schemas'

const small = boundedInteger(0, 9)
const regionId = boundedInteger(0, 999_999)
const field = shortText(300)

// Types only: a missing field is reported with the spec's message by the form rules, not as 非法参数.
// amount, content and receiveAddress are accepted and ignored: the server computes them.
const invoiceFields = {
  subject: small,
  billType: small,
  province: regionId,
  city: regionId,
  area: regionId,
  ...Object.fromEntries(
    [
      'title',
      'code',
      'applicant',
      'IdCard',
      'applicantPhone',
      'enterpriseAddress',
      'enterpriseTel',
      'depositBank',
      'depositBankCard',
      'receiveMail',
      'receiveName',
      'receivePhone',
      'address',
    ].map((name) => [name, field]),
  ),
} as const

const invoiceBody = object({ orderId: rowId, ...invoiceFields }, ['orderId'])

/** 合并开票: the orders by their codes (a refusal names the code the client sent). */
const mergedBody = object(
  { orderCodes: { type: 'array', items: shortText(64), maxItems: 200 }, ...invoiceFields },
  ['orderCodes'],
)

const titleFields = {
  subject: small,
  title: field,
  code: field,
  enterpriseAddress: field,
  enterpriseTel: field,
  depositBank: field,
  depositBankCard: field,
  mailboxes: { type: 'array', items: shortText(300), maxItems: 20 },
} as const
const titleBody = requestOf<InvoiceTitleRequest>()(object(titleFields, ['mailboxes']))
const titleUpdateBody = object({ id: rowId, ...titleFields }, ['id', 'mailboxes'])

const reissueBody = object({ id: rowId, reason: shortText(1000) }, ['id'])

/** A title request with every text present (a missing one is the rules' "required"). */
function titleRequest(given: Partial<InvoiceTitleRequest>): InvoiceTitleRequest {
  return {
    subject: 0,
    title: '',
    code: '',
    enterpriseAddress: '',
    enterpriseTel: '',
    depositBank: '',
    depositBankCard: '',
    mailboxes: [],
    ...given,
  }
}

const contractBody = object(
  {
    orderId: rowId,
    applyType: small,
    ...Object.fromEntries(
      [
        'name',
        'orgName',
        'idType',
        'idNumber',
        'facNumber',
        'orgLegalIdType',
        'orgLegalIdNumber',
        'orgLegalName',
        'mobile',
        'contacts',
      ].map((name) => [name, field]),
    ),
  },
  ['orderId'],
)

// An absent subject stays absent (请选择个人企业); everything else defaults to empty.
const invoiceForm = (given: Partial<InvoiceForm>): InvoiceForm => ({
  ...emptyInvoiceForm(),
  billType: 0,
  subject: 0,
  ...given,
})

export function billingRoutes(app: TypedApp, { billing }: Services, { requireMainAccount }: Guards) {
  const preHandler = requireMainAccount
  const { applications, titles } = billing

  app.get('/api/pc/getTreeAddress', { preHandler }, async () => ok(ADDRESS_TREE))

  app.post('/api/pc/applyBill', { schema: { body: invoiceBody }, preHandler }, async (req) => {
    const { orderId, ...given } = req.body
    await billing.applyInvoice(req.viewer, orderId, invoiceForm(given), req.ip)
    return ok(null, BILLING_MESSAGES.applied)
  })

  app.post('/api/pc/applyMergedBill', { schema: { body: mergedBody }, preHandler }, async (req) => {
    const { orderCodes, ...given } = req.body
    const id = await applications.applyMerged(req.viewer, orderCodes, invoiceForm(given), req.ip)
    return ok({ id }, BILLING_MESSAGES.applied)
  })

  app.get('/api/pc/getInvoiceList', { schema: { querystring: pageQuery }, preHandler }, async (req) =>
    ok(await applications.list(req.viewer, req.query)),
  )

  // The stored invoice of the viewer's account, streamed as a download.
  app.get('/api/pc/downloadInvoice', { schema: { querystring: byId }, preHandler }, async (req, reply) => {
    const { pdf, fileName } = await applications.download(req.viewer, req.query.id)
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'private, no-store')
      .send(pdf)
  })

  app.post('/api/pc/reissueInvoice', { schema: { body: reissueBody }, preHandler }, async (req) => {
    await applications.requestReissue(req.viewer, req.body.id, req.body.reason ?? '', req.ip)
    return ok(null, '已提交换开申请')
  })

  app.get('/api/pc/getInvoiceTitles', { preHandler }, async (req) => ok(await titles.list(req.viewer)))

  app.post('/api/pc/addInvoiceTitle', { schema: { body: titleBody }, preHandler }, async (req) =>
    ok(await titles.add(req.viewer, titleRequest(req.body), req.ip), '保存成功'),
  )

  app.post('/api/pc/updateInvoiceTitle', { schema: { body: titleUpdateBody }, preHandler }, async (req) => {
    const { id, ...given } = req.body
    return ok(await titles.update(req.viewer, id, titleRequest(given), req.ip), '保存成功')
  })

  app.post('/api/pc/deleteInvoiceTitle', { schema: { body: byId }, preHandler }, async (req) => {
    await titles.remove(req.viewer, req.body.id, req.ip)
    return ok(null, '删除成功')
  })

  app.post('/api/esign/applyContract', { schema: { body: contractBody }, preHandler }, async (req) => {
    const { orderId, ...given } = req.body
    const form: ContractForm = {
      ...emptyContractForm(given.applyType),
      idType: '',
      orgLegalIdType: '',
      ...given,
    }
    return ok(await billing.applyContract(req.viewer, orderId, form, originOf(req)), BILLING_MESSAGES.applied)
  })

  // The same for everyone and never changing within a release: public, cached by browsers.
  app.get('/api/esign/contractSample', async (_req, reply) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent('合同样本.pdf')}`)
      .header('cache-control', 'public, max-age=86400')
      .send(billing.contractSample()),
  )

  app.get(
    '/api/esign/getContractUrl',
    { schema: { querystring: object({ orderId: rowId }, ['orderId']) }, preHandler },
    async (req) => ok(await billing.contractUrl(req.viewer, req.query.orderId, originOf(req))),
  )
}
