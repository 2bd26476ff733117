// JSON schemas shared by routes. Fastify's ajv coerces query strings to the declared types;
// anything that still fails becomes a 400 envelope (server/http/error-handler.ts).
// Routes are registered on a `TypedApp`: the JSON-schema type provider types each handler's
// request from the schemas below, so handlers do not restate those types by hand.
// Every number a route takes is bounded to what a Postgres integer column holds: a larger one
// would pass validation and fail in the database (code 22003) instead of answering 非法参数.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { IdRequest, PageQuery } from '../../src/core/contract/paging'
import { MAX_PAGE_NUM, MAX_PAGE_SIZE } from '../services/shared/paging'

/** The Fastify instance routes register on: request types come from the route's JSON schemas. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  JsonSchemaToTsProvider
>

export const INT32_MIN = -2_147_483_648
export const INT32_MAX = 2_147_483_647

/**
 * An integer from minimum to maximum. ajv (8.20) coerces the query text '1e400' to Infinity, takes
 * it for an integer and checks minimum/maximum only on finite numbers: `not` refuses the infinities.
 */
export const boundedInteger = (minimum: number, maximum: number) =>
  ({ type: 'integer', minimum, maximum, not: { enum: [Infinity, -Infinity] } }) as const

/** Any integer field (a type, status, model, role): a Postgres integer. */
export const integer = boundedInteger(INT32_MIN, INT32_MAX)
/** A row id: a positive Postgres integer. */
export const rowId = boundedInteger(1, INT32_MAX)
/** An id where 0 means "none" (the main account's subAccountId). */
export const rowIdOrZero = boundedInteger(0, INT32_MAX)
/** Text a Postgres text column can store: a NUL character would fail there (22021). */
const STORABLE = '^[^\\u0000]*$'
export const shortText = (maxLength: number) => ({ type: 'string', maxLength, pattern: STORABLE }) as const

/**
 * An object schema. `const` keeps the literals (types, enums, the required names) that the type
 * provider reads to type `req.body` / `req.query` / `req.params` of the route using it.
 */
export function object<
  const P extends Record<string, unknown>,
  const R extends readonly (keyof P & string)[] = readonly [],
>(properties: P, required?: R) {
  return { type: 'object', properties, required: (required ?? []) as unknown as R } as const
}

/** What the routes' type provider types a request part as (`req.body`, `req.query`) from its schema. */
type Typed<S> = (JsonSchemaToTsProvider & { schema: S })['validator']
/** An object type's named fields, each present and defined: optionality and the open extras aside. */
type Fields<X> = { [K in keyof X as string extends K ? never : K]-?: Exclude<X[K], undefined> }
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** Shown in the type error when a schema and its contract type part ways. */
interface ContractMismatch<Schema, Contract> {
  schemaFields: Schema
  contractFields: Contract
}

/**
 * The schema of a request the wire contract declares (src/core/contract): it must type `req.body`
 * (or `req.query`) with exactly the contract's field names and types, so a field renamed, added
 * or retyped on one side fails the type check and a handler hands `req.body` on as the contract's
 * type. Which fields are required stays the schema's: the services answer a missing field with
 * the form's own message, so most are optional on the wire (`Partial<Request>` in the services).
 */
export const requestOf =
  <Contract>() =>
  <S>(
    schema: S &
      (Same<Fields<Typed<S>>, Fields<Contract>> extends true
        ? unknown
        : ContractMismatch<Fields<Typed<S>>, Fields<Contract>>),
  ): S => {
    tiedToContract.add(schema as object)
    return schema
  }

/** The request schemas `requestOf` tied to a contract type, for the route-table test. */
const tiedToContract = new WeakSet<object>()

/** Whether a route's body or query schema went through `requestOf` (test/api/openapi.test.ts). */
export const isTiedToContract = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && tiedToContract.has(schema)

/** The query or body of calls that take one row id. */
export const byId = requestOf<IdRequest>()(object({ id: rowId }, ['id']))

// The paging query every list call takes; out-of-range values fail validation (非法参数), with the
// bounds of the services' one paging helper (services/shared/paging.ts).
export const pageNum = boundedInteger(1, MAX_PAGE_NUM)
export const pageSize = boundedInteger(1, MAX_PAGE_SIZE)
export const pageQuery = requestOf<PageQuery>()(object({ pageNum, pageSize }, ['pageNum', 'pageSize']))
