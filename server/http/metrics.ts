// Prometheus metrics at GET /metrics (docs/operations.md "Metrics"), by fastify-metrics:
// request counts and latency per route (http_request_duration_seconds, a histogram labelled with
// method, route and status code), the Node process (memory, event loop, GC), the PostgreSQL pool,
// and the counters services bump (services/shared/counters.ts, in the process's global registry). Open in the sandbox; in production
// only with `Authorization: Bearer $METRICS_TOKEN`, and off (404) when no token is set.
import crypto from 'node:crypto'
import * as promClient from '@prometheus-io/client'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyMetrics from 'fastify-metrics'
import { Pool } from 'pg'
import type { ServerConfig } from '../config'
import type { Database } from '../db/client'
import { CODE, fail } from './envelope'
import { ROUTE_NOT_FOUND } from './error-handler'
import { PROBE_ROUTE } from './health'

let processMetrics = false
/** Memory, CPU, event loop and GC of the process: once per process, however many apps it builds. */
function collectProcessMetrics() {
  if (processMetrics) return
  processMetrics = true
  promClient.collectDefaultMetrics()
}

/** Each app's own registry (route metrics, pool and other gauges): several apps may share a process. */
const registries = new WeakMap<FastifyInstance, promClient.Registry>()

/**
 * A gauge read when /metrics is scraped, in this app's registry: e.g. an outbox's pending rows.
 * Call it while building the app (before it is ready). Does nothing when metrics are off.
 */
export function registerGauge(
  app: FastifyInstance,
  gauge: { name: string; help: string; read: () => number | Promise<number> },
) {
  const registry = registries.get(app)
  if (!registry) return
  new promClient.Gauge({
    name: gauge.name,
    help: gauge.help,
    registers: [registry],
    async collect() {
      this.set(await gauge.read())
    },
  })
}

function poolGauges(registry: promClient.Registry, db: Database) {
  const client = (db as unknown as { $client?: unknown }).$client
  if (!(client instanceof Pool)) return // PGlite: one connection, no pool
  new promClient.Gauge({
    name: 'member_centre_db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, client.totalCount)
      this.set({ state: 'idle' }, client.idleCount)
      this.set({ state: 'waiting' }, client.waitingCount)
    },
  })
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest()
  const b = crypto.createHash('sha256').update(expected).digest()
  return crypto.timingSafeEqual(a, b)
}

function requireToken(token: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
    if (!sameSecret(given, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' })
    }
  }
}

/** Before the routes (fastify-metrics measures the routes added after it has loaded). */
export function registerMetrics(
  app: FastifyInstance,
  db: Database,
  { production, metricsToken }: Pick<ServerConfig, 'production' | 'metricsToken'>,
) {
  if (production && !metricsToken) {
    // Off: a real route all the same, so the console's history fallback does not answer it.
    app.get('/metrics', PROBE_ROUTE, async (_req, reply) =>
      reply.code(404).send(fail(CODE.notFound, ROUTE_NOT_FOUND)),
    )
    return
  }
  const registry = new promClient.Registry()
  registries.set(app, registry)
  collectProcessMetrics()
  poolGauges(registry, db)
  app.register(fastifyMetrics, {
    promClient,
    endpoint: {
      url: '/metrics',
      method: 'GET',
      ...PROBE_ROUTE,
      ...(metricsToken ? { onRequest: requireToken(metricsToken) } : {}),
      handler: () => undefined, // replaced by the plugin
    },
    defaultMetrics: { enabled: false },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // The plugin creates the summary even when off: both in this app's registry.
      overrides: { histogram: { registers: [registry] }, summary: { registers: [registry] } },
    },
  })
}
