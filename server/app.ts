// Builds the Fastify app: routes, guards, the envelope error handler and the static H5 console.
// main.ts listens with it; the API tests drive it through inject().
import type { WechatHttp } from './providers/wechat/access-token'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { ServerConfig } from './config'
import { systemClock, type AppContext, type Clock } from './context'
import type { Database } from './db/client'
import type { Listen } from './db/notifications'
import { createGuards, type Guards } from './http/auth'
import { frameworkErrors, registerErrorHandler } from './http/error-handler'
import { registerHealthRoutes } from './http/health'
import { registerApiDocument } from './http/api-document'
import { registerResponseCheck } from './http/response-check'
import { TAG_DESCRIPTION } from './routes/api-tags'
import { registerRequestLog, requestLogOptions } from './http/request-log'
import { registerGauge, registerMetrics } from './http/metrics'
import { rateLimitStoreFor } from './http/rate-limit-store'
import { registerRateLimits } from './http/rate-limits'
import { registerSecurityHeaders, securityHeadersWithoutHooks } from './http/security-headers'
import { registerStaticApp } from './http/static'
import { registerRequestDevice } from './http/request-device'
import { accountRoutes } from './routes/account'
import { accountSettingsRoutes } from './routes/account-settings'
import { loginDeviceRoutes } from './routes/login-devices'
import { secondFactorRoutes } from './routes/second-factor'
import { operationProtectionRoutes } from './routes/operation-protection'
import { authRoutes } from './routes/auth'
import { billingRoutes } from './routes/billing'
import { captchaRoutes } from './routes/captcha'
import { checkoutRoutes } from './routes/checkout'
import { devRoutes } from './routes/dev'
import { devEsignRoutes } from './routes/dev-esign'
import { devNoticeRoutes } from './routes/dev-notices'
import { devPayRoutes } from './routes/dev-pay'
import { devProductRoutes } from './routes/dev-products'
import { devProductTransferRoutes } from './routes/dev-product-transfer'
import { devWorkOrderRoutes } from './routes/dev-work-orders'
import { evaluationRoutes } from './routes/evaluations'
import { noticeRoutes } from './routes/notices'
import { exportRoutes } from './routes/exports'
import { operateLogRoutes } from './routes/operate-log'
import { orderRoutes } from './routes/orders'
import { paymentRoutes } from './routes/payments'
import { phoneBindingRoutes } from './routes/phone-binding'
import { productRoutes } from './routes/products'
import { productTransferRoutes } from './routes/product-transfer'
import { smsRoutes } from './routes/sms'
import { subAccountRoutes } from './routes/sub-accounts'
import { recipientRoutes } from './routes/recipients'
import { renewalRoutes } from './routes/renewal'
import { notificationSettingsRoutes } from './routes/notification-settings'
import { robotRoutes } from './routes/robots'
import { devReminderRoutes } from './routes/dev-reminders'
import { customerRoutes } from './routes/customer'
import { devOutboxRoutes } from './routes/dev-outbox'
import { wechatRoutes } from './routes/wechat'
import { wechatBindingRoutes } from './routes/wechat-binding'
import { wechatSubscriptionRoutes } from './routes/wechat-subscriptions'
import { workOrderRoutes } from './routes/work-orders'
import type { TypedApp } from './routes/schemas'
import { serializeError } from './http/log-serializers'
import { createServices, type Services } from './services'
import type { FileStorage } from './services/work-orders/file-storage'
import type { Housekeeping } from './services/housekeeping'
import type { PaymentService } from './services/payments/payments'
import type { Reminders } from './services/renewal/reminders'
import { createOutboxDispatcher } from './services/outbox/outbox-dispatcher'
import type { Outbox } from './services/outbox/outbox'
import type { MessageGateways } from './providers/index'
import type { WechatApi } from './services/wechat/wechat-api'

export interface BuildOptions {
  db: Database
  config: ServerConfig
  /** Defaults to the system clock; tests pass a movable one. */
  now?: Clock
  /** Delete expired captchas, sessions, entry tokens and old attempts this often (main.ts only). */
  housekeepingEveryMs?: number
  /** How often refunds due are taken and the daily reconciliation is looked at (off unless set). */
  paymentJobsEveryMs?: number
  /** How often the expiry reminder job runs (off unless set; each run sends only what is due). */
  reminderJobEveryMs?: number
  /** Defaults to the real WeChat client on config.wechatMini / wechatOauth; tests fake WeChat. */
  wechatApi?: WechatApi
  /** How WeChat's message API is reached (access tokens, subscription messages); tests fake it. */
  wechatHttp?: WechatHttp
  /**
   * The database's LISTEN (DatabaseHandle.listen). With it, live sessions are cached in memory and
   * forgotten when any instance changes them; without it every request reads the sessions table.
   */
  listen?: Listen
  /** Where uploads' bytes go (`fileStorageFor(handle)`, services/work-orders/file-storage.ts); default: the database. */
  fileStorage?: FileStorage
  /** Called when a change notification has been applied, with its channel and id (tests wait on it). */
  onNotified?: (channel: string, id: number) => void
  /** The SMS and mail providers; default: those the configuration names (tests pass fakes). */
  gateways?: MessageGateways
  /** Tests only: fail every answer its route's response schema would change (http/response-check.ts). */
  checkResponses?: boolean
  /** Serve the API document's viewer at /docs (never in production; main.ts asks for it). */
  docsViewer?: boolean
}

/**
 * Query keys whose values are logged as sent: paging and filters that name nothing secret. Every
 * other value is redacted, since links carry credentials under many names (entry tokens,
 * activation codes, WeChat codes, receiver-link ids, survey uuIds, file signatures).
 */
const LOGGED_QUERY_KEYS = new Set(['page', 'pageNum', 'pageSize', 'type', 'status', 'tag', 'showHead'])

/** Keeps one-time codes, tokens and link credentials out of the request log: an allow-list. */
export function redactSecrets(url: string): string {
  const start = url.indexOf('?')
  if (start < 0) return url
  const hash = url.indexOf('#', start)
  const end = hash < 0 ? url.length : hash
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const key = equals < 0 ? pair : pair.slice(0, equals)
      if (LOGGED_QUERY_KEYS.has(key)) return pair
      return equals < 0 ? (pair ? '[redacted]' : pair) : `${key}=[redacted]`
    })
    .join('&')
  return url.slice(0, start + 1) + query + url.slice(end)
}

const loggerOptions = {
  level: 'info',
  serializers: {
    err: serializeError,
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: redactSecrets(req.url),
      remoteAddress: req.ip,
    }),
  },
}

export function buildApp({
  db,
  config,
  now = systemClock,
  housekeepingEveryMs,
  paymentJobsEveryMs,
  reminderJobEveryMs,
  wechatApi,
  wechatHttp,
  listen,
  onNotified,
  fileStorage,
  gateways,
  checkResponses,
  docsViewer = false,
}: BuildOptions): FastifyInstance {
  const withSecurityHeaders = securityHeadersWithoutHooks(config)
  const app = Fastify({
    ...requestLogOptions,
    logger: config.logger ? loggerOptions : false,
    trustProxy: fastifyTrustProxy(config),
    frameworkErrors: (error, req, reply) => {
      withSecurityHeaders(req, reply)
      return frameworkErrors(error, req, reply)
    },
  })
  const ctx: AppContext = {
    db,
    config,
    now,
    log: app.log,
    wechatApi,
    wechatHttp,
    listen,
    onNotified,
    fileStorage,
  }
  const services = createServices(ctx, { gateways })
  // The payment jobs, for the operator's commands and the tests that drive them.
  app.decorate('payments', services.payments)
  // The outbox, so the tests can wait for first attempts under way (a login code's answers before it).
  app.decorate('outbox', services.outbox)
  // Housekeeping, for the tests that run its hourly pass (the end of 注销中) on this app's caches.
  app.decorate('housekeeping', services.housekeeping)
  // Delivers the outbox: woken by every instance's inserts; stopped (sends under way recorded) on close.
  const outboxDispatcher = createOutboxDispatcher(services.outbox, { listen })
  app.addHook('onReady', () => outboxDispatcher.start())
  app.addHook('onClose', () => outboxDispatcher.stop())
  app.addHook('onReady', () => services.caches.start())
  app.addHook('onClose', () => services.caches.stop())
  const guards = createGuards(app, services.sessions, services.accountSettings.reverify)
  // The OpenAPI document reads each route as it is added: registered before all of them.
  registerApiDocument(app, guards, {
    production: config.production,
    viewer: docsViewer,
    tags: TAG_DESCRIPTION,
  })
  if (checkResponses) registerResponseCheck(app)

  registerErrorHandler(app)
  registerRequestLog(app)
  // Plugins load in registration order: headers and limits before the routes and the console.
  registerSecurityHeaders(app, config)
  registerRequestDevice(app)
  registerRateLimits(app, config.anonymousCallsPerMinute, undefined, rateLimitStoreFor(db))
  registerMetrics(app, db, config)
  registerGauge(app, {
    name: 'member_centre_outbox_pending',
    help: 'Outbox messages waiting to be delivered (a growing number means a provider is down)',
    read: () => services.outbox.pendingCount(),
  })
  // A change an account makes shows in its own next call at once, not when the notification arrives.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.viewer)
      services.caches.firstPages.forget(request.viewer.accountId)
    return payload
  })
  // Routes see their request types from their JSON schemas (routes/schemas.ts `TypedApp`).
  app.register(async (api) =>
    apiRoutes(api.withTypeProvider<JsonSchemaToTsProvider>(), services, guards, config),
  )
  registerHealthRoutes(app, db)
  registerStaticApp(app, config.staticDir)
  if (housekeepingEveryMs) scheduleHousekeeping(app, services.housekeeping, housekeepingEveryMs)
  if (paymentJobsEveryMs) schedulePaymentJobs(app, services.payments, paymentJobsEveryMs)
  if (reminderJobEveryMs) scheduleReminders(app, services.reminders, reminderJobEveryMs)
  // Work a payment notification started without waiting (a refund, closing other attempts).
  app.addHook('onClose', () => services.payments.settle())
  return app
}

/**
 * Every /api and /__dev route. Declared inside a plugin so that they are added after the rate
 * limiter has loaded (it attaches to routes as they are added).
 */
function apiRoutes(app: TypedApp, services: Services, guards: Guards, config: ServerConfig) {
  captchaRoutes(app, services)
  authRoutes(app, services, guards)
  smsRoutes(app, services, guards)
  wechatRoutes(app, services, guards)
  wechatBindingRoutes(app, services, guards)
  wechatSubscriptionRoutes(app, services, guards)
  phoneBindingRoutes(app, services, guards)
  accountRoutes(app, services, guards)
  loginDeviceRoutes(app, services, guards)
  secondFactorRoutes(app, services, guards)
  operationProtectionRoutes(app, services, guards)
  accountSettingsRoutes(app, services, guards)
  noticeRoutes(app, services, guards)
  operateLogRoutes(app, services, guards)
  exportRoutes(app, services, guards)
  workOrderRoutes(app, services, guards)
  productRoutes(app, services, guards)
  productTransferRoutes(app, services, guards)
  checkoutRoutes(app, services, guards)
  paymentRoutes(app, services, guards)
  orderRoutes(app, services, guards)
  billingRoutes(app, services, guards)
  subAccountRoutes(app, services, guards)
  recipientRoutes(app, services, guards)
  renewalRoutes(app, services, guards)
  notificationSettingsRoutes(app, services, guards)
  robotRoutes(app, services, guards)
  customerRoutes(app, services)
  evaluationRoutes(app, services, guards)
  if (!config.production) devRoutes(app, services)
  if (!config.production) devEsignRoutes(app, services)
  if (!config.production) devOutboxRoutes(app, services)
  if (!config.production) devPayRoutes(app, services)
  if (!config.production) devWorkOrderRoutes(app, services)
  if (!config.production) devNoticeRoutes(app, services)
  if (!config.production) devReminderRoutes(app, services)
  if (!config.production) devProductRoutes(app, services, guards)
  if (!config.production) devProductTransferRoutes(app, services)
}

/** A hop count trusts that many proxies nearest to us (Fastify's types take it as a function). */
function fastifyTrustProxy({ trustProxy }: ServerConfig) {
  return typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentService
    outbox: Outbox
    housekeeping: Housekeeping
  }
}

/** Refunds whose turn it is, and the daily reconciliation once the bills are ready (services/payments). */
function schedulePaymentJobs(app: FastifyInstance, payments: PaymentService, everyMs: number) {
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const run = () => {
    running = (async () => {
      await payments.refunds.runDue()
      await payments.reconciliation.reconcileDue()
    })().catch((error) => app.log.warn({ err: error }, 'payment jobs failed'))
  }
  app.addHook('onReady', async () => {
    timer = setInterval(run, everyMs).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}

/**
 * The expiry reminders (services/renewal/reminders.ts). Every instance runs it: the claim in
 * reminder_sends keeps each reminder to one send, so there is nothing to elect.
 */
function scheduleReminders(app: FastifyInstance, reminders: Reminders, everyMs: number) {
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const run = () => {
    running = reminders
      .run()
      .then(() => undefined)
      .catch((error) => app.log.warn({ err: error }, 'expiry reminders failed'))
  }
  app.addHook('onReady', async () => {
    timer = setInterval(run, everyMs).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}

function scheduleHousekeeping(app: FastifyInstance, housekeeping: Housekeeping, everyMs: number) {
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const purge = () => {
    running = housekeeping
      .runScheduled(everyMs)
      .then(() => undefined)
      .catch((error) => app.log.warn({ err: error }, 'housekeeping failed'))
  }
  app.addHook('onReady', async () => {
    purge()
    timer = setInterval(purge, everyMs).unref()
  })
  // The database closes after the app: let a purge in flight finish first.
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
