// The one request wrapper (design "Core mechanisms"): base URL, `token` header, 120 s timeout,
// envelope normalisation, 996 handling and error toasts. Callers get typed data or an ApiError.
import { defaultApiBase } from '../platform/env'
import { send } from '../platform/transport'
import { currentDestination } from '../routing/navigate'
import { leaveSession } from '../session/leave'
import { useSession } from '../session/store'
import { toast } from '../ui/toast'
import { ENVELOPE_CODE } from '../contract/envelope'
import { ApiError } from './api-error'
import { DEVICE_ID_HEADER, deviceId } from './device-id'
import { NETWORK_ERROR_CODE, readEnvelope } from './envelope'

export const REQUEST_TIMEOUT_MS = 120000
export const NETWORK_FAILURE_MESSAGE = '网络异常，请检查网络后重试'
const API_BASE = process.env.TARO_APP_API_BASE || defaultApiBase

/** An address the server handed out ('/api/…' or absolute) as the client can fetch it. */
export function apiUrl(pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : API_BASE + pathOrUrl
}

export interface RequestOptions {
  /** No error toast: the caller shows the failure itself (e.g. inline in a form or a poll). */
  silent?: boolean
  /**
   * Send this token instead of the stored one: a login that still needs a step (security
   * verification, binding a phone) is not stored until that step is done.
   */
  token?: string
  /** Extra request headers (a QR scene's X-Scene-Secret). */
  headers?: Record<string, string>
  /** A 996 speaks of another credential than the session (an entry link's token): keep the session. */
  keepsSession?: boolean
}

type Params = Record<string, unknown>

/**
 * Code 996 (spec §8): show the message, clear token and id, go to /login — except on /success.
 * Several calls in flight may all come back 996: only the first finds a session to end.
 */
function endExpiredSession(message: string) {
  const session = useSession.getState()
  if (!session.token) return
  if (currentDestination().path === '/success') return session.clear()
  leaveSession({ message })
}

async function request<T>(method: 'GET' | 'POST', path: string, data?: Params, options: RequestOptions = {}) {
  const token = options.token ?? useSession.getState().token
  let body: unknown
  try {
    body = await send({
      url: apiUrl(path),
      method,
      data,
      headers: { ...options.headers, [DEVICE_ID_HEADER]: deviceId(), ...(token ? { token } : {}) },
      timeoutMs: REQUEST_TIMEOUT_MS,
    })
  } catch (cause) {
    console.error('request failed', method, path, cause)
    if (!options.silent) toast.error(NETWORK_FAILURE_MESSAGE)
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_FAILURE_MESSAGE)
  }
  const outcome = readEnvelope<T>(body)
  if (outcome.ok) return outcome.data
  if (outcome.code === ENVELOPE_CODE.sessionEnded && !options.token && !options.keepsSession)
    endExpiredSession(outcome.message)
  else if (!options.silent) toast.error(outcome.message)
  throw new ApiError(outcome.code, outcome.message, outcome.data)
}

export const http = {
  get: <T>(path: string, params?: Params, options?: RequestOptions) =>
    request<T>('GET', path, params, options),
  post: <T>(path: string, body?: Params, options?: RequestOptions) => request<T>('POST', path, body, options),
}
