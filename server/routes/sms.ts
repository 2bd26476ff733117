// SMS code sends (doc2 §7 "Login and account"): each needs a slider puzzle solved for the phone.
import type { SendSmsRequest } from '../../src/core/contract/sms'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { SMS_MESSAGES } from '../services/sms/sms'
import { documented, TAG } from './api-tags'
import { nullAnswer } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'

const about = documented(TAG.captcha)

const sendBody = requestOf<SendSmsRequest>()(
  object({
    phone: shortText(32),
    captchaId: shortText(64),
    captchaData: shortText(256),
    type: shortText(32),
  }),
)

export function smsRoutes(app: TypedApp, { smsRequests }: Services, guards: Guards) {
  app.post(
    '/api/pc/sendSmsCode',
    { schema: { ...about('发送登录、注册或找回密码的短信验证码'), body: sendBody, response: nullAnswer } },
    async (req) => {
      await smsRequests.sendForPhone(req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    },
  )

  for (const url of ['/api/app/account/sendSmsCode', '/api/wechat/getCode']) {
    app.post(
      url,
      { schema: { ...about('发送绑定手机的短信验证码'), body: sendBody, response: nullAnswer } },
      async (req) => {
        await smsRequests.sendForBindPhone(req.body, req.ip)
        return ok(null, SMS_MESSAGES.sent)
      },
    )
  }

  app.post(
    '/api/app/securityVerification/sendSmsCode',
    {
      schema: { ...about('发送安全验证的短信验证码'), body: sendBody, response: nullAnswer },
      preHandler: guards.requireViewerMayBePending,
    },
    async (req) => {
      await smsRequests.sendForSecurityVerification(req.viewer, req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    },
  )
}
