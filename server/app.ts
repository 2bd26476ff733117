// Builds the Fastify app: routes, guards, the envelope error handler and the static H5 console.
// main.ts listens with it; the API tests drive it through inject().
import Fastify, { type FastifyInstance } from 'fastify'
import type { ServerConfig } from './config'
import { systemClock, type AppContext, type Clock } from './context'
import type { Database } from './db/client'
import { createGuards } from './http/auth'
import { registerErrorHandler } from './http/error-handler'
import { registerStaticApp } from './http/static'
import { accountRoutes } from './routes/account'
import { authRoutes } from './routes/auth'
import { captchaRoutes } from './routes/captcha'
import { devRoutes } from './routes/dev'
import { noticeRoutes } from './routes/notices'
import { workOrderRoutes } from './routes/work-orders'
import { createServices } from './services'

export interface BuildOptions {
  db: Database
  config: ServerConfig
  /** Defaults to the system clock; tests pass a movable one. */
  now?: Clock
}

export function buildApp({ db, config, now = systemClock }: BuildOptions): FastifyInstance {
  const app = Fastify({ logger: config.logger ? { level: 'info' } : false })
  const ctx: AppContext = { db, config, now, log: app.log }
  const services = createServices(ctx)
  const guards = createGuards(app, services.sessions)

  registerErrorHandler(app)
  captchaRoutes(app, services)
  authRoutes(app, services, guards)
  accountRoutes(app, services, guards)
  noticeRoutes(app, services, guards)
  workOrderRoutes(app, services, guards)
  if (!config.production) devRoutes(app, services)
  registerStaticApp(app, config.staticDir)
  return app
}
