// 操作保护: each member's way of re-verifying before a protected action (account-reverify.ts) and how
// long a verification lasts. The authenticator app can be chosen once 二次验证 is on; turned off,
// the member falls back to SMS. Changing it is itself protected (a fresh session), logged (type 15)
// and told in a 账号安全提醒.
import { eq } from 'drizzle-orm'
import {
  PROTECTION_METHOD,
  PROTECTION_METHOD_LABEL,
  PROTECTION_WINDOW,
  protectionError,
  type OperationProtection,
  type ProtectionMethod,
  type SaveOperationProtectionRequest,
} from '../../../src/core/contract/operation-protection'
import type { AppContext } from '../../context'
import { operationProtections } from '../../db/schema'
import { invalid, sessionEnded } from '../shared/errors'
import type { RoleService } from '../shared/roles'
import type { LoginMethods } from '../auth/login-methods'
import { SESSION_MESSAGES, type Viewer } from '../auth/sessions'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import type { SecondFactorService } from './second-factor'

interface ProtectionDeps {
  roles: RoleService
  operateLog: OperateLog
  loginMethods: LoginMethods
  secondFactor: Pick<SecondFactorService, 'isEnabledFor'>
}

export function createOperationProtection(
  { db, now }: AppContext,
  { roles, operateLog, loginMethods, secondFactor }: ProtectionDeps,
) {
  /** The member's setting as it applies now (the app's method only while 二次验证 is on). */
  async function settingOf(memberId: number): Promise<{ method: ProtectionMethod; windowMinutes: number }> {
    const [row] = await db
      .select()
      .from(operationProtections)
      .where(eq(operationProtections.memberId, memberId))
      .limit(1)
    const windowMinutes = row?.windowMinutes ?? PROTECTION_WINDOW.default
    const method =
      row?.method === PROTECTION_METHOD.totp && (await secondFactor.isEnabledFor(memberId))
        ? PROTECTION_METHOD.totp
        : PROTECTION_METHOD.sms
    return { method, windowMinutes }
  }

  async function get(viewer: Viewer): Promise<OperationProtection> {
    return {
      ...(await settingOf(viewer.memberId)),
      totpAvailable: await secondFactor.isEnabledFor(viewer.memberId),
    }
  }

  async function save(viewer: Viewer, form: Partial<SaveOperationProtectionRequest>, ip: string) {
    const error = protectionError(form, await secondFactor.isEnabledFor(viewer.memberId))
    if (error) throw invalid(error)
    const method = form.method as ProtectionMethod
    const windowMinutes = form.windowMinutes as number
    await db
      .insert(operationProtections)
      .values({ memberId: viewer.memberId, method, windowMinutes, updatedAt: now() })
      .onConflictDoUpdate({
        target: operationProtections.memberId,
        set: { method, windowMinutes, updatedAt: now() },
      })
    const actor = await roles.heldRole(viewer.memberId, viewer)
    if (!actor) throw sessionEnded(SESSION_MESSAGES.revoked)
    const content = `操作保护：${PROTECTION_METHOD_LABEL[method]}，${windowMinutes}分钟内免验证`
    await operateLog.record(actor, {
      type: OPERATE_TYPE.operationProtection,
      content,
      status: OPERATE_STATUS.success,
      ip,
    })
    await loginMethods.securityNotice(
      actor,
      `您的账号已修改操作保护设置（${content.slice(5)}）。如非本人操作，请立即修改密码。`,
    )
  }

  return { settingOf, get, save }
}

export type OperationProtectionService = ReturnType<typeof createOperationProtection>
