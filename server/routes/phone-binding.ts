// The bound phone under /api/pc (doc2 §7 "Under /api/pc: checkBindPhone"; account-area §7
// "checkBindPhone", "bindPhone (phone, code, password)"): services/account/phone-binding.ts.
import type { PcBindPhoneRequest, PhoneBindingStatus } from '../../src/core/contract/account'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { WECHAT_MESSAGES } from '../services/wechat/wechat'
import { documented, TAG } from './api-tags'
import { answer, flag, nullAnswer, responseOf, shape } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'

const about = documented(TAG.account)
const bindingStatus = responseOf<PhoneBindingStatus>()(shape({ bound: flag }))

const bindBody = requestOf<PcBindPhoneRequest>()(
  object({ phone: shortText(32), code: shortText(32), password: shortText(512) }),
)

export function phoneBindingRoutes(app: TypedApp, { phoneBinding }: Services, guards: Guards) {
  app.get(
    '/api/pc/checkBindPhone',
    {
      schema: { ...about('是否已绑定手机'), response: answer(bindingStatus) },
      preHandler: guards.requireViewer,
    },
    async (req) => ok(await phoneBinding.status(req.viewer)),
  )

  // A first phone (and a first password) is a new way to log in: a fresh session, as for
  // /api/wechat/bindPhone, so a stolen session cannot add one.
  app.post(
    '/api/pc/bindPhone',
    {
      schema: { ...about('绑定手机（及首次设置密码）'), body: bindBody, response: nullAnswer },
      preHandler: guards.requireFreshSession,
    },
    async (req) => {
      await phoneBinding.bind(req.viewer, req.body, req.ip)
      return ok(null, WECHAT_MESSAGES.bound)
    },
  )
}
