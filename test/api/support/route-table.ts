// The route table of every app a test builds, read from Fastify's onRoute hook, so tests that walk
// the whole API (authorization matrix, fuzz) cover a new route without being told about it; and
// the errors that reached the error handler unexpectedly, which its envelope hides from clients.
// The hook must be in place before buildApp declares its routes, so a test file installs it by
// wrapping the fastify factory (the wrapped app is otherwise Fastify itself):
//   jest.mock('fastify', () => jest.requireActual('./support/route-table').recordingFastify())
import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify'
import { Refusal } from '../../../server/services/shared/errors'
import { isDataException } from '../../../server/http/error-handler'

export interface RegisteredRoute {
  /** GET, POST (the API's two), or any other a new route uses. */
  method: string
  url: string
  schema: FastifySchema
}

/** An error the client's answer does not show: a database refusal or a bug (a 500 envelope). */
export interface UnexpectedError {
  request: string
  error: string
}

// Global symbols: the app carries its own records whichever module copy made them.
const TABLE = Symbol.for('member-centre.routeTable')
const ERRORS = Symbol.for('member-centre.unexpectedErrors')
type Recorded = FastifyInstance & { [TABLE]?: RegisteredRoute[]; [ERRORS]?: UnexpectedError[] }

/** Refusals (Refusal, validation, Fastify's 4xx) are expected; anything else is not. */
function isUnexpected(error: FastifyError | Refusal): boolean {
  if (error instanceof Refusal || ('validation' in error && error.validation)) return false
  if (isDataException(error)) return true
  const status = 'statusCode' in error ? error.statusCode : undefined
  return status === undefined || status >= 500
}

function record(app: Recorded): Recorded {
  const table: RegisteredRoute[] = []
  const errors: UnexpectedError[] = []
  app[TABLE] = table
  app[ERRORS] = errors
  app.addHook('onError', async (req: FastifyRequest, _reply, error: FastifyError) => {
    if (!isUnexpected(error)) return
    const body = req.body === undefined ? '' : ` ${JSON.stringify(req.body)}`
    errors.push({ request: `${req.method} ${req.url}${body}`, error: `${error.name}: ${error.message}` })
  })
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      // HEAD is Fastify's automatic copy of each GET.
      if (method === 'HEAD') continue
      table.push({ method, url: route.url, schema: route.schema ?? {} })
    }
  })
  return app
}

/** The fastify module with a factory that records each app's routes (for jest.mock). */
export function recordingFastify() {
  const actual = jest.requireActual('fastify')
  const factory = (options?: object) => record(actual(options))
  return Object.assign(factory, actual, { __esModule: true, default: factory, fastify: factory })
}

/** The routes the app registered (but the automatic HEADs), in registration order. */
export function routesOf(app: FastifyInstance): RegisteredRoute[] {
  const table = (app as Recorded)[TABLE]
  if (!table) {
    throw new Error(
      "No route table: add jest.mock('fastify', () => jest.requireActual('./support/route-table').recordingFastify())",
    )
  }
  return table
}

/** The unexpected errors the app met so far (each answered as an envelope). */
export function unexpectedErrorsOf(app: FastifyInstance): UnexpectedError[] {
  const errors = (app as Recorded)[ERRORS]
  if (!errors) throw new Error('No error record: the app was not built through recordingFastify()')
  return errors
}

export const isSandboxRoute = (route: { url: string }) => route.url.startsWith('/__dev')

/** What the client sees of a route's schema: its query (GET) or JSON body (POST) properties. */
export interface InputShape {
  where: 'query' | 'body'
  properties: Record<string, JsonSchema>
  required: string[]
}

export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  anyOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  maxLength?: number
  maxItems?: number
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  nullable?: boolean
}

export function inputOf(route: RegisteredRoute): InputShape {
  const where = route.method === 'GET' || route.method === 'DELETE' ? 'query' : 'body'
  const schema = (where === 'query' ? route.schema.querystring : route.schema.body) as JsonSchema | undefined
  return { where, properties: schema?.properties ?? {}, required: schema?.required ?? [] }
}

/** A URL with its path parameters (":name") filled in. */
export function pathOf(route: RegisteredRoute, value = 'x'): string {
  return route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(value))
}
