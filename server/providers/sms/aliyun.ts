// Aliyun SMS (dysmsapi 2017-05-25 SendSms) through its official SDK. The SDK signs each call
// (ACS3-HMAC-SHA256); ALIYUN_SMS_ENDPOINT points it elsewhere (the tests' local fake).
// Refusals: https://help.aliyun.com/zh/sms/developer-reference/api-error-codes
import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525'
import { $OpenApiUtil } from '@alicloud/openapi-core'
import { RuntimeOptions } from '@alicloud/tea-util'
import { errorCode, SENT, type DeliveryResult, type RefusalReason } from '../delivery'
import type { OutgoingSms, SmsGateway, SmsTemplate } from './index'

export interface AliyunSmsSettings {
  accessKeyId: string
  accessKeySecret: string
  /** https://dysmsapi.aliyuncs.com unless set. */
  endpoint: URL
  signName: string
  templates: Record<SmsTemplate, string>
}

/** Provider codes a person is told about; any other isv.* refusal is final too. */
const REFUSALS: Record<string, RefusalReason> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'rateLimited',
  'isv.DAY_LIMIT_CONTROL': 'rateLimited',
  'isv.MOBILE_NUMBER_ILLEGAL': 'invalidRecipient',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'invalidRecipient',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'other',
}

/** Aliyun answers in the body with HTTP 200; throttling and server trouble are worth another try. */
export function aliyunResult(code: string): DeliveryResult {
  if (code === 'OK') return SENT
  if (REFUSALS[code]) return { outcome: 'refused', reason: REFUSALS[code], code }
  if (/^(Throttling|ServiceUnavailable|InternalError|isp\.SYSTEM_ERROR|isp\.RAM_PERMISSION_DENY)/.test(code))
    return { outcome: 'retry', code }
  return { outcome: 'refused', reason: 'other', code }
}

const TIMEOUT_MS = 10_000

export function aliyunSms(settings: AliyunSmsSettings): SmsGateway {
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
  return {
    name: 'aliyun',
    async send(message: OutgoingSms) {
      const request = new SendSmsRequest({
        phoneNumbers: message.phone,
        signName: settings.signName,
        templateCode: settings.templates[message.template],
        templateParam: JSON.stringify(message.params),
        outId: message.idempotencyKey,
      })
      try {
        const response = await client.sendSmsWithOptions(request, runtime)
        return aliyunResult(response.body?.code ?? 'unknown')
      } catch (error) {
        // An HTTP error answer carries Aliyun's code; no answer at all (timeout, refused connection) is transient.
        const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number }
        if (statusCode && code) return statusCode >= 500 ? { outcome: 'retry', code } : aliyunResult(code)
        return { outcome: 'retry', code: errorCode(code ?? 'network') }
      }
    },
  }
}
