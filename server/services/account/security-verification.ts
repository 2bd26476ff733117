// The security verification after a password login from an address the member has not used
// (doc2 §2 Login "security verification modal", §4): the session starts pending; an SMS code sent
// to the bound phone and confirmed here verifies it and makes the address known.
import type { LoginStatus } from '../../../src/core/contract/auth'
import { maskPhone } from '../../../src/core/format/mask'
import { smsCodeError } from '../../../src/core/validation/rules'
import type { AppContext } from '../../context'
import { invalid } from '../shared/errors'
import type { KnownAddresses } from './known-addresses'
import type { MemberDirectory } from './members'
import { PHONE_AUTH_MESSAGES } from '../auth/phone-auth'
import type { SessionService } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import type { SmsService } from '../sms/sms'
import { SECOND_FACTOR_STEP } from '../../../src/core/contract/second-factor'
import type { SmsRequests } from '../sms/sms-requests'

export const VERIFIED_MESSAGE = '验证成功'

interface VerificationDeps {
  members: MemberDirectory
  sessions: SessionService
  knownAddresses: KnownAddresses
  sms: SmsService
  smsRequests: SmsRequests
}

export function createSecurityVerification(_ctx: AppContext, deps: VerificationDeps) {
  const { members, sessions, knownAddresses, sms, smsRequests } = deps

  async function loginStatus(viewer: Viewer): Promise<LoginStatus> {
    const member = await members.byId(viewer.memberId)
    return {
      verified: !viewer.pendingVerification,
      phone: maskPhone(member?.phone),
      secondFactor: viewer.pendingSecondFactor ?? SECOND_FACTOR_STEP.none,
    }
  }

  /** POST /api/app/securityVerification/confirm {code}: the code sent to the bound phone. */
  async function confirm(viewer: Viewer, typedCode: string | undefined, ip: string): Promise<void> {
    const code = (typedCode ?? '').trim()
    const error = smsCodeError(code)
    if (error) throw invalid(error)
    if (!viewer.pendingVerification) return
    const phone = await smsRequests.boundPhoneOf(viewer)
    if (!(await sms.consume(phone, 'securityVerification', code)))
      throw invalid(PHONE_AUTH_MESSAGES.wrongCode)
    await sessions.markVerified(viewer.sessionId)
    await knownAddresses.remember(viewer.memberId, ip)
  }

  return { loginStatus, confirm }
}

export type SecurityVerification = ReturnType<typeof createSecurityVerification>
