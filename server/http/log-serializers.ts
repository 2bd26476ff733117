// What an error may carry into the log. A failed query's message and `params` hold the values it
// was sent (phone numbers, SMS codes, link addresses), and a database error's `detail` repeats
// them (`Key (phone)=(138…) already exists`): the log keeps the SQL text and the SQLSTATE only.
import { stdSerializers, type SerializedError } from 'pino'

interface QueryFailure extends Error {
  query: string
  params: unknown
  cause?: unknown
}

const isQueryFailure = (err: unknown): err is QueryFailure =>
  err instanceof Error && typeof (err as QueryFailure).query === 'string' && 'params' in err

/** A database error reduced to what names the failure, never the values: SQLSTATE and constraint. */
function databaseCause(cause: unknown): Record<string, string> | undefined {
  if (!cause || typeof cause !== 'object') return undefined
  const { code, constraint, table, column } = cause as Record<string, unknown>
  const kept = Object.entries({ code, constraint, table, column }).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  )
  return kept.length ? Object.fromEntries(kept) : undefined
}

/** Pino's shape of a logged error: its type, message and stack, and what else it carries. */
type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown }

export function serializeError(err: Error): LoggedError {
  if (!isQueryFailure(err)) {
    const serialized: SerializedError = stdSerializers.err(err)
    // A database error thrown as it is (not wrapped by Drizzle) has the same value-bearing fields.
    for (const field of ['detail', 'where', 'internalQuery', 'parameters']) delete serialized[field]
    return serialized
  }
  const message = `Failed query: ${err.query}`
  return {
    type: err.constructor.name,
    message,
    // The stack starts with the message; a stack that does not is left out rather than trusted.
    stack: err.stack?.includes(err.message) ? err.stack.replace(err.message, message) : '',
    query: err.query,
    cause: databaseCause(err.cause),
  }
}
