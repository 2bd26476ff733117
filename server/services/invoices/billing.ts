// Invoices and contracts of paid orders (doc2 §3-§5). The forms are validated again with the
// client's own rules (src/core/validation/billing.ts) and the invoice amount is the order's.
// The e-sign provider is stood in for by a sandbox that signs at once and renders a real PDF.
import crypto from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { APPLY_TYPE, type ContractForm, type InvoiceForm } from '../../../src/core/contract/invoices'
import {
  canApplyContract,
  canApplyInvoice,
  idTypeName,
  INVOICE_CONTENT,
  ORG_ID_TYPES,
  PERSON_ID_TYPES,
  validateContract,
} from '../../../src/core/validation/billing'
import { BILL_STATUS, SIGN_STATUS } from '../../../src/core/contract/orders'
import type { AppContext } from '../../context'
import { contractApplications, invoiceApplications, orders } from '../../db/schema'
import { invalid } from '../shared/errors'
import { createRoleService, type RoleService } from '../shared/roles'
import { createOperateLog, type OperateLog } from '../operate-log/operate-log'
import { createOutbox, type Outbox } from '../outbox/outbox'
import { billedElsewhere, type OrderService } from '../orders/orders'
import { createInvoiceApplications, INVOICE_FILE_PATH } from './applications'
import { createInvoiceTitles } from './invoice-titles'
import { renderPdf, type PdfLine } from './pdf'
import type { Viewer } from '../shared/viewer'

export { INVOICE_FILE_PATH }

export const BILLING_MESSAGES = {
  applied: '申请成功',
  invoiceClosed: '该订单当前不能申请发票',
  contractClosed: '该订单当前不能申请合同',
  contractMissing: '合同尚未签署',
  signUnavailable: '电子签服务暂未开通',
} as const

/** Where the sandbox serves files; the random key makes the address the only credential. */
export const CONTRACT_FILE_PATH = '/__dev/esign/files/'

export const newFileKey = () => crypto.randomBytes(16).toString('hex')

const first = (errors: Partial<Record<string, string>>) => Object.values(errors).find(Boolean)
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

export interface BillingDeps {
  orders: OrderService
  // The app's shared instances; built from the context when not handed in.
  roles?: RoleService
  operateLog?: OperateLog
  /** Only `enqueue` is used: the app's dispatchers deliver what it writes. */
  outbox?: Pick<Outbox, 'enqueue'>
}

export function createBillingService(ctx: AppContext, deps: BillingDeps) {
  const { db, now, config } = ctx
  const roles = deps.roles ?? createRoleService(ctx)
  const operateLog = deps.operateLog ?? createOperateLog(ctx)
  // A queue-only outbox needs no provider: it never sends, the app's dispatchers do.
  const outbox = deps.outbox ?? createOutbox(ctx, { sms: null, mail: null })
  const applications = createInvoiceApplications(ctx, { roles, operateLog, outbox })
  const titles = createInvoiceTitles(ctx, { roles, operateLog })

  /** POST /api/pc/applyBill: one order's application (billStatus 1 or 5 becomes 2). */
  async function applyInvoice(viewer: Viewer, orderId: number, form: InvoiceForm, ip = ''): Promise<void> {
    const order = await deps.orders.ownRow(viewer, { id: orderId })
    if (billedElsewhere(order) || !canApplyInvoice(order)) throw invalid(BILLING_MESSAGES.invoiceClosed)
    // Applied twice at once: the second finds the invoice already applied for.
    await applications.write(viewer, [order], form, ip, () => BILLING_MESSAGES.invoiceClosed)
  }

  /** POST /api/esign/applyContract: the sandbox signs at once (signStatus 2) and keeps the PDF. */
  async function applyContract(viewer: Viewer, orderId: number, form: ContractForm, origin: string) {
    const order = await deps.orders.ownRow(viewer, { id: orderId })
    if (billedElsewhere(order) || !canApplyContract(order)) throw invalid(BILLING_MESSAGES.contractClosed)
    const error = first(validateContract(form))
    if (error) throw invalid(error)
    // The only signer is the development sandbox; production needs a real e-sign provider.
    if (config.production) throw invalid(BILLING_MESSAGES.signUnavailable)
    const enterprise = form.applyType === APPLY_TYPE.enterprise
    const fileKey = newFileKey()
    await db.transaction(async (tx) => {
      const taken = await tx
        .update(orders)
        .set({ signStatus: SIGN_STATUS.signed })
        .where(
          and(
            eq(orders.id, order.id),
            inArray(orders.signStatus, [SIGN_STATUS.none, SIGN_STATUS.refused, SIGN_STATUS.expired]),
          ),
        )
        .returning({ id: orders.id })
      if (!taken.length) throw invalid(BILLING_MESSAGES.contractClosed)
      await tx.insert(contractApplications).values({
        orderId: order.id,
        accountId: viewer.accountId,
        applyType: form.applyType,
        name: trimmed(form.name),
        orgName: enterprise ? trimmed(form.orgName) : '',
        idType: form.idType,
        idTypeName: idTypeName(enterprise ? ORG_ID_TYPES : PERSON_ID_TYPES, form.idType),
        idNumber: enterprise ? '' : trimmed(form.idNumber).toUpperCase(),
        facNumber: enterprise ? trimmed(form.facNumber).toUpperCase() : '',
        orgLegalIdType: enterprise ? form.orgLegalIdType : '',
        orgLegalIdTypeName: enterprise ? idTypeName(PERSON_ID_TYPES, form.orgLegalIdType) : '',
        orgLegalIdNumber: enterprise ? trimmed(form.orgLegalIdNumber).toUpperCase() : '',
        orgLegalName: enterprise ? trimmed(form.orgLegalName) : '',
        mobile: trimmed(form.mobile),
        contacts: trimmed(form.contacts),
        fileKey,
        createdAt: now(),
        signedAt: now(),
      })
    })
    return contractDocs(order.orderCode, fileKey, origin)
  }

  function contractDocs(orderCode: string, fileKey: string, origin: string) {
    return {
      docs: [{ fileName: `合同-${orderCode}.pdf`, fileUrl: `${origin}${CONTRACT_FILE_PATH}${fileKey}.pdf` }],
    }
  }

  /** GET /api/esign/getContractUrl: the newest contract of a signing or signed order. */
  async function contractUrl(viewer: Viewer, orderId: number, origin: string) {
    const order = await deps.orders.ownRow(viewer, { id: orderId })
    // Another account's contract (a transferred product's order): as if there were none.
    if (billedElsewhere(order)) throw invalid(BILLING_MESSAGES.contractMissing)
    const [latest] =
      order.signStatus === SIGN_STATUS.signing || order.signStatus === SIGN_STATUS.signed
        ? await db
            .select({ fileKey: contractApplications.fileKey })
            .from(contractApplications)
            .where(eq(contractApplications.orderId, order.id))
            .orderBy(desc(contractApplications.id))
            .limit(1)
        : []
    if (!latest) throw invalid(BILLING_MESSAGES.contractMissing)
    return contractDocs(order.orderCode, latest.fileKey, origin)
  }

  let sample: Buffer | undefined

  /** The sandbox's contract PDF for a file key, or null. */
  async function contractPdf(fileKey: string): Promise<Buffer | null> {
    const [row] = await db
      .select({ contract: contractApplications, order: orders })
      .from(contractApplications)
      .innerJoin(orders, eq(orders.id, contractApplications.orderId))
      .where(eq(contractApplications.fileKey, fileKey))
    if (!row) return null
    const { contract, order } = row
    const enterprise = contract.applyType === APPLY_TYPE.enterprise
    const lines: PdfLine[] = [
      { text: '技术服务合同（电子签沙箱）', size: 18 },
      { text: `合同编号 Contract No.: HT-${order.orderCode}` },
      { text: `订单编号 Order code: ${order.orderCode}` },
      { text: `产品 Product: ${order.productName} ${order.productVersion}` },
      { text: `金额 Amount: ￥${Number(order.payAmount).toFixed(2)}` },
      { text: `合同抬头 Party: ${contract.name}` },
      ...(enterprise
        ? [
            { text: `单位名称: ${contract.orgName}` },
            { text: `${contract.idTypeName}: ${contract.facNumber}` },
            { text: `法定代表人: ${contract.orgLegalName}（${contract.orgLegalIdTypeName}）` },
          ]
        : [{ text: `${contract.idTypeName}: ${maskMiddle(contract.idNumber)}` }]),
      { text: `联系人 Contact: ${contract.contacts}` },
      { text: `手机号码 Mobile: ${contract.mobile}` },
      {
        text: `签署状态 Status: ${order.signStatus === SIGN_STATUS.signed ? '已签署 signed' : '签署中 signing'}`,
      },
      { text: `签署时间 Signed at: ${(contract.signedAt ?? contract.createdAt).toISOString()}` },
    ]
    return renderPdf(lines, `合同-${order.orderCode}`)
  }

  /** The contract sample (doc2 §7 external links: sample PDF): what a signed contract states, unfilled. */
  function contractSample(): Buffer {
    return (sample ??= renderPdf(
      [
        { text: '技术服务合同（样本）', size: 18 },
        { text: '合同编号 Contract No.: HT-<订单编号>' },
        { text: '订单编号 Order code: <订单编号>' },
        { text: '产品 Product: <产品名称> <版本>' },
        { text: '金额 Amount: ￥<实付金额>' },
        { text: '合同抬头 Party: <个人姓名或单位名称>' },
        { text: '证件类型与号码: <身份证、通行证、护照；单位为统一社会信用代码或工商注册号>' },
        { text: '法定代表人（企业）: <姓名>（<证件类型>）' },
        { text: '联系人 Contact: <联系人>' },
        { text: '手机号码 Mobile: <手机号码>' },
        { text: '服务内容: 网站建设及技术服务费，以订单所列产品与服务期限为准。' },
        { text: '签署方式: 双方通过电子签名签署，签署完成后可在订单管理中下载合同文件。' },
      ],
      '合同样本',
    ))
  }

  /** The sandbox's invoice PDF of an issued invoice (billStatus 4), or null. */
  async function invoicePdf(fileKey: string): Promise<Buffer | null> {
    const issued = await applications.pdfByFileKey(fileKey)
    if (issued) return issued
    // An order issued before applications kept their file (the demo data).
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.billUrl, `${INVOICE_FILE_PATH}${fileKey}.pdf`))
    if (!order || order.billStatus !== BILL_STATUS.issued) return null
    const [application] = await db
      .select()
      .from(invoiceApplications)
      .where(eq(invoiceApplications.orderId, order.id))
      .orderBy(desc(invoiceApplications.id))
      .limit(1)
    const lines: PdfLine[] = [
      { text: '电子发票（发票沙箱）', size: 18 },
      { text: `订单编号 Order code: ${order.orderCode}` },
      { text: `发票抬头 Title: ${application?.title ?? ''}` },
      { text: `纳税人识别号 Tax id: ${application?.code ?? ''}` },
      { text: `发票内容 Content: ${INVOICE_CONTENT}` },
      { text: `金额 Amount: ￥${Number(order.payAmount).toFixed(2)}` },
    ]
    return renderPdf(lines, `发票-${order.orderCode}`)
  }

  return {
    applyInvoice,
    applyContract,
    contractUrl,
    contractPdf,
    invoicePdf,
    contractSample,
    applications,
    titles,
  }
}

/** ID numbers in a file that may be forwarded: keep the first and last four characters. */
function maskMiddle(value: string): string {
  return value.length > 8 ? `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}` : value
}

export type BillingService = ReturnType<typeof createBillingService>
