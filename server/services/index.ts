// Wires the services of one app instance to its context.
import type { AppContext } from '../context'
import { createAccountSettings } from './account/account-settings'
import { createLoginMasks } from './account/account-login-mask'
import { createAccountService } from './account/accounts'
import { createBillingService } from './invoices/billing'
import { createCaptchaService } from './auth/captchas'
import { createCheckoutService } from './checkout/checkout'
import { createEntryTokenService } from './auth/entry-tokens'
import { createEvaluationService } from './evaluations/evaluations'
import { createExportService } from './exports/exports'
import { createFulfilment } from './checkout/fulfilment'
import { createHousekeeping } from './housekeeping'
import { createAccountCancellation } from './account/account-cancellation'
import { createAccountProfile } from './account/account-profile'
import { createKnownAddresses } from './account/known-addresses'
import { createLoginService } from './auth/login'
import { createLoginLimits } from './auth/login-limits'
import { createLoginMethods } from './auth/login-methods'
import { createMemberDirectory } from './account/members'
import { createNoticeService } from './notices/notices'
import { createOperateLog } from './operate-log/operate-log'
import { createOrderService } from './orders/orders'
import { createPaymentService } from './payments/payments'
import { createProductService } from './products/products'
import { createPhoneBinding } from './account/phone-binding'
import { createProductTransfer } from './product-transfer/product-transfer'
import { createPhoneAuth } from './auth/phone-auth'
import { createRoleService } from './shared/roles'
import { createOperationProtection } from './account/operation-protection'
import { createWechatReverify } from './account/wechat-reverify'
import { createSecondFactor } from './account/second-factor'
import { createSecurityVerification } from './account/security-verification'
import { createSessionService } from './auth/sessions'
import { createSignIn } from './auth/sign-in'
import { createLoginDevices } from './account/login-devices'
import { freeGeneratedName } from './auth/generated-name'
import { createSmsService } from './sms/sms'
import { createSmsRequests } from './sms/sms-requests'
import { createSubAccountService } from './sub-accounts/sub-accounts'
import { createOutbox } from './outbox/outbox'
import { createSandboxInbox } from './outbox/sandbox-inbox'
import { createGateways, type MessageGateways } from '../providers/index'
import { createRecipientService } from './recipients/recipients'
import { createNotifier } from './notifications/notifier'
import { createWechatMessaging } from './wechat/wechat-messaging'
import { createPreferences } from './notifications/preferences'
import { createGroupRobots } from './notifications/robots'
import { createReminders } from './renewal/reminders'
import { createRenewalService } from './renewal/renewal'
import { createCustomerService } from './customer/customer'
import { createWechatService } from './wechat/wechat'
import { createWechatBindingService } from './wechat/wechat-binding'
import { createWechatIdentity } from './wechat/wechat-identity'
import { createWechatSubscriptions } from './wechat/subscriptions'
import { createWechatJssdk } from './wechat/jssdk'
import { createWorkOrderService } from './work-orders/work-orders'
import { databaseFileStorage } from './work-orders/file-storage'
import { createUploadService } from './work-orders/uploads'
import { createWorkOrderEngineer } from './work-orders/work-order-engineer'
import { createCaches } from './caches'

/** `gateways`: SMS and mail fakes a test hands over instead of the configured providers. */
export function createServices(ctx: AppContext, { gateways: fakes }: { gateways?: MessageGateways } = {}) {
  // The in-memory caches, kept true by the database's notifications; started and stopped by the app.
  const caches = createCaches(ctx)
  const { firstPages } = caches
  const sessionCache = caches.sessions
  const members = createMemberDirectory(ctx)
  const roles = createRoleService(ctx)
  const sessions = createSessionService(ctx, { cache: sessionCache })
  const captchas = createCaptchaService(ctx)
  const operateLog = createOperateLog(ctx, { firstPages })
  const knownAddresses = createKnownAddresses(ctx)
  const limits = createLoginLimits(ctx)
  // One login mask service: sign-in checks it at every login, account settings edit it.
  const loginMasks = createLoginMasks(ctx, { sessionCache })
  // The outside providers, each handed to the service that calls it (tests may pass SMS and mail fakes).
  const gateways = { ...createGateways(ctx), ...fakes }
  // Outgoing SMS and mail: one outbox over the configured providers.
  const outbox = createOutbox(ctx, gateways)
  const sms = createSmsService(ctx, outbox)
  const smsRequests = createSmsRequests(ctx, { captchas, members, sms })
  // Everything the console tells members (not codes or links) goes through the notifier's preferences.
  // WeChat subscription messages: the notifier plans them, the outbox sends them ('wechat' rows).
  const wechatMessaging = createWechatMessaging(ctx, { outbox })
  const notifier = createNotifier(ctx, { outbox, wechat: wechatMessaging, noticeCache: caches.notices })
  // 群机器人: the notifier queues 'robot' rows, this service posts them.
  const groupRobots = createGroupRobots(ctx, { operateLog, roles })
  outbox.useChannel('robot', groupRobots.sender)
  const reminders = createReminders(ctx, { notifier })
  const fulfilment = createFulfilment(ctx, { reminders })
  const checkout = createCheckoutService(ctx)
  const orders = createOrderService(ctx, { firstPages })
  const loginMethods = createLoginMethods(ctx, { operateLog, notifier })
  const loginDevices = createLoginDevices(ctx, { roles, operateLog, notifier, sessionCache })
  const secondFactor = createSecondFactor(ctx, { members, roles, sessions, limits, operateLog, loginMethods })
  const operationProtection = createOperationProtection(ctx, {
    roles,
    operateLog,
    loginMethods,
    secondFactor,
  })
  const signIn = createSignIn(ctx, {
    roles,
    sessions,
    knownAddresses,
    operateLog,
    loginMasks,
    loginDevices,
    secondFactor,
  })
  const wechatIdentity = createWechatIdentity(ctx)
  const payments = createPaymentService(ctx, {
    checkout,
    fulfilment,
    orders,
    notifier,
    wechatIdentity,
    gateways,
  })
  const fileStorage = ctx.fileStorage ?? databaseFileStorage(ctx.db)
  const wechat = createWechatService(ctx, {
    members,
    roles,
    loginMethods,
    signIn,
    sms,
    identity: wechatIdentity,
  })
  const recipients = createRecipientService(ctx, outbox, { firstPages })
  const uploads = createUploadService(ctx, { storage: fileStorage })
  // 注销账号 of a main account (a sub-admin's leaving goes through the same profile, at once).
  const accountCancellation = createAccountCancellation(ctx, {
    operateLog,
    notifier,
    profile: createAccountProfile(ctx, { roles, operateLog, sessionCache }),
    sessionCache,
  })
  return {
    caches,
    outbox,
    notifier,
    wechatMessaging,
    // 消息接收管理 itself (GET / POST /api/notify/settings): the preferences the notifier reads.
    notificationSettings: createPreferences(ctx, { operateLog, roles }),
    groupRobots,
    reminders,
    renewal: createRenewalService(ctx, { operateLog, roles }),
    sandboxInbox: createSandboxInbox(ctx),
    members,
    roles,
    sessions,
    loginDevices,
    secondFactor,
    /** The member account a new phone's account gets (the dev sandbox's members too). */
    generatedName: (phone: string) => freeGeneratedName(ctx, phone),
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
    wechatSubscriptions: createWechatSubscriptions(ctx),
    wechatJssdk: createWechatJssdk(ctx, { oaTokens: wechatMessaging.tokens.oa, live: wechatMessaging.live }),
    phoneBinding: createPhoneBinding(ctx, { members, roles, operateLog, wechat }),
    wechatBinding: createWechatBindingService(ctx, {
      members,
      roles,
      operateLog,
      loginMethods,
      identity: wechatIdentity,
      sessions,
    }),
    entryTokens: createEntryTokenService(ctx, { members, roles, sessions, signIn }),
    accounts: createAccountService(ctx, { members, roles, sessions, signIn }),
    accountSettings: createAccountSettings(ctx, {
      members,
      roles,
      captchas,
      operateLog,
      sms,
      smsRequests,
      limits,
      loginMasks,
      operationProtection,
      secondFactor,
      sessions,
      sessionCache,
    }),
    operationProtection,
    wechatReverify: createWechatReverify(ctx, { operationProtection, identity: wechatIdentity }),
    notices: createNoticeService(ctx, { noticeCache: caches.notices, firstPages }),
    workOrders: createWorkOrderService(ctx, { notifier, unreadReplies: caches.unreadReplies, firstPages }),
    uploads,
    workOrderEngineer: createWorkOrderEngineer(ctx, {
      storage: fileStorage,
      notifier,
      unreadReplies: caches.unreadReplies,
    }),
    accountCancellation,
    housekeeping: createHousekeeping(ctx, { checkout, payments, uploads, accountCancellation }),
    subAccounts: createSubAccountService(ctx, {
      roles,
      operateLog,
      signIn,
      captchas,
      sms,
      recipients,
      outbox,
      sessionCache,
      firstPages,
    }),
    recipients,
    customer: createCustomerService(ctx),
    evaluations: createEvaluationService(ctx),
    fulfilment,
    products: createProductService(ctx, { fulfilment, firstPages }),
    productTransfer: createProductTransfer(ctx, { captchas, members, operateLog, roles, sms, smsRequests }),
    checkout,
    payments,
    orders,
    billing: createBillingService(ctx, { orders, roles, operateLog, outbox }),
    exports: createExportService(ctx, { operateLog, roles }),
  }
}

export type Services = ReturnType<typeof createServices>
