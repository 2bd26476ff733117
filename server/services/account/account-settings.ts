// Account settings (account-area §2 "Account settings screen", §5, §6, §7 "Account"): the
// re-verification before sensitive changes and the changes themselves, one module each.
import type { AppContext } from '../../context'
import { createAccountCredentials } from './account-credentials'
import type { LoginMasks } from './account-login-mask'
import { createAccountProfile } from './account-profile'
import { createAccountReverify } from './account-reverify'
import type { LoginLimits } from '../auth/login-limits'
import type { CaptchaService } from '../auth/captchas'
import type { MemberDirectory } from './members'
import type { OperationProtectionService } from './operation-protection'
import type { SecondFactorService } from './second-factor'
import type { OperateLog } from '../operate-log/operate-log'
import type { RoleService } from '../shared/roles'
import type { SmsService } from '../sms/sms'
import type { SmsRequests } from '../sms/sms-requests'
import type { SessionService } from '../auth/sessions'
import type { SessionCache } from '../auth/session-cache'

export interface AccountSettingsDeps {
  members: MemberDirectory
  roles: RoleService
  captchas: CaptchaService
  operateLog: OperateLog
  sms: SmsService
  smsRequests: SmsRequests
  /** The login limits and the login mask service sign-in uses (services/index.ts builds each once). */
  limits: LoginLimits
  loginMasks: LoginMasks
  operationProtection: OperationProtectionService
  secondFactor: Pick<SecondFactorService, 'checkCurrentCode'>
  sessions: Pick<SessionService, 'endOthers'>
  sessionCache?: SessionCache
}

export function createAccountSettings(ctx: AppContext, deps: AccountSettingsDeps) {
  const profile = createAccountProfile(ctx, deps)
  return {
    reverify: createAccountReverify(ctx, deps),
    profile,
    credentials: createAccountCredentials(ctx, { ...deps, profile }),
    loginMasks: deps.loginMasks,
  }
}

export type AccountSettings = ReturnType<typeof createAccountSettings>
