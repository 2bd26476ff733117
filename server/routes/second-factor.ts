// 二次验证 (账户管理, and the login's second step): the session member's own second factor; the
// rule for sub-admins is the main account's. Enabling, disabling and new recovery codes need a fresh
// session, except the enrolment a login owes (its credentials were just shown).
import {
  SECOND_FACTOR_MSG,
  type SecondFactorCodeRequest,
  type SecondFactorLoginRequest,
  type SubAdminSecondFactorRequest,
} from '../../src/core/contract/second-factor'
import { VERIFICATION_REQUIRED, type Guard, type Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { forbidden } from '../services/shared/errors'
import { object, requestOf, shortText, type TypedApp } from './schemas'

const codeBody = requestOf<SecondFactorCodeRequest>()(object({ code: shortText(32) }))
const verifyBody = requestOf<SecondFactorLoginRequest>()(
  object({ code: shortText(32), trustDevice: { type: 'boolean' } }),
)
const subAdminsBody = requestOf<SubAdminSecondFactorRequest>()(
  object({ required: { type: 'boolean' } }, ['required']),
)

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

  app.get('/api/app/secondFactor/status', { preHandler: requireViewer }, async (req) =>
    ok(await secondFactor.status(req.viewer)),
  )

  app.post('/api/app/secondFactor/begin', { preHandler: enrolling }, async (req) =>
    ok(await secondFactor.begin(req.viewer)),
  )

  app.post(
    '/api/app/secondFactor/confirm',
    { schema: { body: codeBody }, preHandler: enrolling },
    async (req) =>
      ok(await secondFactor.confirm(req.viewer, req.body.code, req.ip), SECOND_FACTOR_MSG.enabled),
  )

  app.post(
    '/api/app/secondFactor/disable',
    { schema: { body: codeBody }, preHandler: requireFreshSession },
    async (req) => {
      await secondFactor.disable(req.viewer, req.body.code, req.ip)
      return ok(null, SECOND_FACTOR_MSG.disabled)
    },
  )

  app.post('/api/app/secondFactor/recoveryCodes', { preHandler: requireFreshSession }, async (req) =>
    ok(await secondFactor.regenerate(req.viewer, req.ip), '恢复码已重新生成'),
  )

  app.post(
    '/api/app/secondFactor/verify',
    { schema: { body: verifyBody }, preHandler: owingCode },
    async (req) => {
      await secondFactor.verifyLogin(req.viewer, req.body, req.ip)
      return ok(null, SECOND_FACTOR_MSG.verified)
    },
  )

  app.post(
    '/api/app/secondFactor/subAdmins',
    { schema: { body: subAdminsBody }, preHandler: requireFreshMainAccount },
    async (req) => {
      await secondFactor.requireForSubAdmins(req.viewer, req.body.required, req.ip)
      return ok(null, '保存成功')
    },
  )
}
