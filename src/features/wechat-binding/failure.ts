import { ApiError } from '../../core/http/api-error'
import type { Failure } from './rules'

/** Any rejection as { code, message } (-1 when it was not an API answer). */
export function failureOf(error: unknown): Failure {
  return error instanceof ApiError
    ? { code: error.code, message: error.message }
    : { code: -1, message: String(error) }
}
