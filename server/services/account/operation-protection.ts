// 操作保护: each member's way of re-verifying before a protected action (account-reverify.ts) and how
// long a verification lasts. The authenticator app can be chosen once 二次验证 is on, WeChat
// confirmation while a WeChat is bound; when that ends, the member falls back to SMS. Changing it is itself protected (a fresh session), logged (type 15)
// and told in a 账号安全提醒.
import { eq } from 'drizzle-orm'
import {
  PROTECTION_METHOD,
  PROTECTION_METHOD_LABEL,
  PROTECTION_WINDOW,
  methodUnavailableReason,
  protectionError,
  type OperationProtection,
  type ProtectionAvailability,
  type ProtectionMethod,
  type SaveOperationProtectionRequest,
} from '../../../src/core/contract/operation-protection'
import type { AppContext } from '../../context'
import { members, operationProtections } from '../../db/schema'
import { invalid, sessionEnded } from '../shared/errors'
import type { RoleService } from '../shared/roles'
import type { LoginMethods } from '../auth/login-methods'
import { SESSION_MESSAGES } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
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
  /** Which methods besides SMS the member can use now: the app with 二次验证, WeChat once bound. */
  async function availabilityOf(memberId: number): Promise<ProtectionAvailability> {
    const [member] = await db
      .select({ wxOpenId: members.wxOpenId })
      .from(members)
      .where(eq(members.id, memberId))
      .limit(1)
    return {
      totpAvailable: await secondFactor.isEnabledFor(memberId),
      wechatAvailable: Boolean(member?.wxOpenId),
    }
  }

  /** The member's setting as it applies now (a method only while it is available, else SMS). */
  async function settingOf(memberId: number): Promise<{ method: ProtectionMethod; windowMinutes: number }> {
    const [row] = await db
      .select()
      .from(operationProtections)
      .where(eq(operationProtections.memberId, memberId))
      .limit(1)
    const windowMinutes = row?.windowMinutes ?? PROTECTION_WINDOW.default
    const stored = (row?.method ?? PROTECTION_METHOD.sms) as ProtectionMethod
    if (stored === PROTECTION_METHOD.sms) return { method: stored, windowMinutes }
    const usable = !methodUnavailableReason(stored, await availabilityOf(memberId))
    return { method: usable ? stored : PROTECTION_METHOD.sms, windowMinutes }
  }

  async function get(viewer: Viewer): Promise<OperationProtection> {
    return { ...(await settingOf(viewer.memberId)), ...(await availabilityOf(viewer.memberId)) }
  }

  async function save(viewer: Viewer, form: Partial<SaveOperationProtectionRequest>, ip: string) {
    const error = protectionError(form, await availabilityOf(viewer.memberId))
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
