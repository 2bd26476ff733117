// Tencent Cloud SMS (sms 2021-01-11 SendSms) through its official SDK, which signs each call
// (TC3-HMAC-SHA256); TENCENT_SMS_ENDPOINT points it elsewhere (the tests' local fake).
// Codes: https://cloud.tencent.com/document/product/382/52075
import { sms } from 'tencentcloud-sdk-nodejs-sms'
import { SENT, type DeliveryResult } from '../delivery'
import { positionalParams, type OutgoingSms, type SmsGateway, type SmsTemplate } from './index'

export interface TencentSmsSettings {
  secretId: string
  secretKey: string
  sdkAppId: string
  region: string
  /** https://sms.tencentcloudapi.com unless set. */
  endpoint: URL
  signName: string
  templates: Record<SmsTemplate, string>
}

export function tencentResult(code: string): DeliveryResult {
  if (code === 'Ok') return SENT
  if (code.startsWith('LimitExceeded.') || code === 'RequestLimitExceeded')
    return { outcome: 'refused', reason: 'rateLimited', code }
  if (
    code === 'InvalidParameterValue.IncorrectPhoneNumber' ||
    code === 'FailedOperation.PhoneNumberInBlacklist' ||
    code === 'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber'
  )
    return { outcome: 'refused', reason: 'invalidRecipient', code }
  if (code.startsWith('InternalError') || code === 'FailedOperation.ServiceUnavailable')
    return { outcome: 'retry', code }
  return { outcome: 'refused', reason: 'other', code }
}

const TIMEOUT_S = 10

export function tencentSms(settings: TencentSmsSettings): SmsGateway {
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
          SessionContext: message.idempotencyKey,
        })
        return tencentResult(answer.SendStatusSet?.[0]?.Code ?? 'unknown')
      } catch (error) {
        // The SDK throws the answer's Response.Error (with its code) or a network failure (none).
        const { code } = (error ?? {}) as { code?: string }
        return code ? tencentResult(code) : { outcome: 'retry', code: 'network' }
      }
    },
  }
}
