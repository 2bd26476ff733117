// Aliyun SMS (dysmsapi 2017-05-25 SendSms, QuerySendDetails) through its official SDK. The SDK signs
// each call (ACS3-HMAC-SHA256); ALIYUN_SMS_ENDPOINT points it elsewhere (the tests' local fake).
// SendSms is not idempotent: OutId, the outbox's correlation id, is only echoed back in the send
// records, which is how a send whose answer was lost is found (`findSent`).
// Refusals: https://help.aliyun.com/zh/sms/developer-reference/api-error-codes
import Dysmsapi, { QuerySendDetailsRequest, SendSmsRequest } from '@alicloud/dysmsapi20170525'
import { $OpenApiUtil } from '@alicloud/openapi-core'
import { RuntimeOptions } from '@alicloud/tea-util'
import {
  CLOCK_SKEW_MS,
  errorCode,
  sentAs,
  type DeliveryResult,
  type RefusalReason,
  type SendRecords,
  type SentQuery,
} from '../delivery'
import type { AliyunSmsSettings } from '../../config/providers'
import type { OutgoingSms, SmsGateway } from './index'

/** Provider codes a person is told about; any other isv.* refusal is final too. */
const REFUSALS: Record<string, RefusalReason> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'rateLimited',
  'isv.DAY_LIMIT_CONTROL': 'rateLimited',
  'isv.MOBILE_NUMBER_ILLEGAL': 'invalidRecipient',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'invalidRecipient',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'other',
}

/** Refusals an operator must fix (the RAM user's keys or permissions, the sign or template ids); retrying cannot. */
const MISCONFIGURED = new Set([
  'isp.RAM_PERMISSION_DENY',
  'InvalidAccessKeyId.NotFound',
  'InvalidAccessKeyId.Inactive',
  'SignatureDoesNotMatch',
  'isv.SMS_SIGNATURE_ILLEGAL',
  'isv.SMS_TEMPLATE_ILLEGAL',
])

/** Aliyun answers in the body with HTTP 200; throttling and server trouble are worth another try. */
export function aliyunResult(code: string, bizId?: string): DeliveryResult {
  if (code === 'OK') return sentAs(bizId)
  if (REFUSALS[code]) return { outcome: 'refused', reason: REFUSALS[code], code }
  if (MISCONFIGURED.has(code)) return { outcome: 'refused', reason: 'other', code, misconfigured: true }
  if (/^(Throttling|ServiceUnavailable|InternalError|isp\.SYSTEM_ERROR)/.test(code))
    return { outcome: 'retry', code }
  return { outcome: 'refused', reason: 'other', code }
}

const TIMEOUT_MS = 10_000
/** QuerySendDetails: at most 50 records a page, the last 30 days. */
const PAGE_SIZE = 50
const RECORDS_DAYS = 30
/**
 * A search reads at most this many days (the newest) and pages a day: 4 calls of at most 10 s, and the
 * send after them, fit in a claim's lease. Retries fall within half an hour of the message's writing.
 */
const SEARCH_DAYS = 2
const SEARCH_PAGES = 2
const DAY_MS = 86_400_000
/** Aliyun dates its records in China Standard Time (UTC+8). */
const CST_OFFSET_MS = 8 * 3_600_000

/** The record dates (yyyyMMdd, China time) a send between `since` and `until` may carry, newest first. */
export function sendDates({ since, until }: Pick<SentQuery, 'since' | 'until'>): string[] {
  const day = (ms: number) => Math.floor((ms + CST_OFFSET_MS) / DAY_MS)
  const last = day(until.getTime())
  const first = Math.max(day(since.getTime() - CLOCK_SKEW_MS), day(until.getTime()) - RECORDS_DAYS + 1)
  const dates: string[] = []
  for (let d = last; d >= first && dates.length < SEARCH_DAYS; d -= 1)
    dates.push(new Date(d * DAY_MS).toISOString().slice(0, 10).replace(/-/g, ''))
  return dates
}

export function aliyunSms(settings: AliyunSmsSettings): SmsGateway & SendRecords {
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: settings.endpoint.host,
      protocol: settings.endpoint.protocol.replace(':', ''),
    }),
  )
  const runtime = new RuntimeOptions({
    readTimeout: TIMEOUT_MS,
    connectTimeout: TIMEOUT_MS,
    autoretry: false,
  })

  /** Whether one page of a day's records to `phone` holds `outId`; null when there are no more pages. */
  async function searchPage(phone: string, sendDate: string, page: number, outId: string) {
    const response = await client.querySendDetailsWithOptions(
      new QuerySendDetailsRequest({ phoneNumber: phone, sendDate, pageSize: PAGE_SIZE, currentPage: page }),
      runtime,
    )
    const code = response.body?.code ?? 'unknown'
    if (code !== 'OK') throw Object.assign(new Error('QuerySendDetails refused'), { code })
    const records = response.body?.smsSendDetailDTOs?.smsSendDetailDTO ?? []
    if (records.some((record) => record.outId === outId)) return true
    return records.length < PAGE_SIZE ? null : false
  }

  return {
    name: 'aliyun',
    async send(message: OutgoingSms) {
      const request = new SendSmsRequest({
        phoneNumbers: message.phone,
        signName: settings.signName,
        templateCode: settings.templates[message.template],
        templateParam: JSON.stringify(message.params),
        outId: message.correlationId,
      })
      try {
        const response = await client.sendSmsWithOptions(request, runtime)
        return aliyunResult(response.body?.code ?? 'unknown', response.body?.bizId)
      } catch (error) {
        // An HTTP error answer carries Aliyun's code; no answer at all (timeout, refused connection) is transient.
        const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number }
        if (statusCode && code) return statusCode >= 500 ? { outcome: 'retry', code } : aliyunResult(code)
        return { outcome: 'retry', code: errorCode(code ?? 'network') }
      }
    },
    /** The records carry OutId but not BizId: a message found this way has no provider message id. */
    async findSent(query: SentQuery) {
      for (const sendDate of sendDates(query)) {
        for (let page = 1; page <= SEARCH_PAGES; page += 1) {
          const found = await searchPage(query.recipient, sendDate, page, query.correlationId)
          if (found) return {}
          if (found === null) break
        }
      }
      return null
    },
  }
}
