// 二次验证 (账户管理, and the login's second step): the session member's own second factor; the
// rule for sub-admins is the main account's. Enabling, disabling and new recovery codes need a fresh
// session, except the enrolment a login owes (its credentials were just shown).
import {
  SECOND_FACTOR_MSG,
  type RecoveryCodes,
  type SecondFactorCodeRequest,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
  type SecondFactorLoginRequest,
  type SubAdminSecondFactorRequest,
} from '../../src/core/contract/second-factor'
import { VERIFICATION_REQUIRED, type Guard, type Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { forbidden } from '../services/shared/errors'
import { ENVELOPE_CODE, REFUSAL_CODE } from '../../src/core/contract/envelope'
import { REVERIFY_CODE } from '../../src/core/contract/fresh-session'
import { documented, TAG } from './api-tags'
import { answer, flag, int, listOf, nullAnswer, responseOf, shape, text } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'

const codeBody = requestOf<SecondFactorCodeRequest>()(object({ code: shortText(32) }))
const verifyBody = requestOf<SecondFactorLoginRequest>()(
  object({ code: shortText(32), trustDevice: { type: 'boolean' } }),
)
const subAdminsBody = requestOf<SubAdminSecondFactorRequest>()(
  object({ required: { type: 'boolean' } }, ['required']),
)

const about = documented(TAG.account)
const status = responseOf<SecondFactorStatus>()(
  shape({ enabled: flag, recoveryCodesLeft: int, requiredForMe: flag, subAdminsRequired: flag }),
)
const enrolment = responseOf<SecondFactorEnrolment>()(shape({ secret: text, uri: text }))
const recoveryCodes = responseOf<RecoveryCodes>()(shape({ recoveryCodes: listOf(text) }))
// What the two guards below may refuse with (their own, so the document cannot derive it).
const OWING_CODE_REFUSALS = [ENVELOPE_CODE.sessionEnded, REFUSAL_CODE.forbidden]
const ENROLLING_REFUSALS = [...OWING_CODE_REFUSALS, REVERIFY_CODE]

export function secondFactorRoutes(app: TypedApp, { secondFactor }: Services, guards: Guards) {
  const { requireViewer, requireViewerMayBePending, requireFreshSession, requireFreshMainAccount } = guards

  /** A fresh session, or a login that owes enrolment (and nothing else). */
  const enrolling: Guard = async (req) => {
    await requireViewerMayBePending(req)
    const { pendingVerification, pendingSecondFactor } = req.viewer
    if (pendingSecondFactor === 'enrol' && !pendingVerification) return
    await requireFreshSession(req)
  }

  /** The login's second step: only a session that owes it. */
  const owingCode: Guard = async (req) => {
    await requireViewerMayBePending(req)
    if (req.viewer.pendingSecondFactor !== 'verify') throw forbidden(VERIFICATION_REQUIRED)
  }

  app.get(
    '/api/app/secondFactor/status',
    { schema: { ...about('二次验证状态'), response: answer(status) }, preHandler: requireViewer },
    async (req) => ok(await secondFactor.status(req.viewer)),
  )

  app.post(
    '/api/app/secondFactor/begin',
    {
      schema: {
        ...about('开始绑定验证器（获取密钥）'),
        response: answer(enrolment),
        'x-error-codes': ENROLLING_REFUSALS,
      },
      preHandler: enrolling,
    },
    async (req) => ok(await secondFactor.begin(req.viewer)),
  )

  app.post(
    '/api/app/secondFactor/confirm',
    {
      schema: {
        ...about('确认开启二次验证'),
        body: codeBody,
        response: answer(recoveryCodes),
        'x-error-codes': ENROLLING_REFUSALS,
      },
      preHandler: enrolling,
    },
    async (req) =>
      ok(await secondFactor.confirm(req.viewer, req.body.code, req.ip), SECOND_FACTOR_MSG.enabled),
  )

  app.post(
    '/api/app/secondFactor/disable',
    {
      schema: { ...about('关闭二次验证'), body: codeBody, response: nullAnswer },
      preHandler: requireFreshSession,
    },
    async (req) => {
      await secondFactor.disable(req.viewer, req.body.code, req.ip)
      return ok(null, SECOND_FACTOR_MSG.disabled)
    },
  )

  app.post(
    '/api/app/secondFactor/recoveryCodes',
    {
      schema: { ...about('重新生成恢复码'), response: answer(recoveryCodes) },
      preHandler: requireFreshSession,
    },
    async (req) => ok(await secondFactor.regenerate(req.viewer, req.ip), '恢复码已重新生成'),
  )

  app.post(
    '/api/app/secondFactor/verify',
    {
      schema: {
        ...about('登录第二步：提交动态验证码或恢复码'),
        body: verifyBody,
        response: nullAnswer,
        'x-error-codes': OWING_CODE_REFUSALS,
      },
      preHandler: owingCode,
    },
    async (req) => {
      await secondFactor.verifyLogin(req.viewer, req.body, req.ip)
      return ok(null, SECOND_FACTOR_MSG.verified)
    },
  )

  app.post(
    '/api/app/secondFactor/subAdmins',
    {
      schema: { ...about('设置子管理员是否必须开启二次验证'), body: subAdminsBody, response: nullAnswer },
      preHandler: requireFreshMainAccount,
    },
    async (req) => {
      await secondFactor.requireForSubAdmins(req.viewer, req.body.required, req.ip)
      return ok(null, '保存成功')
    },
  )
}
