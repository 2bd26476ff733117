// Saved invoice titles (发票抬头) of an account: validated with the form's own rules
// (src/core/validation/invoices.ts), at most MAX_INVOICE_TITLES, every change in the operation log.
// Applications copy what they use, so editing or deleting a title never touches a past one.
import { and, asc, count, eq } from 'drizzle-orm'
import {
  INVOICE_LOG_TYPE,
  type InvoiceTitle,
  type InvoiceTitleRequest,
  INVOICE_SUBJECT,
} from '../../../src/core/contract/invoices'
import { mailboxesOf } from '../../../src/core/validation/billing'
import { INVOICE_MSG, MAX_INVOICE_TITLES, validateInvoiceTitle } from '../../../src/core/validation/invoices'
import type { AppContext } from '../../context'
import { accounts, invoiceTitles } from '../../db/schema'
import { SESSION_MESSAGES } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import { OPERATE_STATUS, type OperateLog } from '../operate-log/operate-log'
import { invalid, sessionEnded } from '../shared/errors'
import type { RoleService } from '../shared/roles'

type TitleRow = typeof invoiceTitles.$inferSelect

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

function titleView(row: TitleRow): InvoiceTitle {
  return {
    id: row.id,
    subject: row.subject,
    title: row.title,
    code: row.code,
    enterpriseAddress: row.enterpriseAddress,
    enterpriseTel: row.enterpriseTel,
    depositBank: row.depositBank,
    depositBankCard: row.depositBankCard,
    mailboxes: row.mailboxes,
    updateTime: row.updatedAt.toISOString(),
  }
}

/** The stored fields of a checked request: a person keeps no company details; ID numbers upper case. */
function storedFields(request: InvoiceTitleRequest) {
  const personal = request.subject === INVOICE_SUBJECT.personal
  return {
    subject: request.subject,
    title: trimmed(request.title),
    code: personal ? trimmed(request.code).toUpperCase() : trimmed(request.code),
    enterpriseAddress: personal ? '' : trimmed(request.enterpriseAddress),
    enterpriseTel: personal ? '' : trimmed(request.enterpriseTel),
    depositBank: personal ? '' : trimmed(request.depositBank),
    depositBankCard: personal ? '' : trimmed(request.depositBankCard),
    mailboxes: mailboxesOf(request.mailboxes.join(',')),
  }
}

export function createInvoiceTitles(
  { db, now }: AppContext,
  { roles, operateLog }: { roles: RoleService; operateLog: OperateLog },
) {
  const mine = (viewer: Viewer) => eq(invoiceTitles.accountId, viewer.accountId)

  async function actorOf(viewer: Viewer) {
    const actor = await roles.heldRole(viewer.memberId, viewer)
    if (!actor) throw sessionEnded(SESSION_MESSAGES.revoked)
    return actor
  }

  function checked(request: InvoiceTitleRequest) {
    const error = Object.values(validateInvoiceTitle(request)).find(Boolean)
    if (error) throw invalid(error)
    return storedFields(request)
  }

  const entry = (content: string, ip: string) => ({
    type: INVOICE_LOG_TYPE,
    status: OPERATE_STATUS.success,
    content,
    ip,
  })

  /** GET /api/pc/getInvoiceTitles: oldest first, as they were added. */
  async function list(viewer: Viewer): Promise<InvoiceTitle[]> {
    const rows = await db.select().from(invoiceTitles).where(mine(viewer)).orderBy(asc(invoiceTitles.id))
    return rows.map(titleView)
  }

  /** POST /api/pc/addInvoiceTitle. */
  async function add(viewer: Viewer, request: InvoiceTitleRequest, ip: string): Promise<InvoiceTitle> {
    const fields = checked(request)
    const actor = await actorOf(viewer)
    return db.transaction(async (tx) => {
      // Counted under a lock on the account, so two adds at once cannot pass the limit.
      await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.id, viewer.accountId))
        .for('update')
      const [{ total }] = await tx.select({ total: count() }).from(invoiceTitles).where(mine(viewer))
      if (total >= MAX_INVOICE_TITLES) throw invalid(INVOICE_MSG.tooManyTitles)
      const [row] = await tx
        .insert(invoiceTitles)
        .values({ ...fields, accountId: viewer.accountId, createdAt: now(), updatedAt: now() })
        .returning()
      await operateLog.record(actor, entry(`新增发票抬头：${row.title}`, ip), tx)
      return titleView(row)
    })
  }

  /** POST /api/pc/updateInvoiceTitle: another account's title answers as missing. */
  async function update(
    viewer: Viewer,
    id: number,
    request: InvoiceTitleRequest,
    ip: string,
  ): Promise<InvoiceTitle> {
    const fields = checked(request)
    const actor = await actorOf(viewer)
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(invoiceTitles)
        .set({ ...fields, updatedAt: now() })
        .where(and(eq(invoiceTitles.id, id), mine(viewer)))
        .returning()
      if (!row) throw invalid(INVOICE_MSG.titleMissing)
      await operateLog.record(actor, entry(`修改发票抬头：${row.title}`, ip), tx)
      return titleView(row)
    })
  }

  /** POST /api/pc/deleteInvoiceTitle. */
  async function remove(viewer: Viewer, id: number, ip: string): Promise<void> {
    const actor = await actorOf(viewer)
    await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(invoiceTitles)
        .where(and(eq(invoiceTitles.id, id), mine(viewer)))
        .returning({ title: invoiceTitles.title })
      if (!row) throw invalid(INVOICE_MSG.titleMissing)
      await operateLog.record(actor, entry(`删除发票抬头：${row.title}`, ip), tx)
    })
  }

  return { list, add, update, remove }
}

export type InvoiceTitles = ReturnType<typeof createInvoiceTitles>
