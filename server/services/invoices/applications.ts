// Invoice applications of one or several paid orders (合并开票), the 发票 list, its PDFs and 换开.
// The amount is the server's sum of the orders; an application keeps its own copy of the title, so
// a saved title edited later never changes it. The sandbox issuer (development) stands in for the
// vendor's invoicing: it issues or re-issues an application and mails its electronic invoice to
// every receiving mailbox through the outbox.
import crypto from 'node:crypto'
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import {
  INVOICE_LOG_TYPE,
  INVOICE_STATE,
  type InvoiceApplication,
  INVOICE_SUBJECT,
  type InvoiceForm,
} from '../../../src/core/contract/invoices'
import { BILL_STATUS } from '../../../src/core/contract/orders'
import {
  BILLING_MSG,
  INVOICE_CONTENT,
  isElectronicBill,
  isPaperBill,
  mailboxesOf,
  validateInvoice,
} from '../../../src/core/validation/billing'
import {
  INVOICE_MSG,
  invoiceRefusal,
  mergedOrderCodes,
  reissueReasonError,
  sumOfAmounts,
} from '../../../src/core/validation/invoices'
import type { AppContext } from '../../context'
import type { Database, Tx } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { invoiceApplicationOrders, invoiceApplications, orders } from '../../db/schema'
import { resolveRegion } from '../account/address-tree'
import { SESSION_MESSAGES } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import { OPERATE_STATUS, type OperateLog } from '../operate-log/operate-log'
import type { OrderRow } from '../orders/order-lines'
import { billedElsewhere } from '../orders/orders'
import { escapeHtml } from '../outbox/outgoing-texts'
import type { Outbox } from '../outbox/outbox'
import { invalid, notFound, sessionEnded } from '../shared/errors'
import { offsetOf, pageOf, type PageRequest } from '../shared/paging'
import type { RoleService } from '../shared/roles'
import { renderPdf } from './pdf'

/** Where the sandbox serves issued invoices; the random key makes the address the only credential. */
export const INVOICE_FILE_PATH = '/__dev/esign/invoices/'
/** How long an invoice mail is worth sending. */
const INVOICE_MAIL_TTL_MS = 7 * 24 * 3600_000

type ApplicationRow = typeof invoiceApplications.$inferSelect

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const first = (errors: Partial<Record<string, string>>) => Object.values(errors).find(Boolean)
const newFileKey = () => crypto.randomBytes(16).toString('hex')

export interface ApplicationDeps {
  roles: RoleService
  operateLog: OperateLog
  outbox: Pick<Outbox, 'enqueue'>
}

export function createInvoiceApplications(
  { db, now }: AppContext,
  { roles, operateLog, outbox }: ApplicationDeps,
) {
  async function actorOf(viewer: Viewer) {
    const actor = await roles.heldRole(viewer.memberId, viewer)
    if (!actor) throw sessionEnded(SESSION_MESSAGES.revoked)
    return actor
  }

  /** The form checked with doc2 §5's rules, and a paper invoice's region resolved. */
  function checkedForm(form: InvoiceForm) {
    const error = first(validateInvoice(form))
    if (error) throw invalid(error)
    const paper = isPaperBill(form.billType)
    const region = paper ? resolveRegion(form.province, form.city, form.area) : null
    if (paper && !region) throw invalid(BILLING_MSG.provinceRequired)
    return { paper, region }
  }

  /**
   * Writes one application for the orders (already checked as the viewer's and open to invoicing):
   * each order goes from billStatus 1 or 5 to 2 in the same transaction, or nothing is written.
   * `closed` names the order that another application took meanwhile.
   */
  async function write(
    viewer: Viewer,
    rows: OrderRow[],
    form: InvoiceForm,
    ip: string,
    closed: (order: OrderRow) => string,
  ): Promise<number> {
    const { paper, region } = checkedForm(form)
    const actor = await actorOf(viewer)
    const personal = form.subject === INVOICE_SUBJECT.personal
    const ids = rows.map((row) => row.id)
    const amount = sumOfAmounts(rows.map((row) => row.payAmount))
    try {
      return await db.transaction(async (tx) => {
        const taken = await tx
          .update(orders)
          .set({ billStatus: BILL_STATUS.applied })
          .where(
            and(
              inArray(orders.id, ids),
              inArray(orders.billStatus, [BILL_STATUS.open, BILL_STATUS.rejected]),
            ),
          )
          .returning({ id: orders.id })
        // Applied for at the same time by another request: the first order it took is named.
        const lost = rows.find((row) => !taken.some((t) => t.id === row.id))
        if (lost) throw invalid(closed(lost))
        // A rejected application no longer holds its orders.
        await tx
          .update(invoiceApplicationOrders)
          .set({ current: false })
          .where(
            and(inArray(invoiceApplicationOrders.orderId, ids), eq(invoiceApplicationOrders.current, true)),
          )
        const [application] = await tx
          .insert(invoiceApplications)
          .values({
            orderId: rows[0].id,
            accountId: viewer.accountId,
            subject: form.subject,
            billType: form.billType,
            title: trimmed(form.title),
            // doc2 §3: for a person the taxpayer id is the ID number.
            code: personal ? trimmed(form.IdCard).toUpperCase() : trimmed(form.code),
            content: INVOICE_CONTENT,
            amount,
            applicant: trimmed(form.applicant),
            idCard: personal ? trimmed(form.IdCard).toUpperCase() : '',
            applicantPhone: trimmed(form.applicantPhone),
            enterpriseAddress: personal ? '' : trimmed(form.enterpriseAddress),
            enterpriseTel: personal ? '' : trimmed(form.enterpriseTel),
            depositBank: personal ? '' : trimmed(form.depositBank),
            depositBankCard: personal ? '' : trimmed(form.depositBankCard),
            receiveMail: paper ? '' : mailboxesOf(form.receiveMail).join(','),
            receiveName: paper ? trimmed(form.receiveName) : '',
            receivePhone: paper ? trimmed(form.receivePhone) : '',
            province: region?.province.id ?? 0,
            city: region?.city.id ?? 0,
            area: region?.area.id ?? 0,
            // doc2 §3: province name + city name + detailed address.
            receiveAddress: region ? region.province.name + region.city.name + trimmed(form.address) : '',
            state: INVOICE_STATE.applied,
            createdAt: now(),
          })
          .returning({ id: invoiceApplications.id })
        await tx
          .insert(invoiceApplicationOrders)
          .values(ids.map((orderId) => ({ applicationId: application.id, orderId })))
        const codes = rows.map((row) => row.orderCode).join('、')
        await operateLog.record(
          actor,
          {
            type: INVOICE_LOG_TYPE,
            status: OPERATE_STATUS.success,
            content: `申请发票：${trimmed(form.title)}，订单 ${codes}，金额 ¥${amount}`,
            ip,
          },
          tx,
        )
        return application.id
      })
    } catch (error) {
      // The partial unique index caught a race the guarded update did not (belt and braces).
      if (isUniqueViolation(error)) throw invalid(closed(rows[0]))
      throw error
    }
  }

  /** POST /api/pc/applyMergedBill: one application for several of the account's paid orders. */
  async function applyMerged(viewer: Viewer, orderCodes: string[], form: InvoiceForm, ip: string) {
    const { codes, error } = mergedOrderCodes(orderCodes)
    if (error) throw invalid(error)
    const found = await db
      .select()
      .from(orders)
      .where(and(inArray(orders.orderCode, codes), eq(orders.accountId, viewer.accountId)))
    const rows: OrderRow[] = []
    for (const code of codes) {
      const row = found.find((r) => r.orderCode === code)
      // Another account's order is answered as if it did not exist.
      if (!row) throw invalid(INVOICE_MSG.orderMissing)
      const refusal = invoiceRefusal({ ...row, billedElsewhere: billedElsewhere(row) })
      if (refusal) throw invalid(refusal)
      rows.push(row)
    }
    return write(viewer, rows, form, ip, (order) => `订单${order.orderCode}已申请发票`)
  }

  /** The orders of applications (one query); an application older than 合并开票 has its own. */
  async function ordersOf(applications: ApplicationRow[]) {
    const ids = applications.map((a) => a.id)
    const joined = ids.length
      ? await db
          .select({
            applicationId: invoiceApplicationOrders.applicationId,
            id: orders.id,
            orderCode: orders.orderCode,
            payAmount: orders.payAmount,
          })
          .from(invoiceApplicationOrders)
          .innerJoin(orders, eq(orders.id, invoiceApplicationOrders.orderId))
          .where(inArray(invoiceApplicationOrders.applicationId, ids))
          .orderBy(invoiceApplicationOrders.orderId)
      : []
    const own = ids.length
      ? await db
          .select({ id: orders.id, orderCode: orders.orderCode, payAmount: orders.payAmount })
          .from(orders)
          .where(inArray(orders.id, [...new Set(applications.map((a) => a.orderId))]))
      : []
    return (application: ApplicationRow) => {
      const listed = joined.filter((row) => row.applicationId === application.id)
      const refs = listed.length ? listed : own.filter((row) => row.id === application.orderId)
      return refs.map(({ id, orderCode, payAmount }) => ({ id, orderCode, payAmount: Number(payAmount) }))
    }
  }

  const view =
    (orderRefs: (a: ApplicationRow) => InvoiceApplication['orders']) =>
    (row: ApplicationRow): InvoiceApplication => ({
      id: row.id,
      state: row.state,
      subject: row.subject,
      billType: row.billType,
      title: row.title,
      code: row.code,
      amount: Number(row.amount),
      orders: orderRefs(row),
      receiveMail: row.receiveMail,
      createTime: row.createdAt.toISOString(),
      issueTime: row.issuedAt?.toISOString() ?? null,
      reissueReason: row.reissueReason,
      downloadable: row.state === INVOICE_STATE.issued,
    })

  /** GET /api/pc/getInvoiceList: the account's applications, newest first. */
  async function list(viewer: Viewer, request: PageRequest) {
    const mine = eq(invoiceApplications.accountId, viewer.accountId)
    const rows = await db
      .select()
      .from(invoiceApplications)
      .where(mine)
      .orderBy(desc(invoiceApplications.createdAt), desc(invoiceApplications.id))
      .limit(request.pageSize)
      .offset(offsetOf(request))
    const [{ total }] = await db.select({ total: count() }).from(invoiceApplications).where(mine)
    return pageOf(rows.map(view(await ordersOf(rows))), total, request)
  }

  /** An application of the viewer's account; another account's answers as missing. */
  async function own(viewer: Viewer, id: number, executor: Pick<Database, 'select'> = db) {
    const [row] = await executor
      .select()
      .from(invoiceApplications)
      .where(and(eq(invoiceApplications.id, id), eq(invoiceApplications.accountId, viewer.accountId)))
    if (!row) throw invalid(INVOICE_MSG.applicationMissing)
    return row
  }

  /** The PDF of an issued application (its latest issue). */
  async function pdfOf(row: ApplicationRow) {
    const refs = (await ordersOf([row]))(row)
    return renderPdf(
      [
        { text: row.reissues ? '电子发票（发票沙箱，换开）' : '电子发票（发票沙箱）', size: 18 },
        { text: `发票号码 No.: FP${String(row.id).padStart(8, '0')}-${row.reissues}` },
        { text: `订单编号 Orders: ${refs.map((o) => o.orderCode).join(', ')}` },
        { text: `发票抬头 Title: ${row.title}` },
        { text: `纳税人识别号 Tax id: ${row.code}` },
        { text: `发票内容 Content: ${row.content}` },
        { text: `金额 Amount: ￥${Number(row.amount).toFixed(2)}` },
        { text: `开票时间 Issued at: ${(row.issuedAt ?? row.createdAt).toISOString()}` },
      ],
      `发票-${row.id}`,
    )
  }

  /** GET /api/pc/downloadInvoice: the viewer's issued invoice as a PDF. */
  async function download(viewer: Viewer, id: number) {
    const row = await own(viewer, id)
    if (row.state !== INVOICE_STATE.issued) throw invalid(INVOICE_MSG.notIssued)
    return { pdf: await pdfOf(row), fileName: `发票-${row.id}.pdf` }
  }

  /** The sandbox's PDF behind a file key (the mailed link), or null once re-issued. */
  async function pdfByFileKey(fileKey: string): Promise<Buffer | null> {
    const [row] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.fileKey, fileKey))
    return row && row.state === INVOICE_STATE.issued ? pdfOf(row) : null
  }

  /** POST /api/pc/reissueInvoice: an issued invoice goes to 换开中 with the reason. */
  async function requestReissue(viewer: Viewer, id: number, reason: string, ip: string) {
    const error = reissueReasonError(reason)
    if (error) throw invalid(error)
    const actor = await actorOf(viewer)
    const row = await own(viewer, id)
    await db.transaction(async (tx) => {
      const taken = await tx
        .update(invoiceApplications)
        .set({ state: INVOICE_STATE.reissuing, reissueReason: reason.trim() })
        .where(and(eq(invoiceApplications.id, row.id), eq(invoiceApplications.state, INVOICE_STATE.issued)))
        .returning({ id: invoiceApplications.id })
      if (!taken.length) throw invalid(INVOICE_MSG.reissueClosed)
      await operateLog.record(
        actor,
        {
          type: INVOICE_LOG_TYPE,
          status: OPERATE_STATUS.success,
          content: `申请换开发票：${row.title}，金额 ¥${row.amount}，原因：${reason.trim()}`,
          ip,
        },
        tx,
      )
    })
  }

  /** Each receiving mailbox gets the electronic invoice's link, in the issuing transaction. */
  async function mailInvoice(tx: Tx, row: ApplicationRow, url: string) {
    const again = row.state === INVOICE_STATE.reissuing
    const subject = again ? '您的电子发票已换开' : '您的电子发票已开具'
    const sentence = `发票抬头：${row.title}，金额：¥${Number(row.amount).toFixed(2)}。`
    for (const mailbox of mailboxesOf(row.receiveMail)) {
      await outbox.enqueue(tx, {
        channel: 'email',
        recipient: mailbox,
        template: 'invoice',
        accountId: row.accountId,
        ttlMs: INVOICE_MAIL_TTL_MS,
        params: {
          subject: `【会员中心】${subject}`,
          text: `${subject}。${sentence}下载：${url}`,
          html:
            `<p>${escapeHtml(subject)}。${escapeHtml(sentence)}</p>` +
            `<p><a href="${escapeHtml(url)}">下载电子发票（PDF）</a></p>`,
          path: '/invoices',
        },
      })
    }
  }

  /**
   * The sandbox issuer (POST /__dev/esign/invoices/:id/issue): an application 申请中 or 换开中
   * becomes 已开票 with a new PDF; its orders show the download (billStatus 4); the electronic
   * invoice is mailed to every receiving mailbox. Answers the PDF's address.
   */
  async function issue(id: number, origin: string): Promise<string> {
    const fileKey = newFileKey()
    const path = `${INVOICE_FILE_PATH}${fileKey}.pdf`
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(invoiceApplications).where(eq(invoiceApplications.id, id))
      if (!row) throw notFound(INVOICE_MSG.applicationMissing)
      const again = row.state === INVOICE_STATE.reissuing
      const taken = await tx
        .update(invoiceApplications)
        .set({
          state: INVOICE_STATE.issued,
          fileKey,
          issuedAt: now(),
          reissues: again ? row.reissues + 1 : row.reissues,
        })
        .where(
          and(
            eq(invoiceApplications.id, id),
            inArray(invoiceApplications.state, [INVOICE_STATE.applied, INVOICE_STATE.reissuing]),
          ),
        )
        .returning({ id: invoiceApplications.id })
      if (!taken.length) throw invalid('该申请当前不能开票')
      const orderIds = (
        await tx
          .select({ id: invoiceApplicationOrders.orderId })
          .from(invoiceApplicationOrders)
          .where(eq(invoiceApplicationOrders.applicationId, id))
      ).map((o) => o.id)
      await tx
        .update(orders)
        .set({ billStatus: BILL_STATUS.issued, billUrl: path })
        .where(inArray(orders.id, orderIds.length ? orderIds : [row.orderId]))
      if (isElectronicBill(row.billType)) await mailInvoice(tx, row, origin + path)
    })
    return path
  }

  return { write, applyMerged, list, download, pdfByFileKey, requestReissue, issue }
}

export type InvoiceApplications = ReturnType<typeof createInvoiceApplications>
