// Recipients of an account's notifications and their confirmation links (doc2 §3 Recipient, §4
// Receiver confirmation, §7 Recipients, §8 添加超时 请重新获取验证).
//
// Rules decided here (docs/api.md "Recipients and receiver confirmation"):
// - The main account adds, edits and deletes recipients and resends links; its sub-admins read the
//   list only (account-area §6). Another account's id is answered like a missing one.
// - A sub-admin whose 接收通知 switch is on is a recipient too (sub_account_id set): it is created,
//   changed and removed with the sub-admin (sub-accounts.ts), never through the recipient calls.
// - Adding sends a link by SMS to the phone (validateType 1) and by e-mail to the mailbox
//   (validateType 2). A link is 32 random bytes (only the hash is kept), works once, lives
//   VALIDATE_TTL_MS by the server's clock, and only for the address it was sent to; a new link for
//   the same address and type replaces the old one. The effectiveTime in the URL is for display.
// - Links are resent at most once a RESEND_LOCK_MS per recipient and type, and every link sent
//   (adding, a new mailbox, a resend, a sub-admin's 接收通知 on) counts against MESSAGES_PER_ACCOUNT
//   an hour from one account and MESSAGES_PER_TARGET an hour to one phone or mailbox from all
//   accounts, so deleting and re-adding cannot be used to flood a phone or a mailbox.
// - Every transaction that writes an account's recipients or links takes the account's advisory
//   lock first (then the target's), so the limits and the counts hold for simultaneous calls.
// - A sub-admin whose phone is already a hand-added recipient is not mirrored: the owner's row stays
//   as it is (mirroring it would lose it when the sub-admin is deleted or stops receiving notices).
// - A sub-admin reads phones and mailboxes masked.
// - Production has no SMS or mail gateway: adding and sending are refused before anything is
//   written (as for sub-admins).
import { offsetOf, pagesOf, totalBeside, type PageRequest } from '../shared/paging'
import { createFirstPageCache, type FirstPageCache } from '../shared/first-page-cache'
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm'
import {
  isValidateType,
  RECIPIENT_MESSAGES,
  VALIDATE_TYPE,
  type Recipient,
  type RecipientForm,
  type RecipientPage,
  type ValidateLinkInfo,
  type ValidateType,
} from '../../../src/core/contract/recipients'
import { maskMailbox, maskPhone } from '../../../src/core/format/mask'
import { validateRecipient } from '../../../src/core/validation/recipient'
import { plainName } from '../../../src/core/validation/rules'
import { hours, later, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { accounts, dictionaryItems, recipients, recipientValidations, subAccounts } from '../../db/schema'
import { invalid, INVALID_PARAMS, notConfigured, notFound, tooManyRequests } from '../shared/errors'
import { hashToken, newToken } from '../../security/tokens'
import type { Outbox } from '../outbox/outbox'
import { ROLE, type Role } from '../../../src/core/contract/account'

export const VALIDATE_TTL_MS = hours(24)
export const RESEND_LOCK_MS = 60_000
export const RECIPIENT_LIMIT = 20
export const RECIPIENT_NOT_FOUND = '接收人不存在'
export const RECIPIENT_PHONE_TAKEN = '该手机号已是接收人'
export const RECIPIENT_LIMIT_REACHED = '接收人数量已达上限'
export const RECIPIENT_PHONE_READ_ONLY = '手机号不可修改'
export const RECIPIENT_OF_SUB_ADMIN = '该接收人为子管理员，请在子管理员列表中修改'
export const RESEND_TOO_SOON = '发送过于频繁，请1分钟后再试'
export const MESSAGE_WINDOW_MS = hours(1)
/** The whole list (RECIPIENT_LIMIT, two links each) set up at once, and a few resends. */
export const MESSAGES_PER_ACCOUNT = 50
export const MESSAGES_PER_TARGET = 5
export const TOO_MANY_MESSAGES = '验证链接发送次数过多，请1小时后再试'
const GATEWAY = '短信和邮件服务'
const POSITION_DICTIONARY = 'recipient_position'

type RecipientRow = typeof recipients.$inferSelect
type SubAdminRow = typeof subAccounts.$inferSelect
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
/** What a transaction leaves to do once it has committed: the messages. */
type Send = () => Promise<unknown>
const nothingToSend: Send = async () => undefined

/** The account a recipient belongs to, as the caller's session names it. */
export interface RecipientOwner {
  accountId: number
}

/** Who reads the list: a sub-admin sees phones and mailboxes masked. */
export interface RecipientReader extends RecipientOwner {
  role: Role
}

export function validatePath(id: string, validateType: ValidateType, expiresAt: Date): string {
  return `/validate?id=${encodeURIComponent(id)}&validateType=${validateType}&effectiveTime=${expiresAt.getTime()}`
}

/** Advisory locks: the account's before a target's (the same order everywhere, no deadlock). */
const lockAccount = (tx: Tx, accountId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recipients-account:${accountId}`}))`)
const lockTarget = (tx: Tx, target: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recipient-target:${target}`}))`)

const targetOf = (row: RecipientRow, type: ValidateType) =>
  type === VALIDATE_TYPE.sms ? row.phone : row.mailbox

export function createRecipientService(
  { db, now, config }: AppContext,
  outbox: Outbox,
  { firstPages = createFirstPageCache() }: { firstPages?: FirstPageCache } = {},
) {
  /** Links go by SMS and by mail: both providers are needed (none in production without them). */
  const linksConfigured = () => outbox.gateways.sms !== null && outbox.gateways.mail !== null
  /** After the commit: the first delivery attempts, in order (a refusal leaves the link to resend). */
  const attemptAll =
    (ids: number[]): Send =>
    async () => {
      for (const id of ids) await outbox.attempt(id)
    }

  const live = (accountId: number) => and(eq(recipients.accountId, accountId), isNull(recipients.deletedAt))

  async function liveCount(reader: Database | Tx, accountId: number): Promise<number> {
    const [{ total }] = await reader.select({ total: count() }).from(recipients).where(live(accountId))
    return total
  }

  async function positionNames(): Promise<Map<string, string>> {
    const rows = await db
      .select({ itemValue: dictionaryItems.itemValue, itemText: dictionaryItems.itemText })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.code, POSITION_DICTIONARY))
    return new Map(rows.map((p) => [p.itemValue, p.itemText]))
  }

  async function toItems(rows: RecipientRow[], masked = false): Promise<Recipient[]> {
    const names = await positionNames()
    return rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      mailbox: masked ? maskMailbox(row.mailbox) : row.mailbox,
      bingPhone: masked ? maskPhone(row.phone) : row.phone,
      position: row.position,
      positionName: names.get(row.position) ?? '',
      smsValidateStatus: row.smsValidated,
      emailValidateStatus: row.emailValidated,
      subAccountId: row.subAccountId ?? 0,
      createTime: row.createdAt.toISOString(),
    }))
  }

  async function ownRow(owner: RecipientOwner, id: number): Promise<RecipientRow> {
    const [row] = await db
      .select()
      .from(recipients)
      .where(and(eq(recipients.id, id), live(owner.accountId)))
      .limit(1)
    if (!row) throw notFound(RECIPIENT_NOT_FOUND)
    return row
  }

  /** A hand-added recipient: one mirroring a sub-admin changes only with the sub-admin. */
  async function ownEditable(owner: RecipientOwner, id: number): Promise<RecipientRow> {
    const row = await ownRow(owner, id)
    if (row.subAccountId !== null) throw invalid(RECIPIENT_OF_SUB_ADMIN)
    return row
  }

  const isMasked = (reader: RecipientReader) => reader.role !== ROLE.main

  function page(owner: RecipientReader, request: PageRequest) {
    const key = `recipients:${isMasked(owner) ? 'masked' : 'main'}`
    return firstPages.page(owner.accountId, key, request, () => read(owner, request))
  }

  async function read(owner: RecipientReader, request: PageRequest): Promise<RecipientPage> {
    const rows = await db
      .select()
      .from(recipients)
      .where(live(owner.accountId))
      .orderBy(desc(recipients.createdAt), desc(recipients.id))
      .limit(request.pageSize)
      .offset(offsetOf(request))
    const total = await totalBeside(rows.length, request, () => liveCount(db, owner.accountId))
    return { list: await toItems(rows, isMasked(owner)), total, pages: pagesOf(total, request) }
  }

  async function detail(owner: RecipientReader, id: number): Promise<Recipient> {
    return (await toItems([await ownRow(owner, id)], isMasked(owner)))[0]
  }

  async function checkedForm(form: RecipientForm): Promise<RecipientForm> {
    const errors = validateRecipient(form, [...(await positionNames()).keys()])
    const first = Object.values(errors)[0]
    if (first) throw invalid(first)
    return {
      fullName: plainName(form.fullName),
      mailbox: form.mailbox.trim(),
      bingPhone: form.bingPhone.trim(),
      position: form.position.trim(),
    }
  }

  async function accountNameOf(tx: Tx, accountId: number): Promise<string> {
    const [row] = await tx
      .select({ name: accounts.accountName })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1)
    return row?.name ?? ''
  }

  /** 429 when the account or the address has had its links for this hour (counted under locks). */
  async function assertMaySend(tx: Tx, accountId: number, address: string) {
    const target = address.toLowerCase()
    await lockAccount(tx, accountId)
    await lockTarget(tx, target)
    const since = new Date(now().getTime() - MESSAGE_WINDOW_MS)
    const sentSince = async (condition: SQL) => {
      const [row] = await tx
        .select({ total: count() })
        .from(recipientValidations)
        .innerJoin(recipients, eq(recipients.id, recipientValidations.recipientId))
        .where(and(condition, gt(recipientValidations.createdAt, since)))
      return row?.total ?? 0
    }
    if (
      (await sentSince(eq(recipients.accountId, accountId))) >= MESSAGES_PER_ACCOUNT ||
      (await sentSince(sql`lower(${recipientValidations.target}) = ${target}`)) >= MESSAGES_PER_TARGET
    ) {
      throw tooManyRequests(TOO_MANY_MESSAGES)
    }
  }

  /**
   * A new link for one address, within the hourly limits; older unused links of that recipient and
   * type stop working. Every link is issued here, inside the transaction that needs it.
   */
  async function issue(tx: Tx, row: RecipientRow, type: ValidateType) {
    await assertMaySend(tx, row.accountId, targetOf(row, type))
    const code = newToken()
    const createdAt = now()
    const expiresAt = later(createdAt, VALIDATE_TTL_MS)
    await tx
      .update(recipientValidations)
      .set({ usedAt: createdAt })
      .where(
        and(
          eq(recipientValidations.recipientId, row.id),
          eq(recipientValidations.validateType, type),
          isNull(recipientValidations.usedAt),
        ),
      )
    await tx.insert(recipientValidations).values({
      recipientId: row.id,
      validateType: type,
      target: targetOf(row, type),
      codeHash: hashToken(code),
      createdAt,
      expiresAt,
    })
    return validatePath(code, type, expiresAt)
  }

  /** Queues the link in the caller's transaction (services/outbox/outbox.ts); returns the message's id. */
  async function queue(tx: Tx, row: RecipientRow, type: ValidateType, link: string, origin: string) {
    const params = {
      account: await accountNameOf(tx, row.accountId),
      name: row.fullName,
      url: `${config.publicOrigin ?? origin}${link}`,
      path: link,
    }
    const sms = type === VALIDATE_TYPE.sms
    return outbox.enqueue(
      tx,
      {
        channel: sms ? 'sms' : 'email',
        recipient: sms ? row.phone : row.mailbox,
        template: 'recipientLink',
        params,
        accountId: row.accountId,
        ttlMs: VALIDATE_TTL_MS,
      },
      { attemptNow: true },
    )
  }

  /** Issues and sends a link for each type, after the row is written. */
  async function sendLinks(tx: Tx, row: RecipientRow, types: ValidateType[], origin: string): Promise<Send> {
    const ids: number[] = []
    for (const type of types) {
      if (targetOf(row, type)) ids.push(await queue(tx, row, type, await issue(tx, row, type), origin))
    }
    return attemptAll(ids)
  }

  async function insertRow(tx: Tx, values: typeof recipients.$inferInsert, origin: string) {
    const [row] = await tx.insert(recipients).values(values).returning()
    return { row, send: await sendLinks(tx, row, [VALIDATE_TYPE.sms, VALIDATE_TYPE.email], origin) }
  }

  /** The limit is counted under the account's lock, so simultaneous adds cannot pass it. */
  async function add(owner: RecipientOwner, form: RecipientForm, origin: string): Promise<Recipient> {
    if (!linksConfigured()) throw notConfigured(GATEWAY)
    const values = await checkedForm(form)
    try {
      const { row, send } = await db.transaction(async (tx) => {
        await lockAccount(tx, owner.accountId)
        if ((await liveCount(tx, owner.accountId)) >= RECIPIENT_LIMIT) throw invalid(RECIPIENT_LIMIT_REACHED)
        return insertRow(
          tx,
          {
            accountId: owner.accountId,
            fullName: values.fullName,
            mailbox: values.mailbox,
            phone: values.bingPhone,
            position: values.position,
            createdAt: now(),
          },
          origin,
        )
      })
      await send()
      return (await toItems([row]))[0]
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid(RECIPIENT_PHONE_TAKEN)
      throw error
    }
  }

  /**
   * The new values; a changed mailbox is unconfirmed again and gets a new e-mail link (none in
   * production, which has no gateway: the change is kept, the mailbox stays unconfirmed).
   */
  async function updateRow(
    tx: Tx,
    row: RecipientRow,
    values: Omit<RecipientForm, 'bingPhone'>,
    origin: string,
  ) {
    const mailboxChanged = values.mailbox !== row.mailbox
    const [updated] = await tx
      .update(recipients)
      .set({
        fullName: values.fullName,
        mailbox: values.mailbox,
        position: values.position,
        ...(mailboxChanged ? { emailValidated: 0 } : {}),
      })
      .where(eq(recipients.id, row.id))
      .returning()
    const types = mailboxChanged && outbox.gateways.mail ? [VALIDATE_TYPE.email] : []
    return { updated, send: await sendLinks(tx, updated, types, origin) }
  }

  async function edit(owner: RecipientOwner, id: number, form: RecipientForm, origin: string) {
    const row = await ownEditable(owner, id)
    if (form.bingPhone && form.bingPhone.trim() !== row.phone) throw invalid(RECIPIENT_PHONE_READ_ONLY)
    const values = await checkedForm({ ...form, bingPhone: row.phone })
    const { updated, send } = await db.transaction(async (tx) => {
      await lockAccount(tx, row.accountId)
      return updateRow(tx, row, values, origin)
    })
    await send()
    return (await toItems([updated]))[0]
  }

  async function removeRow(tx: Tx, row: RecipientRow) {
    const at = now()
    await tx.update(recipients).set({ deletedAt: at }).where(eq(recipients.id, row.id))
    await tx
      .update(recipientValidations)
      .set({ usedAt: at })
      .where(and(eq(recipientValidations.recipientId, row.id), isNull(recipientValidations.usedAt)))
  }

  async function remove(owner: RecipientOwner, id: number): Promise<void> {
    const row = await ownEditable(owner, id)
    await db.transaction(async (tx) => {
      await lockAccount(tx, row.accountId)
      await removeRow(tx, row)
    })
  }

  /** sendSmsValidate / sendEmailValidate: a fresh link, at most once a minute per type. */
  async function resend(owner: RecipientOwner, id: number, type: ValidateType, origin: string) {
    if (!linksConfigured()) throw notConfigured(GATEWAY)
    const row = await ownRow(owner, id)
    if (!targetOf(row, type)) throw invalid(INVALID_PARAMS)
    const messageId = await db.transaction(async (tx) => {
      // Checked under the account's lock: of two resends at once, the second sees the first's link.
      await lockAccount(tx, row.accountId)
      const since = new Date(now().getTime() - RESEND_LOCK_MS)
      const [recent] = await tx
        .select({ id: recipientValidations.id })
        .from(recipientValidations)
        .where(
          and(
            eq(recipientValidations.recipientId, row.id),
            eq(recipientValidations.validateType, type),
            gt(recipientValidations.createdAt, since),
          ),
        )
        .limit(1)
      if (recent) throw tooManyRequests(RESEND_TOO_SOON)
      return queue(tx, row, type, await issue(tx, row, type), origin)
    })
    await attemptAll([messageId])()
  }

  /** The link and its recipient when it still works: unused, unexpired, for the current address. */
  async function workingLink(id: string, validateType: unknown) {
    const code = id.trim()
    if (!code || !isValidateType(validateType)) return null
    const [found] = await db
      .select({ link: recipientValidations, recipient: recipients, accountName: accounts.accountName })
      .from(recipientValidations)
      .innerJoin(recipients, eq(recipients.id, recipientValidations.recipientId))
      .innerJoin(accounts, eq(accounts.id, recipients.accountId))
      .where(
        and(
          eq(recipientValidations.codeHash, hashToken(code)),
          eq(recipientValidations.validateType, validateType),
        ),
      )
      .limit(1)
    if (!found || found.link.usedAt || found.link.expiresAt <= now()) return null
    if (found.recipient.deletedAt || targetOf(found.recipient, validateType) !== found.link.target)
      return null
    return { ...found, validateType }
  }

  /** judgeInvalid (public): whether the link still works, and whom it confirms (masked). */
  async function judge(id: string, validateType: unknown): Promise<ValidateLinkInfo> {
    const found = await workingLink(id, validateType)
    if (!found) return { valid: false }
    const { recipient, link } = found
    return {
      valid: true,
      validateType: found.validateType,
      accountName: found.accountName,
      fullName: recipient.fullName,
      target:
        found.validateType === VALIDATE_TYPE.sms
          ? maskPhone(recipient.phone)
          : maskMailbox(recipient.mailbox),
      expireTime: link.expiresAt.toISOString(),
    }
  }

  /** updateValidateStatus (public): spends the link once and confirms its address. */
  async function confirm(id: string, validateType: unknown): Promise<void> {
    const found = await workingLink(id, validateType)
    if (!found) throw invalid(RECIPIENT_MESSAGES.timeout)
    const at = now()
    const column = found.validateType === VALIDATE_TYPE.sms ? 'smsValidated' : 'emailValidated'
    const done = await db.transaction(async (tx) => {
      // Two opens at once: the guarded UPDATE lets one through.
      const spent = await tx
        .update(recipientValidations)
        .set({ usedAt: at })
        .where(
          and(
            eq(recipientValidations.id, found.link.id),
            isNull(recipientValidations.usedAt),
            gt(recipientValidations.expiresAt, at),
          ),
        )
        .returning({ id: recipientValidations.id })
      if (spent.length === 0) return false
      await tx
        .update(recipients)
        .set({ [column]: 1 })
        .where(and(eq(recipients.id, found.recipient.id), isNull(recipients.deletedAt)))
      return true
    })
    if (!done) throw invalid(RECIPIENT_MESSAGES.timeout)
  }

  /**
   * A sub-admin's 接收通知 (sub-accounts.ts), in the sub-admin's own transaction: the recipient
   * changes commit or roll back with it. On: it becomes a recipient and gets its links; off or
   * deleted: its recipient is removed. Edited: the recipient follows its name, mailbox and position.
   * A hand-added recipient with its phone is left alone and the sub-admin not mirrored. Returns the
   * sending, for after the commit.
   */
  async function followSubAdmin(tx: Tx, subAdmin: SubAdminRow, origin: string): Promise<Send> {
    await lockAccount(tx, subAdmin.accountId)
    const receives = subAdmin.isReceiveNotify === 1 && subAdmin.deletedAt === null
    const [mirror] = await tx
      .select()
      .from(recipients)
      .where(and(eq(recipients.subAccountId, subAdmin.id), isNull(recipients.deletedAt)))
      .limit(1)
    if (!receives) {
      if (mirror) await removeRow(tx, mirror)
      return nothingToSend
    }
    const values = { fullName: subAdmin.fullName, mailbox: subAdmin.mailbox, position: subAdmin.position }
    if (mirror) return (await updateRow(tx, mirror, values, origin)).send
    const [samePhone] = await tx
      .select({ id: recipients.id })
      .from(recipients)
      .where(and(live(subAdmin.accountId), eq(recipients.phone, subAdmin.phoneNumber)))
      .limit(1)
    if (samePhone) return nothingToSend
    if (!linksConfigured()) throw notConfigured(GATEWAY)
    const created = await insertRow(
      tx,
      {
        accountId: subAdmin.accountId,
        subAccountId: subAdmin.id,
        ...values,
        phone: subAdmin.phoneNumber,
        createdAt: now(),
      },
      origin,
    )
    return created.send
  }

  return { page, detail, add, edit, remove, resend, judge, confirm, followSubAdmin }
}

export type RecipientService = ReturnType<typeof createRecipientService>
