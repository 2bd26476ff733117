// Product transfer (account-area §2, §4 Transfer, §5, §7, §9; docs/api.md "Product transfer"). The
// main account hands some of its businesses, with their orders, evaluations and maintenance
// allowances, to another registered main account. The sender's invoice and contract applications
// stay with the sender (the account that paid: orders.billing_account_id); a product with an
// unfinished work order does not move. Three proofs, each
// single use: an SMS code to the caller's bound phone (step 1, checkCodeByAccountId), step 2's choice
// made within the 30 s that verification holds (confirmProducts), and an SMS code to the receiving
// phone (moveBusiness). The move and both accounts' log entries are one transaction.
//
// The verification is a row of its own table, `transfer_verifications` (db/tables-product-transfer.ts):
// bound to the session and the bound phone, live 30 s (`expires_at`); step 2 claims it (`claimed_at`,
// then live SMS_CODE_TTL_MS for step 3) and records the choice (`choice`: a digest of the chosen ids);
// moveBusiness spends it (`spent_at`) for exactly that choice; a new verification voids the session's
// earlier ones (`voided_at`). Housekeeping deletes expired rows.
import crypto from 'node:crypto'
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { insertOrder } from '../orders/order-lines'
import { IN_SERVICE_STATUSES } from '../../../src/core/contract/work-orders'
import { maskPhone } from '../../../src/core/format/mask'
import { OPERATE_STATUS, OPERATE_TYPE } from '../../../src/core/contract/operate-log'
import {
  TRANSFER_HOLD_MS,
  TRANSFER_MESSAGES,
  type CheckCodeRequest,
  type MoveBusinessRequest,
  type TransferProduct,
} from '../../../src/core/contract/product-transfer'
import {
  distinctIds,
  productsError,
  receiverPhoneError,
  transferCodeError,
} from '../../../src/core/validation/product-transfer'
import { later, type AppContext } from '../../context'
import {
  businesses,
  evaluations,
  maintenanceAllowances,
  orders,
  transferVerifications,
  workOrders,
} from '../../db/schema'
import { invalid } from '../shared/errors'
import type { CaptchaService } from '../auth/captchas'
import type { MemberDirectory } from '../account/members'
import type { OperateLog } from '../operate-log/operate-log'
import { type RoleGrant, type RoleService } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import type { Viewer } from '../shared/viewer'
import { SMS_CODE_TTL_MS, type SmsService } from '../sms/sms'
import type { SmsRequests, SmsSendInput } from '../sms/sms-requests'
import type { Tx } from '../../db/client'

/** Step 3's window once step 2 is confirmed in time: as long as the receiver's code lives. */
export const TRANSFER_CLAIM_MS = SMS_CODE_TTL_MS

interface TransferDeps {
  captchas: CaptchaService
  members: MemberDirectory
  operateLog: OperateLog
  roles: RoleService
  sms: SmsService
  smsRequests: SmsRequests
}

/** The refusal naming a product with unfinished work orders, and their numbers. */
export const openWorkOrderMessage = (product: string, numbers: string[]) =>
  `产品「${product}」有未完结的工单（工单号 ${numbers.join('、')}），请完结后再移交`

/**
 * Refused while a work order of the sender about one of the businesses (its maintenance order or
 * any of its orders) is unfinished: the order would stay with the sender on a site it no longer
 * has, and its maintenance items would be taken from the receiver's allowance.
 */
async function refuseOpenWorkOrders(
  db: AppContext['db'] | Tx,
  accountId: number,
  moving: { id: number; productName: string; secondDomain: string }[],
) {
  const ids = moving.map((business) => business.id)
  const codes = await db
    .select({ businessId: businesses.id, orderCode: businesses.orderCode })
    .from(businesses)
    .where(inArray(businesses.id, ids))
    .union(
      db
        .select({ businessId: sql<number>`${orders.businessId}`, orderCode: orders.orderCode })
        .from(orders)
        .where(and(eq(orders.accountId, accountId), inArray(orders.businessId, ids))),
    )
  if (codes.length === 0) return
  const open = await db
    .select({ number: workOrders.number, orderCode: workOrders.orderCode })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.accountId, accountId),
        inArray(workOrders.status, [...IN_SERVICE_STATUSES]),
        isNull(workOrders.deletedAt),
        inArray(
          workOrders.orderCode,
          codes.map((row) => row.orderCode),
        ),
      ),
    )
    .orderBy(workOrders.number)
  for (const business of moving) {
    const mine = new Set(codes.filter((row) => row.businessId === business.id).map((row) => row.orderCode))
    const numbers = open.filter((row) => row.orderCode && mine.has(row.orderCode)).map((row) => row.number)
    if (numbers.length) throw invalid(openWorkOrderMessage(productList([business]), numbers))
  }
}

/** Step 2's choice as the claimed verification keeps it: the same ids in any order, one digest. */
const choiceOf = (ids: readonly number[]) =>
  crypto
    .createHash('sha256')
    .update([...ids].sort((a, b) => a - b).join(','))
    .digest('hex')

/** The products a log entry names: 企业官网（xingchen）、自助建站（xcshop）. */
const productList = (rows: { productName: string; secondDomain: string }[]) =>
  rows.map((row) => `${row.productName}（${row.secondDomain}）`).join('、')

export function createProductTransfer({ db, now }: AppContext, deps: TransferDeps) {
  const { captchas: captchaService, members, operateLog, roles, sms, smsRequests } = deps

  /** The session's verification: live, not spent, claimed by step 2 or not. */
  const liveProof = (viewer: Viewer, phone: string, claimed: boolean) =>
    and(
      eq(transferVerifications.sessionId, viewer.sessionId),
      eq(transferVerifications.phone, phone),
      isNull(transferVerifications.voidedAt),
      isNull(transferVerifications.spentAt),
      claimed ? isNotNull(transferVerifications.claimedAt) : isNull(transferVerifications.claimedAt),
      gt(transferVerifications.expiresAt, now()),
    )

  /** The session's claimed verification (what step 2 chose), if live. */
  async function claimedProof(viewer: Viewer, phone: string) {
    const [row] = await db
      .select({ id: transferVerifications.id, choice: transferVerifications.choice })
      .from(transferVerifications)
      .where(liveProof(viewer, phone, true))
      .limit(1)
    return row ?? null
  }

  /** GET /api/pc/getProductListByAccountId: the main account's own businesses, newest first. */
  async function products(viewer: Viewer): Promise<TransferProduct[]> {
    const rows = await db
      .select()
      .from(businesses)
      .where(eq(businesses.accountId, viewer.accountId))
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
    return rows.map((row) => ({
      id: row.id,
      secondDomain: row.secondDomain,
      productName: row.productName,
      companyName: row.websiteName,
    }))
  }

  /** Step 1's code, to the bound phone, after a slider solved for it (check222 without a phone). */
  async function sendVerifyCode(viewer: Viewer, input: SmsSendInput, ip: string): Promise<void> {
    const phone = await smsRequests.boundPhoneOf(viewer)
    await captchaService.spendSlider((input.captchaId ?? '').trim(), phone)
    await sms.send(phone, 'transferVerify', ip, { accountId: viewer.accountId })
  }

  /** The bound phone, and the typed one must be it (the spec's call sends it). */
  async function boundPhone(viewer: Viewer, typed: string | undefined): Promise<string> {
    const phone = await smsRequests.boundPhoneOf(viewer)
    if ((typed ?? '').trim() !== phone) throw invalid(TRANSFER_MESSAGES.wrongPhone)
    return phone
  }

  /** POST /api/pc/checkCodeByAccountId: step 1. The verification holds 30 s (§9). */
  async function checkCode(viewer: Viewer, input: Partial<CheckCodeRequest>): Promise<void> {
    const codeError = transferCodeError(input.code ?? '')
    if (codeError) throw invalid(codeError)
    const phone = await boundPhone(viewer, input.phone)
    if (!(await sms.consume(phone, 'transferVerify', (input.code ?? '').trim()))) {
      throw invalid(TRANSFER_MESSAGES.wrongCode)
    }
    const current = now()
    await db.transaction(async (tx) => {
      // One verification at a time: an earlier one of the session is void from now.
      await tx
        .update(transferVerifications)
        .set({ voidedAt: current })
        .where(
          and(eq(transferVerifications.sessionId, viewer.sessionId), isNull(transferVerifications.voidedAt)),
        )
      await tx.insert(transferVerifications).values({
        id: crypto.randomUUID(),
        sessionId: viewer.sessionId,
        phone,
        createdAt: current,
        expiresAt: later(current, TRANSFER_HOLD_MS),
      })
    })
  }

  /** The caller's businesses among `ids`: refused unless every one is its own. */
  async function ownedBusinesses(viewer: Viewer, ids: number[]) {
    const rows = await db
      .select({
        id: businesses.id,
        productName: businesses.productName,
        secondDomain: businesses.secondDomain,
      })
      .from(businesses)
      .where(and(eq(businesses.accountId, viewer.accountId), inArray(businesses.id, ids)))
    if (rows.length !== ids.length) throw invalid(TRANSFER_MESSAGES.notOwned)
    return rows
  }

  function chosenIds(typed: readonly number[] | undefined): number[] {
    const ids = distinctIds(typed ?? [])
    const error = productsError(ids)
    if (error) throw invalid(error)
    return ids
  }

  /**
   * POST /api/pc/transfer/confirmProducts: step 2, within the 30 s of step 1 (§4, §9). Claims the
   * verification for step 3; later than 30 s it is gone and step 1 comes again.
   */
  async function confirmProducts(viewer: Viewer, typedIds: readonly number[] | undefined): Promise<void> {
    const ids = chosenIds(typedIds)
    await refuseOpenWorkOrders(db, viewer.accountId, await ownedBusinesses(viewer, ids))
    const phone = await smsRequests.boundPhoneOf(viewer)
    const current = now()
    const choice = choiceOf(ids)
    const claimed = await db
      .update(transferVerifications)
      .set({ claimedAt: current, expiresAt: later(current, TRANSFER_CLAIM_MS), choice })
      .where(liveProof(viewer, phone, false))
      .returning({ id: transferVerifications.id })
    if (claimed.length) return
    // Back from step 3 to step 2: the claimed verification takes the new choice.
    const rechosen = await db
      .update(transferVerifications)
      .set({ choice })
      .where(liveProof(viewer, phone, true))
      .returning({ id: transferVerifications.id })
    if (rechosen.length === 0) throw invalid(TRANSFER_MESSAGES.verificationExpired)
  }

  /** The live main account behind a receiving phone; never the caller's own. */
  async function receiverOf(viewer: Viewer, phone: string): Promise<RoleGrant> {
    const member = await members.byPhone(phone)
    const grant = member && (await roles.memberRoles(member.id)).find((role) => role.role === ROLE.main)
    if (!grant) throw invalid(TRANSFER_MESSAGES.receiverNotMain)
    if (grant.accountId === viewer.accountId) throw invalid(TRANSFER_MESSAGES.receiverSelf)
    return grant
  }

  function checkedReceiverPhone(typed: string | undefined): string {
    const phone = (typed ?? '').trim()
    const error = receiverPhoneError(phone)
    if (error) throw invalid(error)
    return phone
  }

  /**
   * POST /api/pc/transfer/sendSmsCode: step 3's code to the receiving phone. Only once step 2 is
   * confirmed, so the registered-or-not answer is given to a verified owner alone.
   */
  async function sendReceiverCode(viewer: Viewer, input: SmsSendInput, ip: string): Promise<void> {
    const phone = checkedReceiverPhone(input.phone)
    const own = await smsRequests.boundPhoneOf(viewer)
    if (phone === own) throw invalid(TRANSFER_MESSAGES.receiverSelf)
    if (!(await claimedProof(viewer, own))) throw invalid(TRANSFER_MESSAGES.verificationExpired)
    // The slider first: each registered-or-not answer costs a solved puzzle.
    await captchaService.spendSlider((input.captchaId ?? '').trim(), phone)
    await receiverOf(viewer, phone)
    await sms.send(phone, 'transferReceive', ip, { accountId: viewer.accountId })
  }

  /** POST /api/wechat/moveBusiness: step 3. Everything or nothing moves. */
  async function move(viewer: Viewer, input: Partial<MoveBusinessRequest>, ip: string): Promise<void> {
    const ids = chosenIds(input.businessIds)
    const receiverPhone = checkedReceiverPhone(input.bindPhone)
    const codeError = transferCodeError(input.code ?? '')
    if (codeError) throw invalid(codeError)
    const phone = await boundPhone(viewer, input.phone)
    if (receiverPhone === phone) throw invalid(TRANSFER_MESSAGES.receiverSelf)
    // Verified owners alone learn whether the receiving phone is registered.
    const proof = await claimedProof(viewer, phone)
    if (!proof) throw invalid(TRANSFER_MESSAGES.verificationExpired)
    const receiver = await receiverOf(viewer, receiverPhone)
    await ownedBusinesses(viewer, ids)
    const choice = choiceOf(ids)
    if (proof.choice !== choice) throw invalid(TRANSFER_MESSAGES.choiceChanged)
    if (!(await sms.consume(receiverPhone, 'transferReceive', (input.code ?? '').trim()))) {
      throw invalid(TRANSFER_MESSAGES.wrongCode)
    }
    const sender = await roles.heldRole(viewer.memberId, viewer)
    if (!sender) throw invalid(TRANSFER_MESSAGES.notOwned)
    const current = now()

    await db.transaction(async (tx) => {
      const spent = await tx
        .update(transferVerifications)
        .set({ spentAt: current })
        .where(and(liveProof(viewer, phone, true), eq(transferVerifications.choice, choice)))
        .returning({ id: transferVerifications.id })
      if (spent.length === 0) throw invalid(TRANSFER_MESSAGES.verificationExpired)
      // Locked, and owned still: a concurrent transfer of the same business moves it once.
      const moving = await tx
        .select({
          id: businesses.id,
          productName: businesses.productName,
          secondDomain: businesses.secondDomain,
        })
        .from(businesses)
        .where(and(eq(businesses.accountId, viewer.accountId), inArray(businesses.id, ids)))
        .for('update')
      if (moving.length !== ids.length) throw invalid(TRANSFER_MESSAGES.notOwned)
      await refuseOpenWorkOrders(tx, viewer.accountId, moving)
      const to = receiver.accountId
      // A backend sign-in ticket the sender holds (miandenglu, 1 minute) must not outlive the move.
      await tx
        .update(businesses)
        .set({ accountId: to, backendTicketHash: null, backendTicketExpiresAt: null })
        .where(inArray(businesses.id, ids))
      // The sender's sub-admins mean nothing on the receiving account. Invoices and contracts stay
      // with the account that paid (its tax and identity records): the receiver neither reads
      // them nor applies for these orders (orders.ts, billing.ts).
      const movedOrders = await tx
        .update(orders)
        .set({
          accountId: to,
          subAccountId: null,
          billingAccountId: sql`coalesce(${orders.billingAccountId}, ${orders.accountId})`,
        })
        .where(and(eq(orders.accountId, viewer.accountId), inArray(orders.businessId, ids)))
        .returning({ id: orders.id, orderCode: orders.orderCode })
      if (movedOrders.length) {
        const orderIds = movedOrders.map((order) => order.id)
        const orderCodes = movedOrders.map((order) => order.orderCode)
        await tx.update(evaluations).set({ accountId: to }).where(inArray(evaluations.orderId, orderIds))
        await tx
          .update(maintenanceAllowances)
          .set({ accountId: to })
          .where(
            and(
              eq(maintenanceAllowances.accountId, viewer.accountId),
              inArray(maintenanceAllowances.orderCode, orderCodes),
            ),
          )
      }
      const named = productList(moving)
      const entry = { type: OPERATE_TYPE.productTransfer, status: OPERATE_STATUS.success }
      await operateLog.record(
        sender,
        { ...entry, content: `产品转出：${named}，转移至 ${maskPhone(receiverPhone)}`, ip },
        tx,
      )
      await operateLog.record(
        receiver,
        { ...entry, content: `产品转入：${named}，来自 ${maskPhone(phone)}`, ip: '' },
        tx,
      )
    })
  }

  /** Sandbox: a paid product for a member's main account, so a transfer can be tried end to end. */
  async function sandboxProduct(phone: string, secondDomain: string): Promise<number> {
    const member = await members.byPhone(phone)
    const grant = member && (await roles.memberRoles(member.id)).find((role) => role.role === ROLE.main)
    if (!grant) throw invalid(TRANSFER_MESSAGES.receiverNotMain)
    const current = now()
    // Six random digits: under a test's stopped clock products share the millisecond, and three
    // digits once collided on orders_code_key.
    const orderCode = `MCT${current.getTime()}${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}`
    return db.transaction(async (tx) => {
      const [business] = await tx
        .insert(businesses)
        .values({
          accountId: grant.accountId,
          orderCode,
          skuId: 'SKU-ENT-WEB',
          secondDomain,
          websiteName: `${secondDomain}官网`,
          productName: '企业官网',
          productVersion: '旗舰版',
          productType: 2,
          status: 1,
          openTime: current,
          expireTime: later(current, 365 * 24 * 3600 * 1000),
          createdAt: current,
        })
        .returning({ id: businesses.id })
      await insertOrder(tx, {
        orderCode,
        accountId: grant.accountId,
        businessId: business.id,
        skuId: 'SKU-ENT-WEB',
        productName: '企业官网',
        productVersion: '旗舰版',
        productType: 2,
        orderType: 1,
        status: 1,
        originalAmount: '5800.00',
        payAmount: '5800.00',
        secondDomain,
        createdAt: current,
        payTime: current,
      })
      return business.id
    })
  }

  return { products, sendVerifyCode, checkCode, confirmProducts, sendReceiverCode, move, sandboxProduct }
}

export type ProductTransfer = ReturnType<typeof createProductTransfer>
