// Invoices and contracts (doc2 §7: applyBill, getTreeAddress, esign applyContract / getContractUrl).
// Main accounts only; the forms are checked again by services/invoices/billing.ts with the client's rules.
import {
  emptyContractForm,
  emptyInvoiceForm,
  type ContractForm,
  type InvoiceForm,
} from '../../src/core/validation/billing'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { ADDRESS_TREE } from '../services/account/address-tree'
import { BILLING_MESSAGES } from '../services/invoices/billing'
import { boundedInteger, object, shortText, type TypedApp, rowId } from './schemas'

const small = boundedInteger(0, 9)
const regionId = boundedInteger(0, 999_999)
const field = shortText(300)

// Types only: a missing field is reported with the spec's message by the form rules, not as 非法参数.
// amount, content and receiveAddress are accepted and ignored: the server computes them.
const invoiceBody = object(
  {
    orderId: rowId,
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
  },
  ['orderId'],
)

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

export function billingRoutes(app: TypedApp, { billing }: Services, { requireMainAccount }: Guards) {
  const preHandler = requireMainAccount

  app.get('/api/pc/getTreeAddress', { preHandler }, async () => ok(ADDRESS_TREE))

  app.post('/api/pc/applyBill', { schema: { body: invoiceBody }, preHandler }, async (req) => {
    const { orderId, ...given } = req.body
    // An absent subject stays absent (请选择个人企业); everything else defaults to empty.
    const form: InvoiceForm = { ...emptyInvoiceForm(), billType: 0, subject: 0, ...given }
    await billing.applyInvoice(req.viewer, orderId, form)
    return ok(null, BILLING_MESSAGES.applied)
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
