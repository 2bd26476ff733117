// Activation of a sub-admin through the link sent by SMS and e-mail (account-area §4; §5 "Activation:
// a bad code gives 非法参数"). Adding a sub-admin (sub-accounts.ts) issues the link here; /activation
// reads it, sends the SMS code to the sub-admin's own phone and uses it.
//
// - Links live ACTIVATION_TTL_MS and work once; only the code's hash is kept. They are built on
//   PUBLIC_ORIGIN (the request's origin only in the sandbox without one), never on a Host header
//   a caller chose.
// - The member behind a sub-admin is found or created when the link is used (not when it is
//   added): adding someone's phone creates nothing in their name, and a link never used leaves no
//   member behind. A member created here has no password; it logs in by SMS or sets one later.
import { and, eq, gt, isNull } from 'drizzle-orm'
import { maskPhone } from '../../../src/core/format/mask'
import type { LoginResult } from '../../../src/core/contract/account'
import type {
  ActivationInfo,
  ActivationRequest,
  ActivationSmsRequest,
} from '../../../src/core/contract/sub-accounts'
import { MSG } from '../../../src/core/validation/messages'
import { smsCodeError } from '../../../src/core/validation/rules'
import { hours, later, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { accounts, members, subAccountActivations, subAccounts } from '../../db/schema'
import { invalid, INVALID_PARAMS } from '../shared/errors'
import { hashToken, newToken } from '../../security/tokens'
import type { CaptchaService } from '../auth/captchas'
import type { Outbox } from '../outbox/outbox'
import { ROLE } from '../../../src/core/contract/account'
import type { SignIn } from '../auth/sign-in'
import type { SmsService } from '../sms/sms'

export const ACTIVATION_TTL_MS = hours(24 * 7)
export const WRONG_SMS_CODE = '请输入正确的手机号和验证码'
/** The code /activation asks for proves the phone; it is sent only to the sub-admin's own phone. */
const ACTIVATION_SMS_PURPOSE = 'activation'
export const ACTIVATION_SOURCE = 'activation'

interface ActivationDeps {
  signIn: SignIn
  captchas: CaptchaService
  sms: SmsService
  outbox: Outbox
}

type SubAdminRow = typeof subAccounts.$inferSelect
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export function activationPath(activeCode: string): string {
  return `/activation?activeCode=${encodeURIComponent(activeCode)}`
}

export function createSubAccountActivation(
  { db, now, config }: AppContext,
  { signIn, captchas, sms, outbox }: ActivationDeps,
) {
  /** A new single-use activation code for a sub-admin (only its hash is kept). */
  async function issue(tx: Tx, row: SubAdminRow): Promise<string> {
    const activeCode = newToken()
    const createdAt = now()
    await tx.insert(subAccountActivations).values({
      subAccountId: row.id,
      codeHash: hashToken(activeCode),
      createdAt,
      expiresAt: later(createdAt, ACTIVATION_TTL_MS),
    })
    return activeCode
  }

  /**
   * The link by SMS and e-mail, on the public origin (a spoofed Host header cannot redirect it),
   * queued in the caller's transaction; returns the messages' ids for the first attempts.
   */
  async function queueLink(
    tx: Tx,
    row: SubAdminRow,
    accountName: string,
    activeCode: string,
    origin: string,
  ) {
    const link = activationPath(activeCode)
    const params = {
      account: accountName,
      name: row.fullName,
      url: `${config.publicOrigin ?? origin}${link}`,
      path: link,
    }
    const message = {
      template: 'activationLink',
      params,
      accountId: row.accountId,
      ttlMs: ACTIVATION_TTL_MS,
    } as const
    return [
      await outbox.enqueue(
        tx,
        { ...message, channel: 'sms', recipient: row.phoneNumber },
        { attemptNow: true },
      ),
      await outbox.enqueue(
        tx,
        { ...message, channel: 'email', recipient: row.mailbox },
        { attemptNow: true },
      ),
    ]
  }

  /** The sub-admin behind a link. Unknown, expired, deleted → 非法参数; already active → its message. */
  async function activationOf(activeCode: string) {
    const code = activeCode.trim()
    if (!code) throw invalid(INVALID_PARAMS)
    const [found] = await db
      .select({
        activation: subAccountActivations,
        subAdmin: subAccounts,
        accountName: accounts.accountName,
        memberAccount: accounts.memberAccount,
      })
      .from(subAccountActivations)
      .innerJoin(subAccounts, eq(subAccounts.id, subAccountActivations.subAccountId))
      .innerJoin(accounts, eq(accounts.id, subAccounts.accountId))
      .where(eq(subAccountActivations.codeHash, hashToken(code)))
      .limit(1)
    if (!found || found.subAdmin.deletedAt) throw invalid(INVALID_PARAMS)
    return found
  }

  async function pendingActivation(activeCode: string) {
    const found = await activationOf(activeCode)
    if (found.subAdmin.activeState === 1) throw invalid(MSG.alreadyActivated)
    if (found.activation.usedAt || found.activation.expiresAt <= now()) throw invalid(INVALID_PARAMS)
    return found
  }

  async function info(activeCode: string): Promise<ActivationInfo> {
    const { subAdmin, activation, accountName } = await activationOf(activeCode)
    const active = subAdmin.activeState === 1
    if (!active && (activation.usedAt || activation.expiresAt <= now())) throw invalid(INVALID_PARAMS)
    return {
      // Only a pending link needs the number (the code goes to it); an active one says so and stops.
      phone: active ? '' : subAdmin.phoneNumber,
      maskedPhone: maskPhone(subAdmin.phoneNumber),
      fullName: subAdmin.fullName,
      accountName,
      activeState: subAdmin.activeState,
    }
  }

  /** The code for /activation: only to the sub-admin's own phone, after a slider solved for it. */
  // The slide itself was checked by check222: its captchaId is spent here for this phone.
  async function sendSms(request: Omit<ActivationSmsRequest, 'captchaData'>, ip: string): Promise<void> {
    const { subAdmin } = await pendingActivation(request.activeCode)
    if (request.phone.trim() !== subAdmin.phoneNumber) throw invalid(INVALID_PARAMS)
    await captchas.spendSlider(request.captchaId.trim(), subAdmin.phoneNumber)
    await sms.send(subAdmin.phoneNumber, ACTIVATION_SMS_PURPOSE, ip, { accountId: subAdmin.accountId })
  }

  /** The member with that phone, or a new one without a password (no main account of its own). */
  async function memberFor(phone: string, email: string): Promise<number> {
    const [existing] = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.phone, phone))
      .limit(1)
    if (existing) return existing.id
    try {
      const [created] = await db
        .insert(members)
        .values({ phone, email, createdAt: now() })
        .returning({ id: members.id })
      return created.id
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const [raced] = await db
        .select({ id: members.id })
        .from(members)
        .where(eq(members.phone, phone))
        .limit(1)
      return raced.id
    }
  }

  /**
   * activeAccountByActiveCode: uses the link, activates the role and logs in on it through the
   * login (sign-in.ts): a fresh session, the address remembered, type 0 logged. An account that
   * would refuse the login (cancelled, caller outside its mask) is refused first, before the code
   * and the link are spent.
   */
  async function activate(request: ActivationRequest, ip: string): Promise<LoginResult> {
    const codeError = smsCodeError(request.code)
    if (codeError) throw invalid(codeError)
    const { subAdmin, activation, accountName, memberAccount } = await pendingActivation(request.activeCode)
    if (request.phone.trim() !== subAdmin.phoneNumber) throw invalid(INVALID_PARAMS)
    const role = { accountId: subAdmin.accountId, subAccountId: subAdmin.id, role: ROLE.subAdmin }
    // The member is only known once the link is used; the log entry names the sub-admin, not the member.
    await signIn.admit({ ...role, memberId: 0, memberAccount, accountName, userName: subAdmin.fullName }, ip)
    if (!(await sms.consume(subAdmin.phoneNumber, ACTIVATION_SMS_PURPOSE, request.code))) {
      throw invalid(WRONG_SMS_CODE)
    }
    const memberId = await memberFor(subAdmin.phoneNumber, subAdmin.mailbox)
    const at = now()
    const activated = await db
      .transaction(async (tx) => {
        const used = await tx
          .update(subAccountActivations)
          .set({ usedAt: at })
          .where(
            and(
              eq(subAccountActivations.id, activation.id),
              isNull(subAccountActivations.usedAt),
              gt(subAccountActivations.expiresAt, at),
            ),
          )
          .returning({ id: subAccountActivations.id })
        if (used.length === 0) return false
        await tx
          .update(subAccounts)
          .set({ memberId, activeState: 1 })
          .where(and(eq(subAccounts.id, subAdmin.id), isNull(subAccounts.deletedAt)))
        return true
      })
      .catch((error) => {
        // The member already holds a role on this account (it owns it): the link cannot apply.
        if (isUniqueViolation(error)) throw invalid(INVALID_PARAMS)
        throw error
      })
    if (!activated) throw invalid(MSG.alreadyActivated)
    return signIn.signIn(memberId, { source: ACTIVATION_SOURCE, ip, content: '激活子管理员并登录', role })
  }

  return { issue, queueLink, info, sendSms, activate }
}

export type SubAccountActivation = ReturnType<typeof createSubAccountActivation>
