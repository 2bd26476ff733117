// What every outgoing-message provider answers (SMS and mail alike), so the outbox dispatcher treats
// them the same: sent; refused for good (with the reason a person is told); or worth another try.

export type RefusalReason = 'rateLimited' | 'invalidRecipient' | 'other'

export type DeliveryResult =
  | { outcome: 'sent' }
  /** The provider said no and saying it again will not help. `code` is the provider's, never text. */
  | { outcome: 'refused'; reason: RefusalReason; code: string }
  /** A timeout, a connection failure, the provider's own trouble: try again later. */
  | { outcome: 'retry'; code: string }

export const SENT: DeliveryResult = { outcome: 'sent' }

/** A provider's error code, cut to what the outbox keeps (no message text: it may echo the content). */
export function errorCode(value: unknown): string {
  return String(value ?? 'unknown').slice(0, 120)
}
