// Re-verification before a protected action (操作保护: password, phone, e-mail, login mask, WeChat,
// the second factor, 退出其他设备, cancellation, the setting itself). A session is fresh for the
// member's window (5 to 30 minutes, 10 unless set) after its login (sign-in.ts marks it with
// sessions.ts markSessionFresh) or after it re-verifies here, by the member's method: an SMS code
// sent to the bound phone, a code of the authenticator app once 二次验证 is on, or its bound WeChat
// confirming in the mini-program (wechat-reverify.ts).
// requireFreshSession (http/auth.ts) refuses the action otherwise, saying which method, and the
// client's withFreshSession opens that step and retries. Sessions that did not begin with
// credentials (account switch, entry links) start stale: switching roles and back must not make a
// stolen session fresh.
import { eq } from 'drizzle-orm'
import { smsCodeError } from '../../../src/core/validation/rules'
import { PROTECTION_METHOD } from '../../../src/core/contract/operation-protection'
import type { ReverifyRequirement } from '../../../src/core/contract/fresh-session'
import { minutes, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import { members, sessions } from '../../db/schema'
import { invalid } from '../shared/errors'
import type { CaptchaService } from '../auth/captchas'
import { PHONE_AUTH_MESSAGES } from '../auth/phone-auth'
import type { Viewer } from '../shared/viewer'
import type { SmsPurpose, SmsService } from '../sms/sms'
import type { SmsRequests, SmsSendInput } from '../sms/sms-requests'
import type { OperationProtectionService } from './operation-protection'
import type { SecondFactorService } from './second-factor'

export const FRESH_SESSION_MS = minutes(10)

/** The account area's SMS purposes: a code proves only its own purpose. */
export const ACCOUNT_SMS_PURPOSE = {
  reverify: 'reverify',
  changePhone: 'changePhone',
} as const satisfies Record<string, SmsPurpose>

/** Fresh: credentials (a login or a re-verification) were shown within the window (10 minutes unless set). */
export function isFreshSession(verifiedAt: Date | null, now: Date, windowMs = FRESH_SESSION_MS): boolean {
  return verifiedAt !== null && now.getTime() - verifiedAt.getTime() <= windowMs
}

/** The viewer's session re-verified just now: fresh for the member's window from `at`. */
export function markFresh(db: Database, viewer: Viewer, at: Date) {
  return db.update(sessions).set({ verifiedAt: at }).where(eq(sessions.id, viewer.sessionId))
}

interface ReverifyDeps {
  captchas: CaptchaService
  sms: SmsService
  smsRequests: SmsRequests
  operationProtection: OperationProtectionService
  secondFactor: Pick<SecondFactorService, 'checkCurrentCode'>
}

export function createAccountReverify({ db, now }: AppContext, deps: ReverifyDeps) {
  const { captchas, sms, smsRequests, operationProtection, secondFactor } = deps

  async function isFresh(viewer: Viewer): Promise<boolean> {
    const [row] = await db
      .select({ verifiedAt: sessions.verifiedAt })
      .from(sessions)
      .where(eq(sessions.id, viewer.sessionId))
      .limit(1)
    const { windowMinutes } = await operationProtection.settingOf(viewer.memberId)
    return Boolean(row) && isFreshSession(row.verifiedAt, now(), minutes(windowMinutes))
  }

  /** How the member re-verifies: its method; SMS needs a bound phone, else only a new login. */
  async function requirement(viewer: Viewer): Promise<ReverifyRequirement> {
    const { method } = await operationProtection.settingOf(viewer.memberId)
    if (method === PROTECTION_METHOD.totp) return { method: 'totp' }
    if (method === PROTECTION_METHOD.wechat) return { method: 'wechat' }
    const [row] = await db
      .select({ phone: members.phone })
      .from(members)
      .where(eq(members.id, viewer.memberId))
      .limit(1)
    return { method: row?.phone ? 'sms' : 'relogin' }
  }

  /** POST /api/app/account/reverify/totp {code}: a current code of the authenticator app. */
  async function confirmTotp(viewer: Viewer, typedCode: string | undefined, ip: string): Promise<void> {
    await secondFactor.checkCurrentCode(viewer.memberId, (typedCode ?? '').trim(), ip)
    await markFresh(db, viewer, now())
  }

  /** POST /api/app/account/reverify/sendSmsCode: a slider solved (check222, no phone) for the bound phone. */
  async function sendCode(viewer: Viewer, input: SmsSendInput, ip: string): Promise<void> {
    const phone = await smsRequests.boundPhoneOf(viewer)
    await captchas.spendSlider((input.captchaId ?? '').trim(), phone)
    await sms.send(phone, ACCOUNT_SMS_PURPOSE.reverify, ip, { accountId: viewer.accountId })
  }

  /** POST /api/app/account/reverify/confirm {code}: the session is fresh again from now. */
  async function confirm(viewer: Viewer, typedCode: string | undefined): Promise<void> {
    const code = (typedCode ?? '').trim()
    const error = smsCodeError(code)
    if (error) throw invalid(error)
    const phone = await smsRequests.boundPhoneOf(viewer)
    if (!(await sms.consume(phone, ACCOUNT_SMS_PURPOSE.reverify, code))) {
      throw invalid(PHONE_AUTH_MESSAGES.wrongCode)
    }
    await markFresh(db, viewer, now())
  }

  return { isFresh, requirement, sendCode, confirm, confirmTotp }
}

export type AccountReverify = ReturnType<typeof createAccountReverify>
