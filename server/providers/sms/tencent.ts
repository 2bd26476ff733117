// Tencent Cloud SMS (sms 2021-01-11 SendSms, PullSmsSendStatusByPhoneNumber) through its official
// SDK, which signs each call (TC3-HMAC-SHA256); TENCENT_SMS_ENDPOINT points it elsewhere (the tests'
// local fake). SendSms is not idempotent: SessionContext, the outbox's correlation id, is only echoed
// back, in the delivery reports, which is how a send whose answer was lost is found (`findSent`).
// Codes: https://cloud.tencent.com/document/product/382/52075
import { sms } from 'tencentcloud-sdk-nodejs-sms'
import { CLOCK_SKEW_MS, sentAs, type DeliveryResult, type SendRecords, type SentQuery } from '../delivery'
import type { TencentSmsSettings } from '../../config/providers'
import { positionalParams, type OutgoingSms, type SmsGateway } from './index'

/** Refusals an operator must fix (keys, permissions, the app, sign or template ids); retrying cannot. */
const misconfigured = (code: string) =>
  /^(AuthFailure|UnauthorizedOperation)\./.test(code) ||
  code === 'FailedOperation.SignatureIncorrectOrUnapproved' ||
  code === 'FailedOperation.TemplateIncorrectOrUnapproved'

export function tencentResult(code: string, serialNo?: string): DeliveryResult {
  if (code === 'Ok') return sentAs(serialNo)
  // The API's own call-rate limit (RequestLimitExceeded and its sub-codes) passes; a phone's
  // sending limits (LimitExceeded.*) are the member's to wait out.
  if (code === 'RequestLimitExceeded' || code.startsWith('RequestLimitExceeded.'))
    return { outcome: 'retry', code }
  if (code.startsWith('LimitExceeded.')) return { outcome: 'refused', reason: 'rateLimited', code }
  if (
    code === 'InvalidParameterValue.IncorrectPhoneNumber' ||
    code === 'FailedOperation.PhoneNumberInBlacklist' ||
    code === 'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber'
  )
    return { outcome: 'refused', reason: 'invalidRecipient', code }
  if (code.startsWith('InternalError') || code === 'FailedOperation.ServiceUnavailable')
    return { outcome: 'retry', code }
  if (misconfigured(code)) return { outcome: 'refused', reason: 'other', code, misconfigured: true }
  return { outcome: 'refused', reason: 'other', code }
}

const TIMEOUT_S = 10
/** PullSmsSendStatusByPhoneNumber: at most 100 reports, from at most 7 days back. */
const REPORT_LIMIT = 100
const REPORTS_MS = 7 * 86_400_000

/** The report search's start (Unix seconds): the message's writing, less the clocks' skew, within the 7 days. */
export function reportsBeginTime({ since, until }: Pick<SentQuery, 'since' | 'until'>): number {
  const earliest = until.getTime() - REPORTS_MS + 60_000
  return Math.floor(Math.max(since.getTime() - CLOCK_SKEW_MS, earliest) / 1000)
}

export function tencentSms(settings: TencentSmsSettings): SmsGateway & SendRecords {
  const client = new sms.v20210111.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: {
      httpProfile: {
        endpoint: settings.endpoint.host,
        protocol: `${settings.endpoint.protocol}//`,
        reqTimeout: TIMEOUT_S,
      },
    },
  })
  return {
    name: 'tencent',
    async send(message: OutgoingSms) {
      try {
        const answer = await client.SendSms({
          PhoneNumberSet: [`+86${message.phone}`],
          SmsSdkAppId: settings.sdkAppId,
          SignName: settings.signName,
          TemplateId: settings.templates[message.template],
          TemplateParamSet: positionalParams(message.params),
          SessionContext: message.correlationId,
        })
        const [status] = answer.SendStatusSet ?? []
        return tencentResult(status?.Code ?? 'unknown', status?.SerialNo)
      } catch (error) {
        // The SDK throws the answer's Response.Error (with its code) or a network failure (none).
        const { code } = (error ?? {}) as { code?: string }
        return code ? tencentResult(code) : { outcome: 'retry', code: 'network' }
      }
    },
    /**
     * Searches the phone's delivery reports (the app-wide PullSmsSendStatus hands each report out
     * once, to whichever caller pulls first, so it cannot serve as a lookup). A report exists once
     * the carrier has answered, and carries SessionContext only where Tencent Cloud has enabled it
     * for the account; otherwise nothing is found and the message is sent again.
     */
    async findSent(query: SentQuery) {
      const answer = await client.PullSmsSendStatusByPhoneNumber({
        BeginTime: reportsBeginTime(query),
        Offset: 0,
        Limit: REPORT_LIMIT,
        PhoneNumber: `+86${query.recipient}`,
        SmsSdkAppId: settings.sdkAppId,
      })
      const report = answer.PullSmsSendStatusSet?.find((item) => item.SessionContext === query.correlationId)
      return report ? { messageId: report.SerialNo } : null
    },
  }
}
