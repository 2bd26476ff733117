// Property-based fuzz of every registered route (read from Fastify's route table, so a new route is
// fuzzed without being listed): queries and bodies with wrong types, huge and negative numbers,
// arrays for strings, odd unicode, missing and extra fields. Whatever comes in, the answer is never
// a 5xx nor a stack trace, and an /api answer is an envelope with a message (account-area §7, §8).
// Bounded: FUZZ_RUNS runs per route (default 20) within FUZZ_BUDGET_MS overall (default 60 s);
// FUZZ_SEED replays a failure (its seed is printed with the counterexample).
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import Fastify, { type LightMyRequestResponse } from 'fastify'
import { CODE } from '../../server/http/envelope'
import { registerErrorHandler } from '../../server/http/error-handler'
import { INVALID_PARAMS } from '../../server/services/shared/errors'
import { DEMO_PASSWORD, useTestServer } from './support/harness'
import {
  inputOf,
  routesOf,
  unexpectedErrorsOf,
  type JsonSchema,
  type RegisteredRoute,
} from './support/route-table'

jest.mock('fastify', () => jest.requireActual('./support/route-table').recordingFastify())

const SEED = Number(process.env.FUZZ_SEED ?? 20260501)
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 60_000)

const server = useTestServer()

// ---- Inputs ---------------------------------------------------------------------------------

const awkwardNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 10_001, 2 ** 31, -(2 ** 31) - 1, 3_000_000_000, 2 ** 53, 1e21, 1e308, -1e308),
)
const awkwardText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.stringMatching(/^-?\d{1,25}$/),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '3000000000',
    '-1',
    '1e400',
    'NaN',
    'null',
    '[]',
    '{}',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '𠮷𠮷𠮷',
    '\u202e\u200b',
    'x'.repeat(5_000),
  ),
)
const scalar = fc.oneof(awkwardNumber, awkwardText, fc.boolean(), fc.constant(null))
const anything = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }) },
)

/** A value of roughly the declared type (to reach the handler), or of any other. */
function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const typed: fc.Arbitrary<unknown>[] = []
  if (schema.enum) typed.push(fc.constantFrom(...schema.enum))
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat()
  if (types.includes('integer') || types.includes('number')) typed.push(awkwardNumber)
  if (types.includes('string')) typed.push(awkwardText)
  if (types.includes('boolean')) typed.push(fc.boolean())
  if (types.includes('array')) typed.push(fc.array(valueOf(schema.items ?? {}), { maxLength: 4 }))
  if (types.includes('object')) typed.push(fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }))
  if (typed.length === 0) return anything
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...typed) }, { weight: 1, arbitrary: anything })
}

/** The declared fields, each maybe missing, plus maybe some undeclared ones. */
function inputArbitrary(properties: Record<string, JsonSchema>) {
  const declared = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, valueOf(schema)])),
    { requiredKeys: [] },
  )
  const extra = fc.dictionary(fc.string({ maxLength: 10 }), anything, { maxKeys: 2 })
  return fc
    .tuple(declared, extra)
    .map(([fields, more]) => ({ ...more, ...fields }) as Record<string, unknown>)
}

/** Lone surrogates as U+FFFD, as a browser sends them (encodeURIComponent throws on them). */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')

interface Request {
  url: string
  payload?: string
}

const asQueryValue = (value: unknown) =>
  value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)

function requestArbitrary(route: RegisteredRoute): fc.Arbitrary<Request> {
  const { where, properties } = inputOf(route)
  // Path parameters: encoded texts, or raw ones a client could send (bad escapes included).
  const segment = fc.oneof(
    awkwardText.map((text) => encodeURIComponent(wellFormed(text))),
    fc.constantFrom('demo-chart.png', '..', '%2e%2e', 'a%2Fb', '%', '%E0%A4%A', '%00', '%ZZ'),
  )
  const params = route.url.includes(':') ? fc.array(segment, { minLength: 4, maxLength: 4 }) : fc.constant([])
  const input = inputArbitrary(properties)
  return fc.tuple(params, input, anything, fc.nat(9)).map(([values, fields, stray, pick]) => {
    let index = 0
    const path = route.url.replace(/:[A-Za-z]+/g, () => values[index++] ?? '')
    if (where === 'body') {
      // One body in ten is not an object at all.
      return { url: path, payload: JSON.stringify(pick === 0 ? stray : fields) ?? 'null' }
    }
    const query = new URLSearchParams()
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) query.append(name, asQueryValue(item))
    }
    const text = query.toString()
    return { url: text ? `${path}?${text}` : path }
  })
}

// ---- The session the fuzz calls with ---------------------------------------------------------

let members = 0
let token: string | undefined

/**
 * A live session of a member of its own (a fuzzed cancelAccount or logout may end it; then the
 * next call gets a new member), so the fuzz reaches the handlers behind the session guards.
 */
async function liveToken(): Promise<string> {
  if (token) {
    const probe = await server.get('/api/pc/getUnReadCount', { token })
    if (probe.code === CODE.ok) return token
  }
  const phone = `139${String(members++).padStart(8, '0')}`
  const created = await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })
  if (created.code !== CODE.ok) throw new Error(`member ${phone}: ${created.code} ${created.message}`)
  token = await server.tokenFor(phone)
  return token
}

// ---- What every answer must be --------------------------------------------------------------

/** A stack frame or a source path: "    at fn (/srv/app/server/x.ts:12:3)", "node_modules/…". */
const STACK =
  /\n\s*at [^\n]+|\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|[\w-]+\.(?:ts|js|mjs):\d+|node_modules\/|\/server\//

function problemsOf(route: RegisteredRoute, response: LightMyRequestResponse): string[] {
  const problems: string[] = []
  const isApi = /^\/(api|oapi)\//.test(route.url)
  if (response.statusCode >= 500) problems.push(`HTTP ${response.statusCode}`)
  if (STACK.test(response.body)) problems.push(`a stack trace or source path: ${response.body.slice(0, 300)}`)
  const type = String(response.headers['content-type'] ?? '')
  // Files: notice attachments are images when the name is a real one; the contract sample is a PDF.
  const file = type.startsWith('image/') || type === 'application/pdf'
  if (!isApi || (response.statusCode === 200 && file)) return problems
  if (response.statusCode !== 200) problems.push(`HTTP ${response.statusCode} (the API answers 200)`)
  let envelope: { code?: unknown; message?: unknown; Message?: unknown }
  try {
    envelope = response.json()
  } catch {
    return [...problems, `not JSON: ${response.body.slice(0, 200)}`]
  }
  const message = envelope.message ?? envelope.Message
  if (typeof envelope.code !== 'number') problems.push(`no code: ${response.body.slice(0, 200)}`)
  if (typeof message !== 'string' || message.trim() === '')
    problems.push(`no message: ${response.body.slice(0, 200)}`)
  // The error handler's answer to an unexpected error (other codes, 508 or 996, are the domain's).
  if (envelope.code === CODE.internal) problems.push(`code ${envelope.code} ${String(message)}`)
  return problems
}

// ---- The fuzz -------------------------------------------------------------------------------

describe('every route under fuzzed input', () => {
  it('never answers a 5xx or a stack trace, and /api answers an envelope with a message', async () => {
    const routes = routesOf(server.app)
    expect(routes.length).toBeGreaterThan(50)
    const deadline = Date.now() + BUDGET_MS
    const failures: string[] = []
    let runs = 0
    for (const [index, route] of routes.entries()) {
      const left = deadline - Date.now()
      if (left <= 0) break
      const seed = SEED + index
      const outcome = await fc.check(
        fc.asyncProperty(requestArbitrary(route), async (request) => {
          runs += 1
          const response = await server.app.inject({
            method: route.method,
            url: request.url,
            headers: {
              token: await liveToken(),
              ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            remoteAddress: '127.0.0.1',
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          })
          const problems = problemsOf(route, response)
          if (problems.length > 0) throw new Error(problems.join('; '))
        }),
        {
          seed,
          numRuns: RUNS,
          // What is left of the budget; a failure shrinks within it too.
          interruptAfterTimeLimit: left,
          markInterruptAsFailure: false,
        },
      )
      // The budget ran out before this route's first run ended: the routes after it go unfuzzed.
      if (outcome.interrupted && outcome.counterexample === null) break
      if (outcome.failed) {
        failures.push(
          `${route.method} ${route.url} (FUZZ_SEED=${SEED}, seed ${seed}, path ${outcome.counterexamplePath}): ` +
            `${JSON.stringify(outcome.counterexample)} -> ${String(
              outcome.errorInstance instanceof Error ? outcome.errorInstance.message : outcome.errorInstance,
            )}`,
        )
      }
    }
    expect(failures).toEqual([])
    // The error handler's envelope hides a database refusal from the client, not from this test.
    expect(unexpectedErrorsOf(server.app)).toEqual([])
    // The budget let most of the runs happen (a slow machine would otherwise pass on nothing).
    expect(runs).toBeGreaterThan(routes.length * Math.min(RUNS, 5))
  }, 180_000)
})

describe('integers beyond a Postgres integer', () => {
  // The customer page once answered a 500 for accountVipServer?userId=3000000000&accountId=3000000000.
  // As text too: ajv coerces '1e400' to Infinity, which skipped its minimum/maximum checks.
  it.each(['3000000000', '-3000000000', '2147483648', '1e400', '-1e400'])(
    'are refused by every route schema as 非法参数 (%s)',
    async (text) => {
      const huge = Number.isFinite(Number(text)) ? Number(text) : text
      const token = await liveToken()
      const earlier = unexpectedErrorsOf(server.app).length
      const failures: string[] = []
      for (const route of routesOf(server.app)) {
        const { where, properties } = inputOf(route)
        const numeric = Object.entries(properties).filter(([, schema]) =>
          [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat().includes('integer'),
        )
        if (numeric.length === 0) continue
        // Every field at the number (texts too, so a userId can match its accountId).
        const input = Object.fromEntries(Object.keys(properties).map((name) => [name, huge]))
        const query = new URLSearchParams(Object.keys(input).map((name) => [name, text])).toString()
        const response = await server.app.inject({
          method: route.method,
          url: where === 'query' ? `${route.url}?${query}` : route.url,
          headers: { token },
          remoteAddress: '127.0.0.1',
          ...(where === 'body' ? { payload: input } : {}),
        })
        const envelope = response.json()
        if (
          response.statusCode !== 200 ||
          envelope.code !== CODE.invalid ||
          envelope.message !== INVALID_PARAMS
        ) {
          failures.push(
            `${route.method} ${route.url} ${JSON.stringify(input)}: ${response.body.slice(0, 200)}`,
          )
        }
      }
      expect(failures).toEqual([])
      expect(unexpectedErrorsOf(server.app).slice(earlier)).toEqual([])
    },
  )
})

describe("the error handler's safety net", () => {
  it('answers a database data error as a 非法参数 envelope, not a 500', async () => {
    const app = Fastify()
    registerErrorHandler(app)
    app.get('/api/probe/:sql', async (req) => {
      const statements: Record<string, ReturnType<typeof sql>> = {
        range: sql`select ${'3000000000'}::int as n`,
        text: sql`select ${'not a number'}::int as n`,
        missing: sql`select * from no_such_table`,
      }
      return server.db.execute(statements[(req.params as { sql: string }).sql])
    })
    try {
      for (const name of ['range', 'text']) {
        const response = await app.inject({ method: 'GET', url: `/api/probe/${name}` })
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({ code: CODE.invalid, message: INVALID_PARAMS, data: null })
      }
      // Not every database error is the client's: a real bug stays a 500 (and is logged as one).
      const bug = await app.inject({ method: 'GET', url: '/api/probe/missing' })
      expect(bug.json()).toMatchObject({ code: CODE.internal })
      // Both reached the error handler as errors, for the logs and this suite's records.
      expect(unexpectedErrorsOf(app).map((e) => e.request)).toEqual([
        'GET /api/probe/range',
        'GET /api/probe/text',
        'GET /api/probe/missing',
      ])
    } finally {
      await app.close()
    }
  })
})
