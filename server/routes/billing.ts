// Invoices and contracts (doc2 §7: applyBill, getTreeAddress, esign applyContract / getContractUrl),
// saved invoice titles, 合并开票, the 发票 list with its PDFs and 换开.
// Main accounts only; the forms are checked again by services/invoices/* with the client's rules.
import type {
  ContractApplyRequest,
  ContractDocs,
  ContractForm,
  InvoiceApplication,
  InvoiceApplyRequest,
  InvoiceForm,
  InvoiceOrderRef,
  InvoiceTitle,
  InvoiceTitleRequest,
  InvoiceTitleUpdateRequest,
  MergedInvoiceRequest,
  ReissueRequest,
} from '../../src/core/contract/invoices'
import type { OrderIdQuery } from '../../src/core/contract/orders'
import { emptyContractForm, emptyInvoiceForm } from '../../src/core/validation/billing'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { ADDRESS_TREE } from '../services/account/address-tree'
import { BILLING_MESSAGES } from '../services/invoices/billing'
import { documented, TAG } from './api-tags'
import {
  answer,
  dateTime,
  decimal,
  fileAnswer,
  flag,
  int,
  listOf,
  nullable,
  nullAnswer,
  pageOf,
  responseOf,
  shape,
  text,
} from './responses'
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
/** Text fields of a form, each any text up to 300 characters (the form rules bound them further). */
const texts = <const N extends string>(...names: N[]) =>
  Object.fromEntries(names.map((name) => [name, field])) as Record<N, typeof field>

// Types only: a missing field is reported with the spec's message by the form rules, not as 非法参数.
// amount, content and receiveAddress are accepted and ignored: the server computes them.
const invoiceFields = {
  subject: small,
  billType: small,
  province: regionId,
  city: regionId,
  area: regionId,
  ...texts(
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
  ),
} as const

const invoiceBody = requestOf<InvoiceApplyRequest>()(
  object({ orderId: rowId, ...invoiceFields }, ['orderId']),
)

/** 合并开票: the orders by their codes (a refusal names the code the client sent). */
const mergedBody = requestOf<MergedInvoiceRequest>()(
  object({ orderCodes: { type: 'array', items: shortText(64), maxItems: 200 }, ...invoiceFields }, [
    'orderCodes',
  ]),
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
const titleUpdateBody = requestOf<InvoiceTitleUpdateRequest>()(
  object({ id: rowId, ...titleFields }, ['id', 'mailboxes']),
)

const reissueBody = requestOf<ReissueRequest>()(object({ id: rowId, reason: shortText(1000) }, ['id']))

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

// The type names the client sends besides the codes (idTypeName, orgLegalIdTypeName) are ignored.
const contractBody = requestOf<ContractApplyRequest>()(
  object(
    {
      orderId: rowId,
      applyType: small,
      ...texts(
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
      ),
    },
    ['orderId'],
  ),
)
const contractQuery = requestOf<OrderIdQuery>()(object({ orderId: rowId }, ['orderId']))

const about = documented(TAG.billing)

/** The province / city / district tree: three levels, districts have no children. */
const district = shape({ id: int, name: text })
const city = shape({ id: int, name: text, children: listOf(district) }, ['children'])
const province = shape({ id: int, name: text, children: listOf(city) }, ['children'])

const invoiceTitle = responseOf<InvoiceTitle>()(
  shape({
    id: int,
    subject: int,
    title: text,
    code: text,
    enterpriseAddress: text,
    enterpriseTel: text,
    depositBank: text,
    depositBankCard: text,
    mailboxes: listOf(text),
    updateTime: dateTime,
  }),
)
const invoiceOrderRef = responseOf<InvoiceOrderRef>()(shape({ id: int, orderCode: text, payAmount: decimal }))
const invoiceApplication = responseOf<InvoiceApplication>()(
  shape({
    id: int,
    state: int,
    subject: int,
    billType: int,
    title: text,
    code: text,
    amount: decimal,
    orders: listOf(invoiceOrderRef),
    receiveMail: text,
    createTime: dateTime,
    issueTime: nullable(dateTime),
    reissueReason: text,
    downloadable: flag,
  }),
)
/** A contract's PDF: its name and address. */
const contractDocs = responseOf<ContractDocs>()(
  shape({ docs: listOf(shape({ fileName: text, fileUrl: text })) }),
)
const pdfFile = fileAnswer(['application/pdf'])

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

  app.get(
    '/api/pc/getTreeAddress',
    { schema: { ...about('省市区地址树'), response: answer(listOf(province)) }, preHandler },
    // A copy: the answer's type is a mutable list.
    async () => ok([...ADDRESS_TREE]),
  )

  const applyBill = { ...about('申请发票（一个订单）'), body: invoiceBody, response: nullAnswer }
  app.post('/api/pc/applyBill', { schema: applyBill, preHandler }, async (req) => {
    const { orderId, ...given } = req.body
    await billing.applyInvoice(req.viewer, orderId, invoiceForm(given), req.ip)
    return ok(null, BILLING_MESSAGES.applied)
  })

  const applyMerged = {
    ...about('合并开票（多个订单）'),
    body: mergedBody,
    response: answer(shape({ id: int })),
  }
  app.post('/api/pc/applyMergedBill', { schema: applyMerged, preHandler }, async (req) => {
    const { orderCodes, ...given } = req.body
    const id = await applications.applyMerged(req.viewer, orderCodes, invoiceForm(given), req.ip)
    return ok({ id }, BILLING_MESSAGES.applied)
  })

  app.get(
    '/api/pc/getInvoiceList',
    {
      schema: {
        ...about('发票申请列表'),
        querystring: pageQuery,
        response: answer(pageOf(invoiceApplication)),
      },
      preHandler,
    },
    async (req) => ok(await applications.list(req.viewer, req.query)),
  )

  // The stored invoice of the viewer's account, streamed as a download.
  const download = { ...about('下载发票 PDF'), querystring: byId, response: pdfFile }
  app.get('/api/pc/downloadInvoice', { schema: download, preHandler }, async (req, reply) => {
    const { pdf, fileName } = await applications.download(req.viewer, req.query.id)
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'private, no-store')
      .send(pdf)
  })

  const reissue = { ...about('申请换开发票'), body: reissueBody, response: nullAnswer }
  app.post('/api/pc/reissueInvoice', { schema: reissue, preHandler }, async (req) => {
    await applications.requestReissue(req.viewer, req.body.id, req.body.reason ?? '', req.ip)
    return ok(null, '已提交换开申请')
  })

  app.get(
    '/api/pc/getInvoiceTitles',
    { schema: { ...about('发票抬头列表'), response: answer(listOf(invoiceTitle)) }, preHandler },
    async (req) => ok(await titles.list(req.viewer)),
  )

  const addTitle = { ...about('新增发票抬头'), body: titleBody, response: answer(invoiceTitle) }
  app.post('/api/pc/addInvoiceTitle', { schema: addTitle, preHandler }, async (req) =>
    ok(await titles.add(req.viewer, titleRequest(req.body), req.ip), '保存成功'),
  )

  const updateTitle = { ...about('修改发票抬头'), body: titleUpdateBody, response: answer(invoiceTitle) }
  app.post('/api/pc/updateInvoiceTitle', { schema: updateTitle, preHandler }, async (req) => {
    const { id, ...given } = req.body
    return ok(await titles.update(req.viewer, id, titleRequest(given), req.ip), '保存成功')
  })

  const deleteTitle = { ...about('删除发票抬头'), body: byId, response: nullAnswer }
  app.post('/api/pc/deleteInvoiceTitle', { schema: deleteTitle, preHandler }, async (req) => {
    await titles.remove(req.viewer, req.body.id, req.ip)
    return ok(null, '删除成功')
  })

  const applyContract = { ...about('申请电子合同'), body: contractBody, response: answer(contractDocs) }
  app.post('/api/esign/applyContract', { schema: applyContract, preHandler }, async (req) => {
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
  app.get(
    '/api/esign/contractSample',
    { schema: { ...about('合同样本 PDF（公开）'), response: pdfFile } },
    async (_req, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent('合同样本.pdf')}`)
        .header('cache-control', 'public, max-age=86400')
        .send(billing.contractSample()),
  )

  app.get(
    '/api/esign/getContractUrl',
    {
      schema: {
        ...about('订单的电子合同'),
        querystring: contractQuery,
        response: answer(contractDocs),
      },
      preHandler,
    },
    async (req) => ok(await billing.contractUrl(req.viewer, req.query.orderId, originOf(req))),
  )
}
