// Counters services bump for /metrics (server/http/metrics.ts exposes them). They live in the
// process's global Prometheus registry, so a service calls them without the app at hand.
import * as promClient from '@prometheus-io/client'

const loginAttempts = new promClient.Counter({
  name: 'member_centre_login_attempts_total',
  help: 'Password logins whose password was checked (each counts as failed until it opens a session)',
})
const loginSuccesses = new promClient.Counter({
  name: 'member_centre_login_successes_total',
  help: 'Password logins that opened a session',
})
const loginRefusals = new promClient.Counter({
  name: 'member_centre_login_refusals_total',
  help: 'Password logins refused before the check: locked account or throttled address',
  labelNames: ['reason'] as const,
})
const paymentNotifications = new promClient.Counter({
  name: 'member_centre_payment_notifications_total',
  help: 'Payment notifications received, by provider and outcome',
  labelNames: ['provider', 'outcome'] as const,
})

/** Login counters (services/auth/login-limits.ts): failures = attempts − successes. */
export const loginMetrics = {
  attempt: () => loginAttempts.inc(),
  success: () => loginSuccesses.inc(),
  refused: (reason: 'locked' | 'throttled') => loginRefusals.inc({ reason }),
}

/** One payment notification (services/payments/payments.ts): e.g. ('alipay', 'paid'), ('wxpay', 'bad-signature'). */
export function countPaymentNotification(provider: string, outcome: string) {
  paymentNotifications.inc({ provider, outcome })
}

const refundDue = new promClient.Counter({
  name: 'member_centre_payments_refund_due_total',
  help: 'Verified payments recorded as due for refund (a late, voided or second payment that is not fulfilled)',
})
const refunds = new promClient.Counter({
  name: 'member_centre_payments_refunds_total',
  help: 'Refunds settled at a provider, by result (refunded, failed)',
  labelNames: ['result'] as const,
})
const closeFailures = new promClient.Counter({
  name: 'member_centre_payments_close_failures_total',
  help: 'Closing a payment attempt at its provider failed or timed out',
})
const reconcileDifferences = new promClient.Counter({
  name: 'member_centre_payments_reconcile_differences_total',
  help: "Differences between a provider's daily bill and the payments table, by kind",
  labelNames: ['provider', 'kind'] as const,
})
const outboxDeliveries = new promClient.Counter({
  name: 'member_centre_outbox_deliveries_total',
  help: 'Outbox delivery attempts, by channel (sms, email) and result (sent, retry, refused, failed)',
  labelNames: ['channel', 'result'] as const,
})

/** Money that needs attention (services/payments): refunds, failed closes, reconciliation. */
export const paymentMetrics = {
  refundDue: () => refundDue.inc(),
  refundSettled: (result: 'refunded' | 'failed') => refunds.inc({ result }),
  closeFailed: () => closeFailures.inc(),
  reconcileDifference: (provider: string, kind: string) => reconcileDifferences.inc({ provider, kind }),
}

/** One outbox delivery attempt (services/outbox). */
export function countOutboxDelivery(channel: string, result: string) {
  outboxDeliveries.inc({ channel, result })
}
