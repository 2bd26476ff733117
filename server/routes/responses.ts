// Response schemas: what each route answers, for Fastify's serializer and the API document
// (docs/openapi.json). The serializer drops every field a response schema does not list, so each
// object here lists all of its fields and allows no others, and the API tests compare every answer
// before and after serialization (server/http/response-check.ts): a schema that leaves a field out
// fails the test that met it.
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import { ENVELOPE_CODE } from '../../src/core/contract/envelope'
import type { Same } from './schemas'

export const text = { type: 'string' } as const
export const int = { type: 'integer' } as const
export const decimal = { type: 'number' } as const
export const flag = { type: 'boolean' } as const
/** A timestamp as JSON writes a Date (ISO 8601, UTC). */
export const dateTime = { type: 'string', format: 'date-time' } as const
/** One of the listed values (a status, a type): the document shows them. */
export const oneOfValues = <const V extends readonly (string | number)[]>(values: V) =>
  ({ enum: values }) as const
/** Nothing: the data of an answer that only says it worked. */
export const none = { type: 'null' } as const

/** The schema, or null. */
export const nullable = <const S>(schema: S) => ({ anyOf: [schema, none] }) as const

export const listOf = <const S>(items: S) => ({ type: 'array', items }) as const

/**
 * An object that answers exactly these fields: all required but the `optional` ones (left out of
 * the answer when the service has none), and no others.
 */
export function shape<
  const P extends Record<string, unknown>,
  const O extends readonly (keyof P & string)[] = readonly [],
>(properties: P, optional?: O) {
  const required = Object.keys(properties).filter((name) => !optional?.includes(name))
  return {
    type: 'object',
    properties,
    required: required as unknown as readonly Exclude<keyof P & string, O[number]>[],
    additionalProperties: false,
  } as const
}

/** A page of a list (src/core/contract/paging.ts `Page`). */
export const pageOf = <const S>(item: S) => shape({ data: listOf(item), total: int, pages: int })

/** What the type provider types an answer as from its schema. */
type Answered<S> = (JsonSchemaToTsProvider & { schema: S })['serializer']

/** Shown in the type error when a response schema and its contract type part ways. */
interface ContractMismatch<Schema, Contract> {
  schemaAnswers: Schema
  contractSays: Contract
}

/**
 * The schema of data the wire contract declares (src/core/contract): the type it describes must be
 * exactly the contract's, so a field renamed, added, retyped or made optional on one side fails the
 * type check. The partner of `requestOf` (schemas.ts).
 */
export const responseOf =
  <Contract>() =>
  <const S>(
    schema: S &
      (Same<Answered<S>, Contract> extends true ? unknown : ContractMismatch<Answered<S>, Contract>),
  ): S =>
    schema

/**
 * A refusal: any code but 200, the message the client shows, and what the client acts on besides
 * it (null for most; the seconds to wait, the re-verification asked for…).
 */
export const refusalEnvelope = {
  type: 'object',
  properties: {
    code: { type: 'integer', not: { const: ENVELOPE_CODE.ok } },
    message: text,
    data: {},
  },
  required: ['code', 'message', 'data'],
  additionalProperties: false,
} as const

/** The success envelope around `data`. */
export const successEnvelope = <const D>(data: D) =>
  shape({ code: { const: ENVELOPE_CODE.ok }, message: text, data })

/**
 * What the type provider sees of an answer: the success envelope around `data`, so a handler's
 * return value is checked against the data's schema (refusals are thrown, never returned).
 */
interface EnvelopeSchema<D> {
  readonly type: 'object'
  readonly properties: { readonly code: typeof int; readonly message: typeof text; readonly data: D }
  readonly required: readonly ['code', 'message', 'data']
  readonly additionalProperties: false
}

/**
 * The `response` of a route answering `{ code, message, data }`. Refusals travel in the same HTTP
 * 200, so the schema is chosen by the code: 200 serializes through `data`'s schema, any other as
 * the refusal. (With oneOf the serializer would validate the whole answer and fail it instead.)
 */
export function answer<const D>(data: D): { 200: EnvelopeSchema<D> } {
  return {
    200: {
      type: 'object',
      if: { type: 'object', properties: { code: { const: ENVELOPE_CODE.ok } } },
      then: successEnvelope(data),
      else: refusalEnvelope,
    } as unknown as EnvelopeSchema<D>,
  }
}

/** The `response` of a route whose answer only says it worked (`ok(null)`). */
export const nullAnswer = answer(none)

/**
 * The `response` of a route answering a file (an export, an attachment): its bytes under each
 * content type it may have, and a refusal envelope as JSON before any byte is sent.
 */
export function fileAnswer(contentTypes: readonly string[]): { 200: unknown } {
  const file = { schema: { type: 'string', format: 'binary' } }
  return {
    200: {
      description: '文件（按请求的格式）；拒绝时为 JSON 信封',
      content: {
        ...Object.fromEntries(contentTypes.map((type) => [type, file])),
        'application/json': { schema: refusalEnvelope },
      },
    },
  }
}
