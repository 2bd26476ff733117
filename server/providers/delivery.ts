// What every outgoing-message provider answers (SMS and mail alike), so the outbox dispatcher treats
// them the same: sent; refused for good (with the reason a person is told); or worth another try.

export type RefusalReason = 'rateLimited' | 'invalidRecipient' | 'other'

export type DeliveryResult =
  /** Accepted. `messageId` is the provider's own id for it (Aliyun BizId, Tencent Cloud SerialNo), if it gave one. */
  | { outcome: 'sent'; messageId?: string }
  /**
   * The provider said no and saying it again will not help. `code` is the provider's, never text.
   * `misconfigured`: the fault is ours to fix (credentials, permissions, sign or template), not the message's.
   */
  | { outcome: 'refused'; reason: RefusalReason; code: string; misconfigured?: true }
  /** A timeout, a connection failure, the provider's own trouble: try again later. */
  | { outcome: 'retry'; code: string }

export const SENT: DeliveryResult = { outcome: 'sent' }

export function sentAs(messageId: string | null | undefined): DeliveryResult {
  return messageId ? { outcome: 'sent', messageId } : SENT
}

/** A provider's error code, cut to what the outbox keeps (no message text: it may echo the content). */
export function errorCode(value: unknown): string {
  return String(value ?? 'unknown').slice(0, 120)
}

/** How far a provider's clock may be from ours: the margin of a search in its send records. */
export const CLOCK_SKEW_MS = 5 * 60_000

/** A message that may have reached the provider although its answer was lost. */
export interface SentQuery {
  recipient: string
  /** What the provider was given to echo back (Aliyun OutId, Tencent Cloud SessionContext). */
  correlationId: string
  /** The message cannot have been sent before this (it was written then) … */
  since: Date
  /** … nor after this (now). */
  until: Date
}

/**
 * A provider whose send records can be searched for a correlation id. Sending is not idempotent
 * at the providers (the id is only echoed back), so this is how a send whose answer was lost is
 * told apart from one that never arrived.
 */
export interface SendRecords {
  /** The provider's record of the message (`messageId` when the record names one), or null if it has none; throws if the records cannot be read. */
  findSent(query: SentQuery): Promise<{ messageId?: string } | null>
}

/** The gateway's send records, if it can search them (Aliyun, Tencent Cloud; not the sandbox or SMTP). */
export function sendRecordsOf(gateway: object | null): SendRecords | null {
  return gateway && typeof (gateway as Partial<SendRecords>).findSent === 'function'
    ? (gateway as SendRecords)
    : null
}
