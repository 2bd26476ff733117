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
