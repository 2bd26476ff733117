// 操作保护 (账户管理): the session member's re-verification method and window, and the re-verification
// by the authenticator app. Changing the setting is itself protected (a fresh session).
import type { TotpReverifyRequest } from '../../src/core/contract/fresh-session'
import {
  OPERATION_PROTECTION_MSG,
  PROTECTION_METHOD,
  type SaveOperationProtectionRequest,
} from '../../src/core/contract/operation-protection'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { VERIFIED_MESSAGE } from '../services/account/security-verification'
import { integer, object, requestOf, shortText, type TypedApp } from './schemas'

const settingBody = requestOf<SaveOperationProtectionRequest>()(
  object({ method: { enum: Object.values(PROTECTION_METHOD) }, windowMinutes: integer }),
)
const totpBody = requestOf<TotpReverifyRequest>()(object({ code: shortText(32) }))

export function operationProtectionRoutes(app: TypedApp, services: Services, guards: Guards) {
  const { operationProtection, accountSettings } = services
  const { requireViewer, requireFreshSession } = guards

  app.get('/api/app/account/operationProtection', { preHandler: requireViewer }, async (req) =>
    ok(await operationProtection.get(req.viewer)),
  )

  app.post(
    '/api/app/account/operationProtection',
    { schema: { body: settingBody }, preHandler: requireFreshSession },
    async (req) => {
      await operationProtection.save(req.viewer, req.body, req.ip)
      return ok(null, OPERATION_PROTECTION_MSG.saved)
    },
  )

  app.post(
    '/api/app/account/reverify/totp',
    { schema: { body: totpBody }, preHandler: requireViewer },
    async (req) => {
      await accountSettings.reverify.confirmTotp(req.viewer, req.body.code, req.ip)
      return ok(null, VERIFIED_MESSAGE)
    },
  )
}
