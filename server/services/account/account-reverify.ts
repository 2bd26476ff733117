// Re-verification before a sensitive account change (account settings: password, phone, e-mail,
// login mask, WeChat, cancellation). A session is fresh for 10 minutes after its login (sign-in.ts
// marks it with sessions.ts markSessionFresh) or after an SMS code sent to the bound phone is
// confirmed here; requireFreshSession (http/auth.ts) refuses the change otherwise, and the client's withFreshSession opens the SMS step
// and retries. Sessions that did not begin with credentials (account switch, entry links) start
// stale: switching roles and back must not make a stolen session fresh.
import { eq } from 'drizzle-orm'
import { smsCodeError } from '../../../src/core/validation/rules'
import { minutes, type AppContext } from '../../context'
import { members, sessions } from '../../db/schema'
import { invalid } from '../shared/errors'
import type { CaptchaService } from '../auth/captchas'
import { PHONE_AUTH_MESSAGES } from '../auth/phone-auth'
import type { Viewer } from '../auth/sessions'
import type { SmsPurpose, SmsService } from '../sms/sms'
import type { SmsRequests, SmsSendInput } from '../sms/sms-requests'

export const FRESH_SESSION_MS = minutes(10)

/** The account area's SMS purposes: a code proves only its own purpose. */
export const ACCOUNT_SMS_PURPOSE = {
  reverify: 'reverify',
  changePhone: 'changePhone',
} as const satisfies Record<string, SmsPurpose>

/** Fresh: credentials (a login or a re-verification) were shown within the last 10 minutes. */
export function isFreshSession(verifiedAt: Date | null, now: Date): boolean {
  return verifiedAt !== null && now.getTime() - verifiedAt.getTime() <= FRESH_SESSION_MS
}

interface ReverifyDeps {
  captchas: CaptchaService
  sms: SmsService
  smsRequests: SmsRequests
}

export function createAccountReverify({ db, now }: AppContext, { captchas, sms, smsRequests }: ReverifyDeps) {
  async function isFresh(viewer: Viewer): Promise<boolean> {
    const [row] = await db
      .select({ verifiedAt: sessions.verifiedAt })
      .from(sessions)
      .where(eq(sessions.id, viewer.sessionId))
      .limit(1)
    return Boolean(row) && isFreshSession(row.verifiedAt, now())
  }

  /** A member without a bound phone cannot re-verify by SMS: only a new login makes it fresh. */
  async function canReverify(viewer: Viewer): Promise<boolean> {
    const [row] = await db
      .select({ phone: members.phone })
      .from(members)
      .where(eq(members.id, viewer.memberId))
      .limit(1)
    return Boolean(row?.phone)
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
    await db.update(sessions).set({ verifiedAt: now() }).where(eq(sessions.id, viewer.sessionId))
  }

  return { isFresh, canReverify, sendCode, confirm }
}

export type AccountReverify = ReturnType<typeof createAccountReverify>
