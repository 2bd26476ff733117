// Normalises the API's envelopes (spec §7): { code, message, data } with code 200, order services
// also 988 or { IsSuccess, Data, Message }. The codes and the generic text: core/contract/envelope.
import { GENERIC_FAILURE, SUCCESS_CODES } from '../contract/envelope'

/** An ApiError's code when no answer came (the network, a timeout): never a wire code. */
export const NETWORK_ERROR_CODE = -1

export type Outcome<T> =
  | { ok: true; data: T; message: string }
  /** `data`: what a refusal carries besides its message (a refused SMS send: the seconds left). */
  | { ok: false; code: number; message: string; data?: unknown }

export function readEnvelope<T>(body: unknown): Outcome<T> {
  if (!body || typeof body !== 'object') return { ok: false, code: 0, message: GENERIC_FAILURE }
  const envelope = body as Record<string, unknown>
  if ('IsSuccess' in envelope) {
    const message = String(envelope.Message ?? envelope.message ?? '')
    return envelope.IsSuccess
      ? { ok: true, data: (envelope.Data ?? envelope.data) as T, message }
      : { ok: false, code: Number(envelope.code ?? 0), message: message || GENERIC_FAILURE }
  }
  const code = Number(envelope.code)
  const message = typeof envelope.message === 'string' ? envelope.message : ''
  if (SUCCESS_CODES.includes(code)) return { ok: true, data: envelope.data as T, message }
  return { ok: false, code, message: message || GENERIC_FAILURE, data: envelope.data ?? undefined }
}
