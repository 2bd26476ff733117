import { REVERIFY_CODE } from '../contract/fresh-session'

/**
 * A failed call: `code` is the envelope code (-1 for a network failure), `message` the server's text,
 * `data` what the refusal carries besides (most carry none).
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = undefined,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * What a failed call says to the user: the server's message when it sent one, else `fallback`
 * (a thrown bug, a rejected platform call). The one place the "API error → message" check lives.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}

/** A sensitive change refused because the session is not fresh (core/contract/fresh-session). */
export function needsReverification(reason: unknown): reason is ApiError {
  return reason instanceof ApiError && reason.code === REVERIFY_CODE
}
