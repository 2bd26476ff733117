// Wires the services of one app instance to its context.
import type { AppContext } from '../context'
import { createAccountService } from './accounts'
import { createCaptchaService } from './captchas'
import { createEntryTokenService } from './entry-tokens'
import { createHousekeeping } from './housekeeping'
import { createKnownAddresses } from './known-addresses'
import { createLoginService } from './login'
import { createLoginLimits } from './login-limits'
import { createMemberDirectory } from './members'
import { createNoticeService } from './notices'
import { createOperateLog } from './operate-log'
import { createRoleService } from './roles'
import { createSessionService } from './sessions'
import { createSmsService } from './sms'
import { createWorkOrderService } from './work-orders'

export function createServices(ctx: AppContext) {
  const members = createMemberDirectory(ctx)
  const roles = createRoleService(ctx)
  const sessions = createSessionService(ctx)
  const captchas = createCaptchaService(ctx)
  const operateLog = createOperateLog(ctx)
  const knownAddresses = createKnownAddresses(ctx)
  const limits = createLoginLimits(ctx)
  return {
    members,
    roles,
    sessions,
    captchas,
    operateLog,
    knownAddresses,
    limits,
    sms: createSmsService(ctx),
    login: createLoginService(ctx, {
      captchas,
      limits,
      members,
      roles,
      sessions,
      knownAddresses,
      operateLog,
    }),
    entryTokens: createEntryTokenService(ctx, { members, roles, sessions }),
    accounts: createAccountService(ctx, { members, roles, sessions }),
    notices: createNoticeService(ctx),
    workOrders: createWorkOrderService(ctx),
    housekeeping: createHousekeeping(ctx),
  }
}

export type Services = ReturnType<typeof createServices>
