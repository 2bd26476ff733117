// Wires the services of one app instance to its context.
import type { AppContext } from '../context'
import { createAccountSettings } from './account-settings'
import { createAccountService } from './accounts'
import { createBillingService } from './billing'
import { createCaptchaService } from './captchas'
import { createCheckoutService } from './checkout'
import { createEntryTokenService } from './entry-tokens'
import { createEvaluationService } from './evaluations'
import { createFulfilment } from './fulfilment'
import { createHousekeeping } from './housekeeping'
import { createKnownAddresses } from './known-addresses'
import { createLoginService } from './login'
import { createLoginLimits } from './login-limits'
import { createLoginMethods } from './login-methods'
import { createMemberDirectory } from './members'
import { createNoticeService } from './notices'
import { createOperateLog } from './operate-log'
import { createOrderService } from './orders'
import { createPaymentService } from './payments'
import { createProductService } from './products'
import { createPhoneBinding } from './phone-binding'
import { createProductTransfer } from './product-transfer'
import { createPhoneAuth } from './phone-auth'
import { createRoleService } from './roles'
import { createSecurityVerification } from './security-verification'
import { createSessionService } from './sessions'
import { createSignIn } from './sign-in'
import { createSmsService } from './sms'
import { createSmsRequests } from './sms-requests'
import { createSubAccountService } from './sub-accounts'
import { createOutbox } from './outbox'
import { createSandboxInbox } from './sandbox-inbox'
import { createGateways } from '../providers/index'
import { createRecipientService } from './recipients'
import { createCustomerService } from './customer'
import { createWechatService } from './wechat'
import { createWechatBindingService } from './wechat-binding'
import { createWechatIdentity } from './wechat-identity'
import { createWorkOrderService } from './work-orders'
import { databaseFileStorage } from './file-storage'
import { createUploadService } from './uploads'
import { createWorkOrderEngineer } from './work-order-engineer'

export function createServices(ctx: AppContext) {
  const members = createMemberDirectory(ctx)
  const roles = createRoleService(ctx)
  const sessions = createSessionService(ctx)
  const captchas = createCaptchaService(ctx)
  const operateLog = createOperateLog(ctx)
  const knownAddresses = createKnownAddresses(ctx)
  const limits = createLoginLimits(ctx)
  // Outgoing SMS and mail: one outbox over the configured providers (tests may pass their own).
  const outbox = createOutbox(ctx, ctx.gateways ?? createGateways(ctx))
  const sms = createSmsService(ctx, outbox)
  const signIn = createSignIn(ctx, { roles, sessions, knownAddresses, operateLog })
  const smsRequests = createSmsRequests(ctx, { captchas, members, sms })
  const fulfilment = createFulfilment(ctx)
  const checkout = createCheckoutService(ctx)
  const orders = createOrderService(ctx)
  const loginMethods = createLoginMethods(ctx, { operateLog })
  const wechatIdentity = createWechatIdentity(ctx)
  const payments = createPaymentService(ctx, { checkout, fulfilment, wechatIdentity })
  const fileStorage = ctx.fileStorage ?? databaseFileStorage(ctx.db)
  const wechat = createWechatService(ctx, {
    members,
    roles,
    loginMethods,
    signIn,
    sms,
    identity: wechatIdentity,
  })
  const recipients = createRecipientService(ctx, outbox)
  const uploads = createUploadService(ctx, { storage: fileStorage })
  return {
    outbox,
    sandboxInbox: createSandboxInbox(ctx),
    members,
    roles,
    sessions,
    captchas,
    operateLog,
    knownAddresses,
    limits,
    sms,
    smsRequests,
    login: createLoginService(ctx, { captchas, limits, members, knownAddresses, signIn }),
    phoneAuth: createPhoneAuth(ctx, { members, roles, sessions, limits, operateLog, signIn, sms }),
    securityVerification: createSecurityVerification(ctx, {
      members,
      sessions,
      knownAddresses,
      sms,
      smsRequests,
    }),
    wechatIdentity,
    wechat,
    phoneBinding: createPhoneBinding(ctx, { members, roles, operateLog, wechat }),
    wechatBinding: createWechatBindingService(ctx, {
      members,
      roles,
      operateLog,
      loginMethods,
      identity: wechatIdentity,
    }),
    entryTokens: createEntryTokenService(ctx, { members, roles, sessions, signIn }),
    accounts: createAccountService(ctx, { members, roles, sessions, signIn }),
    accountSettings: createAccountSettings(ctx, { members, roles, captchas, operateLog, sms, smsRequests }),
    notices: createNoticeService(ctx),
    workOrders: createWorkOrderService(ctx),
    uploads,
    workOrderEngineer: createWorkOrderEngineer(ctx, { storage: fileStorage }),
    housekeeping: createHousekeeping(ctx, { checkout, payments, uploads }),
    subAccounts: createSubAccountService(ctx, {
      roles,
      operateLog,
      signIn,
      captchas,
      sms,
      recipients,
      outbox,
    }),
    recipients,
    customer: createCustomerService(ctx),
    evaluations: createEvaluationService(ctx),
    fulfilment,
    products: createProductService(ctx, { fulfilment }),
    productTransfer: createProductTransfer(ctx, { captchas, members, operateLog, roles, sms, smsRequests }),
    checkout,
    payments,
    orders,
    billing: createBillingService(ctx, { orders }),
  }
}

export type Services = ReturnType<typeof createServices>
