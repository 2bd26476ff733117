// The OpenAPI 3.1 document of the API, generated from the route schemas (@fastify/swagger) and
// checked in as docs/openapi.json (`npm run openapi` writes it; test/api/openapi.test.ts fails when
// it and the routes disagree). Development also serves it with an interactive viewer at /docs.
// Each operation's `x-error-codes` are derived from what the route declares (its guard, its input
// schema, its rate limit), so they cannot drift from the code: the refusals a service decides
// (400, 403, 404 with their own messages) are the envelope's generic codes listed in components.
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify'
import { ENVELOPE_CODE, REFUSAL_CODE } from '../../src/core/contract/envelope'
import { REVERIFY_CODE } from '../../src/core/contract/fresh-session'
import type { Guard, Guards } from './auth'
import { protectedActionOf } from './protected-actions'
import { ruleFor } from './rate-limits'

export const DOCS_PATH = '/docs'
/** The session's `token` header, as the document's security scheme. */
const TOKEN_SCHEME = 'token'

/** Every code an answer's envelope may carry, as the document's components describe them. */
export const ENVELOPE_CODES: Record<number, string> = {
  [ENVELOPE_CODE.ok]: '成功：data 为该接口的数据',
  [REFUSAL_CODE.invalid]: '参数不合法或不被接受（消息说明原因）',
  [REFUSAL_CODE.forbidden]: '无权访问：角色不符，或会话尚待安全验证 / 二次验证',
  [REFUSAL_CODE.notFound]: '数据不存在（或属于其他账号）',
  [REFUSAL_CODE.tooManyRequests]: '请求过于频繁；data 可带需等待的秒数',
  [REFUSAL_CODE.internal]: '服务器错误或外部服务失败（消息含可报给客服的请求编号）',
  [REFUSAL_CODE.notConfigured]: '该外部服务未配置',
  [REVERIFY_CODE]: '敏感操作需先重新验证：data 说明验证方式与操作名称',
  [ENVELOPE_CODE.qrExpired]: '二维码已过期、不存在或已使用',
  [ENVELOPE_CODE.wechatNotRegistered]: '该微信尚未注册会员',
  [ENVELOPE_CODE.sessionEnded]: '未登录或会话已结束：客户端清除 token 并回到登录页',
}

/** The codes each guard adds to a route's refusals. */
export function guardErrorCodes(guards: Guards): Map<Guard, number[]> {
  const session = [ENVELOPE_CODE.sessionEnded]
  const verified = [...session, REFUSAL_CODE.forbidden]
  return new Map<Guard, number[]>([
    [guards.requireViewerMayBePending, session],
    [guards.requireViewer, verified],
    [guards.requireMainAccount, verified],
    [guards.requireFreshSession, [...verified, REVERIFY_CODE]],
    [guards.requireFreshMainAccount, [...verified, REVERIFY_CODE]],
  ])
}

/**
 * Routes that are not the API: the sandbox, the console's pages and files, the viewer itself, and
 * /metrics (Prometheus' text format for the operator's scraper, docs/operations.md).
 */
export function isUndocumented(url: string): boolean {
  return (
    url.startsWith('/__dev') || url === '/' || url === '/*' || url === '/metrics' || url.startsWith(DOCS_PATH)
  )
}

/**
 * The envelope codes a route can answer besides 200, from what it declares: its guards, an input
 * schema (a value it refuses: 400), a rate limit (429), and any failure (500). A route whose
 * guard is chosen per request lists its possible codes itself in `x-error-codes`.
 */
export function errorCodesOf(route: RouteOptions, guardCodes: Map<Guard, number[]>): number[] {
  const schema = (route.schema ?? {}) as FastifySchema & { 'x-error-codes'?: number[] }
  // A guard may run at preValidation (before the input is read, as the uploads do) or preHandler.
  const guards = [route.preValidation ?? [], route.preHandler ?? []].flat() as Guard[]
  const methods = [route.method].flat()
  const codes = [
    ...(schema['x-error-codes'] ?? []),
    ...guards.flatMap((guard) => guardCodes.get(guard) ?? []),
    ...(schema.body || schema.querystring || schema.params ? [REFUSAL_CODE.invalid] : []),
    ...(methods.some((method) => ruleFor(method, route.url)) ? [REFUSAL_CODE.tooManyRequests] : []),
    REFUSAL_CODE.internal,
  ]
  return [...new Set(codes)].sort((a, b) => a - b)
}

/** The document shows the envelope's two shapes side by side; the serializer picks one by code. */
function asAlternatives(response: unknown): unknown {
  if (typeof response !== 'object' || response === null) return response
  const { if: _chosenByCode, then, else: otherwise, ...rest } = response as Record<string, unknown>
  if (!then || !otherwise) return response
  return {
    ...rest,
    description: '信封 { code, message, data }：code 为 200 时 data 如下，否则为拒绝（见 x-error-codes）',
    oneOf: [then, otherwise],
  }
}

/**
 * Whether a route's answer travels in the envelope (responses.ts `answer`, or a file answer's JSON
 * refusal): only those carry envelope codes. The probes and the providers' callbacks do not.
 */
export function answersEnvelope(response: unknown): boolean {
  const ok = (response as Record<string, Record<string, unknown>> | undefined)?.['200']
  const content = ok?.content as Record<string, unknown> | undefined
  return Boolean(ok && ('if' in ok || content?.['application/json']))
}

function documentedSchema(route: RouteOptions, schema: FastifySchema, guardCodes: Map<Guard, number[]>) {
  const response = schema.response as Record<string, unknown> | undefined
  if (!answersEnvelope(response)) return schema
  const codes = errorCodesOf(route, guardCodes)
  const action = codes.includes(REVERIFY_CODE) ? protectedActionOf(route.url) : undefined
  return {
    ...schema,
    response: Object.fromEntries(Object.entries(response ?? {}).map(([s, r]) => [s, asAlternatives(r)])),
    'x-error-codes': Object.fromEntries(codes.map((code) => [code, ENVELOPE_CODES[code] ?? ''])),
    ...(action ? { 'x-protected-action': action } : {}),
    // A route that can end a session needs one: the `token` header.
    ...(codes.includes(ENVELOPE_CODE.sessionEnded) ? { security: [{ [TOKEN_SCHEME]: [] }] } : {}),
  }
}

/**
 * Registers the document (before the routes: it reads them as they are added) and, when asked
 * for outside production, the viewer at /docs. The server's start asks for it; apps built in jest
 * do not: the viewer's static files plugin needs an ES module jest does not load.
 */
export function registerApiDocument(
  app: FastifyInstance,
  guards: Guards,
  {
    production,
    viewer,
    tags,
  }: {
    production: boolean
    viewer: boolean
    /** The document's tags (server/routes/api-tags.ts), each with what it covers. */
    tags: Record<string, string>
  },
) {
  const guardCodes = guardErrorCodes(guards)
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '会员中心 API',
        version: '1',
        description:
          '每个 /api 接口都以 HTTP 200 回答信封 { code, message, data }；code 的含义见 components.schemas.EnvelopeCode，' +
          '每个接口可能的拒绝码见其 x-error-codes。请求头 token 携带会话。',
      },
      tags: Object.entries(tags).map(([name, description]) => ({ name, description })),
      components: {
        schemas: {
          EnvelopeCode: {
            type: 'integer',
            enum: Object.keys(ENVELOPE_CODES).map(Number),
            description: Object.entries(ENVELOPE_CODES)
              .map(([code, meaning]) => `${code}：${meaning}`)
              .join('\n'),
          },
        },
        securitySchemes: { [TOKEN_SCHEME]: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    transform: ({ schema, url, route }) => ({
      url,
      schema: isUndocumented(url)
        ? { ...schema, hide: true }
        : (documentedSchema(route, schema ?? {}, guardCodes) as FastifySchema),
    }),
  })
  if (viewer && !production)
    app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH, uiConfig: { showExtensions: true } })
}

/** The document as checked in: keys in a stable order, two-space indent, a final newline. */
export function documentText(document: unknown): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted)
    if (typeof value !== 'object' || value === null) return value
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    )
  }
  return `${JSON.stringify(sorted(document), null, 2)}\n`
}
