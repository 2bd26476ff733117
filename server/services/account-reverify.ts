// Re-verification before a sensitive account change (account settings: password, phone, e-mail,
// login mask, WeChat, cancellation). A session is fresh for 10 minutes after its login or after an
// SMS code sent to the bound phone is confirmed here; requireFreshSession (http/auth.ts) refuses
// the change otherwise, and the client's withFreshSession opens the SMS step and retries.
import { eq } from 'drizzle-orm'
import { smsCodeError } from '../../src/core/validation/rules'
import { minutes, type AppContext } from '../context'
import { sessions } from '../db/schema'
import { invalid } from '../http/failure'
import type { CaptchaService } from './captchas'
import { PHONE_AUTH_MESSAGES } from './phone-auth'
import type { Viewer } from './sessions'
import type { SmsPurpose, SmsService } from './sms'
import type { SmsRequests, SmsSendInput } from './sms-requests'

export const FRESH_SESSION_MS = minutes(10)

/**
 * The account area's SMS purposes. sms.ts types the purposes it was written for; a code still
 * proves only its own purpose (the column is free text).
 */
export const ACCOUNT_SMS_PURPOSE = {
  reverify: 'reverify' as string as SmsPurpose,
  changePhone: 'changePhone' as string as SmsPurpose,
}

export interface SessionTimes {
  createdAt: Date
  verifiedAt: Date | null
}

/** Fresh: logged in or re-verified within the last 10 minutes. */
export function isFreshSession({ createdAt, verifiedAt }: SessionTimes, now: Date): boolean {
  const latest = Math.max(createdAt.getTime(), verifiedAt?.getTime() ?? 0)
  return now.getTime() - latest <= FRESH_SESSION_MS
}

interface ReverifyDeps {
  captchas: CaptchaService
  sms: SmsService
  smsRequests: SmsRequests
}

export function createAccountReverify({ db, now }: AppContext, { captchas, sms, smsRequests }: ReverifyDeps) {
  async function isFresh(viewer: Viewer): Promise<boolean> {
    const [row] = await db
      .select({ createdAt: sessions.createdAt, verifiedAt: sessions.verifiedAt })
      .from(sessions)
      .where(eq(sessions.id, viewer.sessionId))
      .limit(1)
    return Boolean(row) && isFreshSession(row, now())
  }

  /** POST /api/app/account/reverify/sendSmsCode: a slider solved (check222, no phone) for the bound phone. */
  async function sendCode(viewer: Viewer, input: SmsSendInput, ip: string): Promise<void> {
    const phone = await smsRequests.boundPhoneOf(viewer)
    await captchas.spendSlider((input.captchaId ?? '').trim(), phone)
    await sms.send(phone, ACCOUNT_SMS_PURPOSE.reverify, ip)
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

  return { isFresh, sendCode, confirm }
}

export type AccountReverify = ReturnType<typeof createAccountReverify>
