// SMS code sends (doc2 §7 "Login and account"): each needs a slider puzzle solved for the phone.
import type { SendSmsRequest } from '../../src/core/contract/sms'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { SMS_MESSAGES } from '../services/sms/sms'
import { object, requestOf, shortText, type TypedApp } from './schemas'

const sendBody = requestOf<SendSmsRequest>()(
  object({
    phone: shortText(32),
    captchaId: shortText(64),
    captchaData: shortText(256),
    type: shortText(32),
  }),
)

export function smsRoutes(app: TypedApp, { smsRequests }: Services, guards: Guards) {
  app.post('/api/pc/sendSmsCode', { schema: { body: sendBody } }, async (req) => {
    await smsRequests.sendForPhone(req.body, req.ip)
    return ok(null, SMS_MESSAGES.sent)
  })

  for (const url of ['/api/app/account/sendSmsCode', '/api/wechat/getCode']) {
    app.post(url, { schema: { body: sendBody } }, async (req) => {
      await smsRequests.sendForBindPhone(req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    })
  }

  app.post(
    '/api/app/securityVerification/sendSmsCode',
    { schema: { body: sendBody }, preHandler: guards.requireViewerMayBePending },
    async (req) => {
      await smsRequests.sendForSecurityVerification(req.viewer, req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    },
  )
}
