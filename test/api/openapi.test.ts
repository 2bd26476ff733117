// The API document (docs/openapi.json): generated from the route schemas, valid OpenAPI 3.1, equal to
// the checked-in file, and listing every production route with a summary, a tag and a response
// schema. The viewer at /docs is development's only.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import type { FastifyInstance } from 'fastify'
import { documentText } from '../../server/http/api-document'
import { firstDifference } from '../../server/http/response-check'
import { buildApp } from '../../server/app'
import { isTiedToContract } from '../../server/routes/schemas'
import { testConfig, useTestServer } from './support/harness'
import { routesOf, type RegisteredRoute } from './support/route-table'

jest.mock('fastify', () => jest.requireActual('./support/route-table').recordingFastify())
// The viewer's own @fastify/static needs an ES module jest does not load; the app's copy serves
// its files the same way here.
jest.mock('../../node_modules/@fastify/swagger-ui/node_modules/@fastify/static', () =>
  jest.requireActual('@fastify/static'),
)

const OPENAPI_FILE = path.resolve(__dirname, '../../docs/openapi.json')

interface Operation {
  summary?: string
  tags?: string[]
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>
}
type Document = { paths: Record<string, Record<string, Operation>> }

const server = useTestServer()
let production: FastifyInstance
let generated: string

beforeAll(async () => {
  production = await server.buildVariant({ production: true })
  generated = documentText(production.swagger())
}, 60_000)

const keyOf = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`
/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}')
const operationOf = (document: Document, route: RegisteredRoute) =>
  document.paths[documentPath(route.url)]?.[route.method.toLowerCase()]

/** The production routes the document must list: all but the probes' metrics. */
function apiRoutes(): RegisteredRoute[] {
  return routesOf(production).filter((route) => route.url !== '/metrics')
}

function hasResponseSchema(operation: Operation): boolean {
  const answered = operation.responses?.['200']?.content ?? {}
  return Object.values(answered).some((media) => media.schema !== undefined)
}

it('is the checked-in docs/openapi.json', () => {
  // The content, not the text: the script also formats the file as prettier does.
  const difference = firstDifference(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')), JSON.parse(generated))
  if (difference === null) return
  throw new Error(
    `docs/openapi.json is out of date: run \`npm run openapi\`. First difference: ${difference}`,
  )
})

/**
 * What @apidevtools/swagger-parser says of a document: '' when valid. It runs in a child process:
 * the parser's dependencies are ES modules jest does not load (Node itself does).
 */
function validationErrors(document: unknown): string {
  const script = `
    let text = ''
    process.stdin.on('data', (chunk) => (text += chunk)).on('end', () =>
      require('@apidevtools/swagger-parser').validate(JSON.parse(text))
        .then(() => process.exit(0), (error) => { console.log(error.message); process.exit(1) }))`
  const result = spawnSync(process.execPath, ['-e', script], {
    input: JSON.stringify(document),
    encoding: 'utf8',
    cwd: path.resolve(__dirname, '../..'),
  })
  return result.status === 0 ? '' : result.stdout + result.stderr || 'invalid'
}

it('is a valid OpenAPI 3.1 document', () => {
  const document = JSON.parse(generated)
  expect(document.openapi).toBe('3.1.0')
  expect(validationErrors(document)).toBe('')
  // The validator does refuse: a response that is not a response object.
  const [firstPath] = Object.keys(document.paths)
  const [firstMethod] = Object.keys(document.paths[firstPath])
  document.paths[firstPath][firstMethod].responses = { 200: 'an answer' }
  expect(validationErrors(document)).not.toBe('')
}, 30_000)

it('lists every production route and no sandbox route', () => {
  const document = JSON.parse(generated) as Document
  const missing = apiRoutes().filter((route) => !operationOf(document, route))
  expect(missing.map(keyOf)).toEqual([])
  expect(Object.keys(document.paths).filter((url) => url.startsWith('/__dev'))).toEqual([])
})

it('gives every production route a summary, a tag and a response schema', () => {
  const document = JSON.parse(generated) as Document
  const incomplete = apiRoutes().filter((route) => {
    const operation = operationOf(document, route)
    return !operation?.summary || !operation.tags?.length || !hasResponseSchema(operation)
  })
  expect(incomplete.map(keyOf)).toEqual([])
})

it('ties every production body and query to its contract type (requestOf)', () => {
  const untied = apiRoutes().flatMap((route) =>
    (['body', 'querystring'] as const)
      .filter((part) => route.schema[part] !== undefined && !isTiedToContract(route.schema[part]))
      .map((part) => `${keyOf(route)} ${part}`),
  )
  expect(untied).toEqual([])
})

it('names each operation’s refusal codes, and the token where a session is needed', () => {
  const document = JSON.parse(generated) as Document
  const list = document.paths['/api/app/account/getMyOperateRecordList'].get as Record<string, unknown>
  expect(Object.keys(list['x-error-codes'] as object)).toEqual(['400', '403', '500', '996'])
  expect(list.security).toEqual([{ token: [] }])
  const captcha = document.paths['/api/app/code'].get as Record<string, unknown>
  expect(Object.keys(captcha['x-error-codes'] as object)).toEqual(['400', '429', '500'])
  expect(captcha.security).toBeUndefined()
  const password = document.paths['/api/pc/updatePassword'].post as Record<string, unknown>
  expect(Object.keys(password['x-error-codes'] as object)).toContain('4031')
  expect(password['x-protected-action']).toBe('修改密码')
})

describe('/docs', () => {
  const viewerApp = async (production: boolean) => {
    const app = buildApp({ db: server.db, config: testConfig({ production }), docsViewer: true })
    await app.ready()
    return app
  }

  it('shows the document in development', async () => {
    const development = await viewerApp(false)
    const page = await development.inject({ method: 'GET', url: '/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    const document = await development.inject({ method: 'GET', url: '/docs/json' })
    expect(document.json().openapi).toBe('3.1.0')
    await development.close()
  })

  it('is not served in production, even when asked for', async () => {
    const asked = await viewerApp(true)
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
      const answer = await asked.inject({ method: 'GET', url })
      expect(answer.statusCode).toBe(404)
      expect(answer.body).not.toContain('openapi')
    }
    await asked.close()
  })
})
