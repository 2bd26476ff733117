// Probes for load balancers and container orchestrators (docs/operations.md "Health"):
//   GET /healthz  the process answers (liveness: restart it when this fails)
//   GET /readyz   the database answers and every migration is applied (readiness: send it traffic
//                 only while this is 200). From SIGTERM on, Fastify answers every request, this
//                 one included, 503 while the requests in flight finish (main.ts).
// Real routes outside /api, so the console's history fallback never answers them with index.html;
// no session, no rate limit, no request log line (a probe every few seconds would drown the log).
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { MIGRATIONS_FOLDER } from '../db/migrate'

export type Readiness =
  { status: 'ready' } | { status: 'unavailable'; reason: 'database unreachable' | 'migrations pending' }

/** Route config of the probes and /metrics: left out of the request log and the route metrics. */
export const PROBE_ROUTE = { logLevel: 'warn', config: { disableMetrics: true } } as const

/** The newest migration's timestamp: drizzle records it in created_at when it applies the migration. */
function newestMigrationMillis(): number {
  return Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
  )
}

async function migrationsApplied(db: Database, newest: number): Promise<boolean> {
  try {
    const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)
    const [row] = (result as unknown as { rows: { newest: string | number | null }[] }).rows
    return Number(row?.newest ?? 0) >= newest
  } catch {
    // No journal yet: the server is still starting (or the database was never migrated).
    return false
  }
}

/** The API document's tag of the probes (server/routes/api-tags.ts lists it with the others). */
export const OPERATIONS_TAG = '运维'

/** An answer of exactly these fields (the API document's and the serializer's schema). */
const answerOf = (properties: Record<string, { enum: readonly string[] }>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
})
const UNAVAILABLE_REASONS: Extract<Readiness, { status: 'unavailable' }>['reason'][] = [
  'database unreachable',
  'migrations pending',
]
const healthzSchema = {
  tags: [OPERATIONS_TAG],
  summary: '存活探针：进程在回答',
  response: { 200: answerOf({ status: { enum: ['ok'] } }) },
}
const readyzSchema = {
  tags: [OPERATIONS_TAG],
  summary: '就绪探针：数据库可用且迁移已全部执行（否则 503）',
  response: {
    200: answerOf({ status: { enum: ['ready'] } }),
    503: answerOf({ status: { enum: ['unavailable'] }, reason: { enum: UNAVAILABLE_REASONS } }),
  },
}

export function registerHealthRoutes(app: FastifyInstance, db: Database) {
  // Declared in a plugin, after the API document's plugin has loaded, so that it lists them.
  app.register(async (probes) => declareProbes(probes, db))
}

function declareProbes(app: FastifyInstance, db: Database) {
  const newest = newestMigrationMillis()
  let migrated = false
  const readiness = async (): Promise<Readiness> => {
    try {
      await db.execute(sql`select 1`)
    } catch {
      return { status: 'unavailable', reason: 'database unreachable' }
    }
    // Migrations are only ever added by a start: once applied, they stay applied.
    migrated ||= await migrationsApplied(db, newest)
    return migrated ? { status: 'ready' } : { status: 'unavailable', reason: 'migrations pending' }
  }

  app.get('/healthz', { ...PROBE_ROUTE, schema: healthzSchema }, async (_req, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' })
  })
  app.get('/readyz', { ...PROBE_ROUTE, schema: readyzSchema }, async (_req, reply) => {
    const state = await readiness()
    return reply
      .code(state.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state)
  })
}
