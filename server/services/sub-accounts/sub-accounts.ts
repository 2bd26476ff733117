// Sub-admins of a main account (account-area §2, §3, §5, §6, §7): the list, add / edit / delete
// and the two switches. Adding one sends the activation link of sub-account-activation.ts (§4).
//
// Rules decided here (docs/api.md "Sub-accounts, activation and customer card"):
// - An account has at most SUB_ADMIN_LIMIT live sub-admins; checkOderAvailable says whether one
//   more may be added, and adding past it is refused with 暂不支持添加子管理员.
// - A phone is taken for an account when it is the owner's phone or a live sub-admin's.
// - The member behind a sub-admin is found or created only when its link is used, so adding
//   someone's phone creates nothing in their name (sub-account-activation.ts).
// - Invitations are limited per hour: INVITATIONS_PER_ACCOUNT from one account, INVITATIONS_PER_PHONE
//   to one phone from all accounts, so the console cannot be used to flood a phone with links.
// - A sub-admin's recipient (接收通知, recipients.ts followSubAdmin) is created, changed and removed in
//   the transaction that adds, edits, switches or deletes the sub-admin.
// - A sub-admin reads the list and details with phones and mailboxes masked.
// - Production has no SMS or mail gateway: adding is refused before anything is written, and links
//   reach the log only in the sandbox.
import { offsetOf, pagesOf, totalBeside, type PageRequest } from '../shared/paging'
import { createFirstPageCache, type FirstPageCache } from '../shared/first-page-cache'
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm'
import { maskMailbox, maskPhone } from '../../../src/core/format/mask'
import { MSG } from '../../../src/core/validation/messages'
import { CANCELLATION_MSG } from '../../../src/core/validation/cancellation'
import { pendingCancellationOf } from '../account/account-cancellation'
import type {
  AddAvailability,
  Position,
  SubAdmin,
  SubAdminForm,
  SubAdminPage,
} from '../../../src/core/contract/sub-accounts'
import { validateSubAdmin } from '../../../src/core/validation/sub-admin'
import { plainName } from '../../../src/core/validation/rules'
import { hours, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import {
  accounts,
  dictionaryItems,
  members,
  sessions as sessionRows,
  subAccountActivations,
  subAccounts,
} from '../../db/schema'
import { isUniqueViolation } from '../../db/errors'
import {
  invalid,
  INVALID_PARAMS,
  notConfigured,
  notFound,
  sessionEnded,
  tooManyRequests,
} from '../shared/errors'
import type { CaptchaService } from '../auth/captchas'
import { forgetSessions, type SessionCache } from '../auth/session-cache'
import type { Outbox } from '../outbox/outbox'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import { type RoleGrant, type RoleService } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import { SESSION_MESSAGES } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import type { SignIn } from '../auth/sign-in'
import type { SmsService } from '../sms/sms'
import { createSubAccountActivation } from './sub-account-activation'
import type { RecipientService } from '../recipients/recipients'

// What the routes and the tests name here, though it lives with the activation.
export { ACTIVATION_TTL_MS } from './sub-account-activation'

export const SUB_ADMIN_LIMIT = 10
export const INVITATION_WINDOW_MS = hours(1)
/** A whole team (SUB_ADMIN_LIMIT) may be invited at once, not more. */
export const INVITATIONS_PER_ACCOUNT = 10
export const INVITATIONS_PER_PHONE = 3
export const TOO_MANY_INVITATIONS = '邀请发送次数过多，请1小时后再试'
/** What production answers: it has no SMS or mail gateway to send the link with. */
export const INVITATION_GATEWAY = '短信和邮件服务'
export const POSITION_DICTIONARY = 'recipient_position'
export const PHONE_TAKEN = '该手机号已被使用'
export const SUB_ADMIN_NOT_FOUND = '子管理员不存在'
export const PHONE_READ_ONLY = '手机号不可修改'

interface SubAccountDeps {
  roles: RoleService
  operateLog: OperateLog
  signIn: SignIn
  captchas: CaptchaService
  sms: SmsService
  recipients: RecipientService
  outbox: Outbox
  sessionCache?: SessionCache
  firstPages?: FirstPageCache
}

type SubAdminRow = typeof subAccounts.$inferSelect
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

const SWITCH_COLUMNS = { notify: 'isReceiveNotify', websiteManage: 'isWebsiteManage' } as const
const SWITCH_LABELS = { notify: '接收通知', websiteManage: '网站管理' } as const
export type SubAdminSwitch = keyof typeof SWITCH_COLUMNS

export function createSubAccountService(
  ctx: AppContext,
  {
    roles,
    operateLog,
    signIn,
    captchas,
    sms,
    recipients,
    outbox,
    sessionCache,
    firstPages = createFirstPageCache(),
  }: SubAccountDeps,
) {
  const { db, now } = ctx
  /** Invitations go by SMS and by mail: both providers are needed (production may have neither). */
  const invitationsConfigured = () => outbox.gateways.sms !== null && outbox.gateways.mail !== null
  const activation = createSubAccountActivation(ctx, { signIn, captchas, sms, outbox })
  const live = (accountId: number) => and(eq(subAccounts.accountId, accountId), isNull(subAccounts.deletedAt))

  async function positions(): Promise<Position[]> {
    return dictionary(POSITION_DICTIONARY)
  }

  async function dictionary(code: string): Promise<Position[]> {
    return db
      .select({ itemValue: dictionaryItems.itemValue, itemText: dictionaryItems.itemText })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.code, code))
      .orderBy(dictionaryItems.sort, dictionaryItems.id)
  }

  async function toItems(rows: SubAdminRow[], masked = false): Promise<SubAdmin[]> {
    const names = new Map((await positions()).map((p) => [p.itemValue, p.itemText]))
    return rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      mailbox: masked ? maskMailbox(row.mailbox) : row.mailbox,
      phoneNumber: masked ? maskPhone(row.phoneNumber) : row.phoneNumber,
      position: row.position,
      positionName: names.get(row.position) ?? '',
      activeState: row.activeState,
      isReceiveNotify: row.isReceiveNotify,
      isWebsiteManage: row.isWebsiteManage,
      isAdministrators: 0,
      createTime: row.createdAt.toISOString(),
    }))
  }

  /** The main account acting, for the operation log. */
  async function actorOf(viewer: Viewer): Promise<RoleGrant> {
    const grant = await roles.heldRole(viewer.memberId, viewer)
    if (!grant) throw sessionEnded(SESSION_MESSAGES.revoked)
    return grant
  }

  async function logAction(viewer: Viewer, type: number, content: string, ip: string) {
    await operateLog.record(await actorOf(viewer), { type, content, status: OPERATE_STATUS.success, ip })
  }

  /** A live sub-admin of the viewer's account; another account's id is answered as unknown. */
  async function ownRow(viewer: Viewer, id: number): Promise<SubAdminRow> {
    const [row] = await db
      .select()
      .from(subAccounts)
      .where(and(eq(subAccounts.id, id), live(viewer.accountId)))
      .limit(1)
    if (!row) throw notFound(SUB_ADMIN_NOT_FOUND)
    return row
  }

  const isMasked = (viewer: Viewer) => viewer.role !== ROLE.main

  function page(viewer: Viewer, request: PageRequest) {
    const key = `sub-admins:${isMasked(viewer) ? 'masked' : 'main'}`
    return firstPages.page(viewer.accountId, key, request, () => read(viewer, request))
  }

  async function read(viewer: Viewer, request: PageRequest): Promise<SubAdminPage> {
    const rows = await db
      .select()
      .from(subAccounts)
      .where(live(viewer.accountId))
      .orderBy(desc(subAccounts.createdAt), desc(subAccounts.id))
      .limit(request.pageSize)
      .offset(offsetOf(request))
    const total = await totalBeside(rows.length, request, () => liveCount(viewer.accountId))
    return { list: await toItems(rows, isMasked(viewer)), total, pages: pagesOf(total, request) }
  }

  async function detail(viewer: Viewer, id: number): Promise<SubAdmin> {
    const [item] = await toItems([await ownRow(viewer, id)], isMasked(viewer))
    return item
  }

  async function liveCount(accountId: number): Promise<number> {
    const [{ total }] = await db.select({ total: count() }).from(subAccounts).where(live(accountId))
    return total
  }

  /** GET checkOderAvailable: whether one more sub-admin may be added. */
  async function addAvailability(viewer: Viewer): Promise<AddAvailability> {
    const used = await liveCount(viewer.accountId)
    return { available: used < SUB_ADMIN_LIMIT, used, limit: SUB_ADMIN_LIMIT }
  }

  /** POST checkPhoneNumberAvailable: false when the phone is the owner's or a live sub-admin's. */
  async function phoneAvailable(viewer: Viewer, phoneNumber: string): Promise<boolean> {
    const phone = phoneNumber.trim()
    const [owner] = await db
      .select({ phone: members.phone })
      .from(accounts)
      .innerJoin(members, eq(members.id, accounts.ownerMemberId))
      .where(eq(accounts.id, viewer.accountId))
      .limit(1)
    if (owner?.phone === phone) return false
    const [taken] = await db
      .select({ id: subAccounts.id })
      .from(subAccounts)
      .where(and(live(viewer.accountId), eq(subAccounts.phoneNumber, phone)))
      .limit(1)
    return !taken
  }

  async function checkedForm(form: SubAdminForm): Promise<SubAdminForm> {
    const values = (await positions()).map((p) => p.itemValue)
    const errors = validateSubAdmin(form, values)
    const first = Object.values(errors)[0]
    if (first) throw invalid(first)
    return {
      fullName: plainName(form.fullName),
      mailbox: form.mailbox.trim(),
      phoneNumber: form.phoneNumber.trim(),
      position: form.position.trim(),
    }
  }

  /** 429 when the account or the phone has had its invitations for this hour. */
  async function assertMayInvite(tx: Tx, accountId: number, phone: string): Promise<void> {
    const since = new Date(now().getTime() - INVITATION_WINDOW_MS)
    const sentSince = async (condition: SQL) => {
      const [row] = await tx
        .select({ total: count() })
        .from(subAccountActivations)
        .innerJoin(subAccounts, eq(subAccounts.id, subAccountActivations.subAccountId))
        .where(and(condition, gt(subAccountActivations.createdAt, since)))
      return row?.total ?? 0
    }
    if (
      (await sentSince(eq(subAccounts.accountId, accountId))) >= INVITATIONS_PER_ACCOUNT ||
      (await sentSince(eq(subAccounts.phoneNumber, phone))) >= INVITATIONS_PER_PHONE
    ) {
      throw tooManyRequests(TOO_MANY_INVITATIONS)
    }
  }

  /**
   * The sub-admin, its activation and its recipient (接收通知 is on for a new one) are written
   * together, under advisory locks on the account and the phone, so simultaneous adds cannot slip
   * past the invitation limits.
   */
  async function insertInvited(accountId: number, accountName: string, values: SubAdminForm, origin: string) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite-account:${accountId}`}))`)
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite-phone:${values.phoneNumber}`}))`)
        await assertMayInvite(tx, accountId, values.phoneNumber)
        const [row] = await tx
          .insert(subAccounts)
          .values({ accountId, ...values, activeState: 0, createdAt: now() })
          .returning()
        const sendRecipientLinks = await recipients.followSubAdmin(tx, row, origin)
        // Last, so that it is the newest message to the phone and the mailbox.
        const links = await activation.queueLink(
          tx,
          row,
          accountName,
          await activation.issue(tx, row),
          origin,
        )
        return { row, sendRecipientLinks, links }
      })
    } catch (error) {
      // Two adds of one phone at once: the partial unique index lets one through.
      if (isUniqueViolation(error)) throw invalid(PHONE_TAKEN)
      throw error
    }
  }

  /** `origin`: the request's, used for the link only in the sandbox without PUBLIC_ORIGIN. */
  async function add(viewer: Viewer, form: SubAdminForm, ip: string, origin: string): Promise<SubAdmin> {
    if (!invitationsConfigured()) throw notConfigured(INVITATION_GATEWAY)
    const values = await checkedForm(form)
    // 注销中: a new sub-admin would block the cancellation it is waiting for.
    if (await pendingCancellationOf(db, viewer.accountId)) throw invalid(CANCELLATION_MSG.noSubAdmins)
    if (!(await addAvailability(viewer)).available) throw invalid(MSG.subAdminLimit)
    if (!(await phoneAvailable(viewer, values.phoneNumber))) throw invalid(PHONE_TAKEN)
    const actor = await actorOf(viewer)
    const { row, sendRecipientLinks, links } = await insertInvited(
      viewer.accountId,
      actor.accountName,
      values,
      origin,
    )
    await sendRecipientLinks()
    for (const id of links) await outbox.attempt(id)
    await logAction(
      viewer,
      OPERATE_TYPE.addSubAdmin,
      `新增子管理员 ${row.fullName}（${maskPhone(row.phoneNumber)}）`,
      ip,
    )
    return (await toItems([row]))[0]
  }

  async function edit(
    viewer: Viewer,
    id: number,
    form: SubAdminForm,
    ip: string,
    origin: string,
  ): Promise<SubAdmin> {
    const row = await ownRow(viewer, id)
    // §5: the phone is read-only on edit.
    if (form.phoneNumber && form.phoneNumber.trim() !== row.phoneNumber) throw invalid(PHONE_READ_ONLY)
    const values = await checkedForm({ ...form, phoneNumber: row.phoneNumber })
    const { updated, send } = await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(subAccounts)
        .set({ fullName: values.fullName, mailbox: values.mailbox, position: values.position })
        .where(eq(subAccounts.id, row.id))
        .returning()
      // Its recipient (接收通知 on) follows the new name, mailbox and position.
      return { updated: changed, send: await recipients.followSubAdmin(tx, changed, origin) }
    })
    await send()
    await logAction(
      viewer,
      OPERATE_TYPE.editSubAdmin,
      `编辑子管理员 ${updated.fullName}（${maskPhone(row.phoneNumber)}）`,
      ip,
    )
    return (await toItems([updated]))[0]
  }

  /**
   * The row stays (the log and old sessions name it) but is never listed again; the member loses
   * the role at once (its sessions in that role end) and its link stops working.
   */
  async function remove(viewer: Viewer, id: number, ip: string): Promise<void> {
    const row = await ownRow(viewer, id)
    const at = now()
    const ended = await db.transaction(async (tx) => {
      await tx
        .update(subAccounts)
        .set({ deletedAt: at, activeState: 0, memberId: null })
        .where(eq(subAccounts.id, row.id))
      await tx
        .update(subAccountActivations)
        .set({ usedAt: at })
        .where(and(eq(subAccountActivations.subAccountId, row.id), isNull(subAccountActivations.usedAt)))
      // Its recipient goes with it (removing sends nothing).
      await recipients.followSubAdmin(tx, { ...row, deletedAt: at }, '')
      return tx
        .update(sessionRows)
        .set({ revokedAt: at })
        .where(and(eq(sessionRows.subAccountId, row.id), isNull(sessionRows.revokedAt)))
        .returning({ id: sessionRows.id })
    })
    forgetSessions(sessionCache, ended)
    await logAction(
      viewer,
      OPERATE_TYPE.deleteSubAdmin,
      `删除子管理员 ${row.fullName}（${maskPhone(row.phoneNumber)}）`,
      ip,
    )
  }

  /** `origin`: for the confirmation links 接收通知 sends (recipients.ts). */
  async function setSwitch(
    viewer: Viewer,
    which: SubAdminSwitch,
    id: number,
    status: number,
    ip: string,
    origin: string,
  ) {
    if (status !== 0 && status !== 1) throw invalid(INVALID_PARAMS)
    const row = await ownRow(viewer, id)
    // 接收通知 on makes the sub-admin a recipient, which production cannot send links to.
    if (which === 'notify' && status === 1 && !invitationsConfigured())
      throw notConfigured(INVITATION_GATEWAY)
    const send = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(subAccounts)
        .set({ [SWITCH_COLUMNS[which]]: status })
        .where(eq(subAccounts.id, row.id))
        .returning()
      return which === 'notify' ? recipients.followSubAdmin(tx, updated, origin) : undefined
    })
    await send?.()
    const state = status ? '开启' : '关闭'
    await logAction(
      viewer,
      OPERATE_TYPE.editSubAdmin,
      `编辑子管理员 ${row.fullName}：${SWITCH_LABELS[which]}${state}`,
      ip,
    )
  }

  return {
    dictionary,
    page,
    detail,
    addAvailability,
    phoneAvailable,
    add,
    edit,
    remove,
    setSwitch,
    activationInfo: activation.info,
    sendActivationSms: activation.sendSms,
    activate: activation.activate,
  }
}

export type SubAccountService = ReturnType<typeof createSubAccountService>
