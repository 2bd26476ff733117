// 二次验证: an optional TOTP second factor (server/security/totp.ts) with 10 single-use recovery
// codes. Bound by confirming one code of the key shown; then password and SMS logins owe a code
// (or a recovery code) before the session is whole, unless the device was trusted for 7 days.
// Wrong codes count in the member's login lockout (login-limits.ts). A main account can require
// it of its sub-admins: one without it enrols at its next login. Every change is in the operation
// log and writes a 账号安全提醒.
import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm'
import {
  isRecoveryCode,
  isTotpCode,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MSG,
  TRUSTED_DEVICE_DAYS,
  type RecoveryCodes,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '../../../src/core/contract/second-factor'
import { days, type AppContext } from '../../context'
import type { Database } from '../../db/client'
import { recoveryCodes, secondFactorPolicies, secondFactors, trustedDevices } from '../../db/schema'
import { seal, unseal } from '../../security/data-encryption'
import { hashRecoveryCode, newRecoveryCodes } from '../../security/recovery-codes'
import { matchTotp, newTotpSecret, totpUri } from '../../security/totp'
import { invalid, notConfigured, sessionEnded, type Refusal } from '../shared/errors'
import { type RoleGrant, type RoleService } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import type { LoginLimits } from '../auth/login-limits'
import { normaliseIdentifier } from '../auth/login-limits'
import type { LoginMethods } from '../auth/login-methods'
import { requestDevice } from '../auth/request-device'
import { SESSION_MESSAGES, type SessionService } from '../auth/sessions'
import type { PendingSecondFactor, Viewer } from '../shared/viewer'
import type { MemberDirectory } from './members'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'

export const TRUSTED_DEVICE_MS = days(TRUSTED_DEVICE_DAYS)

const NOTICE = {
  enabled:
    '您的账号已开启二次验证，密码或短信登录后需输入身份验证器中的动态验证码。如非本人操作，请立即修改密码。',
  disabled: '您的账号已关闭二次验证。如非本人操作，请立即修改密码并重新开启。',
  regenerated: '您的账号已重新生成二次验证恢复码，旧的恢复码已全部失效。如非本人操作，请立即修改密码。',
  recoveryUsed: '您的账号使用了一个二次验证恢复码登录。如非本人操作，请立即修改密码。',
  required: '主账号已要求子管理员开启二次验证，未开启的子管理员将在下次登录时开启。',
  notRequired: '主账号已取消子管理员必须开启二次验证的要求。',
} as const

/** Whether any sealed key is stored: production refuses to start without DATA_ENCRYPTION_KEY then. */
export async function storesSealedKeys(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(secondFactors)
  return (row?.total ?? 0) > 0
}

/** A device trusted for 7 days stops being so at a password change or 退出其他设备. */
export async function forgetTrustedDevices(db: Database, memberId: number): Promise<void> {
  await db.delete(trustedDevices).where(eq(trustedDevices.memberId, memberId))
}

interface SecondFactorDeps {
  members: MemberDirectory
  roles: RoleService
  sessions: SessionService
  limits: LoginLimits
  operateLog: OperateLog
  loginMethods: LoginMethods
}

export function createSecondFactor(
  { db, now, config }: AppContext,
  { members, roles, sessions, limits, operateLog, loginMethods }: SecondFactorDeps,
) {
  /** The at-rest key; production without one offers no second factor. */
  function dataKey(): Buffer {
    if (!config.dataEncryptionKey) throw notConfigured('二次验证服务')
    return config.dataEncryptionKey
  }

  const rowOf = async (memberId: number) =>
    (await db.select().from(secondFactors).where(eq(secondFactors.memberId, memberId)).limit(1))[0] ?? null

  const isEnabled = (row: { enabledAt: Date | null } | null) => Boolean(row?.enabledAt)

  async function subAdminsRequired(accountId: number): Promise<boolean> {
    const [policy] = await db
      .select({ required: secondFactorPolicies.subAdminsRequired })
      .from(secondFactorPolicies)
      .where(eq(secondFactorPolicies.accountId, accountId))
      .limit(1)
    return policy?.required ?? false
  }

  async function recoveryCodesLeft(memberId: number): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.memberId, memberId), isNull(recoveryCodes.usedAt)))
    return row?.total ?? 0
  }

  async function status(viewer: Viewer): Promise<SecondFactorStatus> {
    const enabled = isEnabled(await rowOf(viewer.memberId))
    const required = await subAdminsRequired(viewer.accountId)
    return {
      enabled,
      recoveryCodesLeft: enabled ? await recoveryCodesLeft(viewer.memberId) : 0,
      requiredForMe: viewer.role !== ROLE.main && required && !enabled,
      subAdminsRequired: viewer.role === ROLE.main && required,
    }
  }

  /** What a password or SMS login of `grant` still owes (sign-in.ts); null: nothing. */
  async function stepFor(grant: RoleGrant): Promise<PendingSecondFactor | null> {
    if (isEnabled(await rowOf(grant.memberId)))
      return (await isTrustedDevice(grant.memberId)) ? null : 'verify'
    if (grant.role !== ROLE.main && (await subAdminsRequired(grant.accountId))) return 'enrol'
    return null
  }

  async function isTrustedDevice(memberId: number): Promise<boolean> {
    const { deviceId } = requestDevice()
    if (!deviceId) return false
    const [row] = await db
      .select({ memberId: trustedDevices.memberId })
      .from(trustedDevices)
      .where(
        and(
          eq(trustedDevices.memberId, memberId),
          eq(trustedDevices.deviceId, deviceId),
          gt(trustedDevices.trustedUntil, now()),
        ),
      )
      .limit(1)
    return Boolean(row)
  }

  async function trustThisDevice(memberId: number): Promise<void> {
    const { deviceId } = requestDevice()
    if (!deviceId) return
    const createdAt = now()
    const trustedUntil = new Date(createdAt.getTime() + TRUSTED_DEVICE_MS)
    await db
      .insert(trustedDevices)
      .values({ memberId, deviceId, trustedUntil, createdAt })
      .onConflictDoUpdate({
        target: [trustedDevices.memberId, trustedDevices.deviceId],
        set: { trustedUntil },
      })
  }

  /** POST begin: a new key (replacing an enrolment under way), sealed until a code confirms it. */
  async function begin(viewer: Viewer): Promise<SecondFactorEnrolment> {
    const key = dataKey()
    const existing = await rowOf(viewer.memberId)
    if (isEnabled(existing)) throw invalid(SECOND_FACTOR_MSG.alreadyEnabled)
    const member = await members.byId(viewer.memberId)
    const secret = newTotpSecret()
    const secretSealed = seal(key, secret)
    await db
      .insert(secondFactors)
      .values({ memberId: viewer.memberId, secretSealed, createdAt: now() })
      .onConflictDoUpdate({
        target: secondFactors.memberId,
        set: { secretSealed, enabledAt: null, lastStep: null, createdAt: now() },
      })
    return { secret, uri: totpUri(secret, member?.phone || `member-${viewer.memberId}`) }
  }

  function codeFormatError(code: string): Refusal | null {
    return isTotpCode(code) ? null : invalid(SECOND_FACTOR_MSG.codeFormat)
  }

  /**
   * Takes the step a code of the member's key matches, once: the step is kept under the row's
   * condition, so the same code (or an older one) used again, even at once, is refused.
   */
  async function spendTotp(memberId: number, secretSealed: string, code: string): Promise<boolean> {
    const secret = unseal(dataKey(), secretSealed)
    if (!secret) return false
    const row = await rowOf(memberId)
    const step = await matchTotp(secret, code, now(), row?.lastStep ?? null)
    if (step === null) return false
    const taken = await db
      .update(secondFactors)
      .set({ lastStep: step })
      .where(
        and(
          eq(secondFactors.memberId, memberId),
          or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step)),
        ),
      )
      .returning({ memberId: secondFactors.memberId })
    return taken.length > 0
  }

  async function replaceRecoveryCodes(memberId: number): Promise<RecoveryCodes> {
    const codes = newRecoveryCodes(RECOVERY_CODE_COUNT)
    const createdAt = now()
    await db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId))
      await tx
        .insert(recoveryCodes)
        .values(codes.map((code) => ({ memberId, codeHash: hashRecoveryCode(code), createdAt })))
    })
    return { recoveryCodes: codes }
  }

  async function record(viewer: Viewer, content: string, ip: string, notice: string) {
    const actor = await roles.heldRole(viewer.memberId, viewer)
    if (!actor) throw sessionEnded(SESSION_MESSAGES.revoked)
    await operateLog.record(actor, {
      type: OPERATE_TYPE.secondFactor,
      content,
      status: OPERATE_STATUS.success,
      ip,
    })
    await loginMethods.securityNotice(actor, notice)
  }

  /** POST confirm {code}: the first code of the new key binds it; the recovery codes, once. */
  async function confirm(viewer: Viewer, typed: string | undefined, ip: string): Promise<RecoveryCodes> {
    const code = (typed ?? '').trim()
    const formatError = codeFormatError(code)
    if (formatError) throw formatError
    const row = await rowOf(viewer.memberId)
    if (!row) throw invalid(SECOND_FACTOR_MSG.noEnrolment)
    if (isEnabled(row)) throw invalid(SECOND_FACTOR_MSG.alreadyEnabled)
    if (!(await spendTotp(viewer.memberId, row.secretSealed, code)))
      throw invalid(SECOND_FACTOR_MSG.wrongCode)
    await db
      .update(secondFactors)
      .set({ enabledAt: now() })
      .where(eq(secondFactors.memberId, viewer.memberId))
    const codes = await replaceRecoveryCodes(viewer.memberId)
    // An enrolment a login owed completes that login.
    if (viewer.pendingSecondFactor === 'enrol') await sessions.markSecondFactorGiven(viewer.sessionId)
    await record(viewer, '开启二次验证', ip, NOTICE.enabled)
    return codes
  }

  const isEnabledFor = async (memberId: number) => isEnabled(await rowOf(memberId))

  /**
   * One try of a code, as a login attempt of the member (login-limits.ts): a locked member is
   * refused before the code is looked at, a wrong code counts towards the lockout, a right one ends
   * the run.
   */
  async function asLoginAttempt(memberId: number, ip: string, check: () => Promise<boolean>) {
    const member = await members.byId(memberId)
    if (!member) throw sessionEnded(SESSION_MESSAGES.revoked)
    const names = [member.phone ?? '', ...(await members.ownedMemberAccounts(member.id))].filter(Boolean)
    const identifier = normaliseIdentifier(names[0] ?? `member-${member.id}`)
    const attempt = await limits.reserve({ identifier, member: { id: member.id, loginNames: names } }, ip)
    if (!(await check())) throw invalid(SECOND_FACTOR_MSG.wrongCode)
    await limits.succeeded(attempt)
  }

  /** A current code of the member's app (disable, 操作保护's re-verification), used once. */
  async function checkCurrentCode(memberId: number, code: string, ip: string): Promise<void> {
    const formatError = codeFormatError(code)
    if (formatError) throw formatError
    const row = await rowOf(memberId)
    if (!isEnabled(row)) throw invalid(SECOND_FACTOR_MSG.notEnabled)
    await asLoginAttempt(memberId, ip, () => spendTotp(memberId, row!.secretSealed, code))
  }

  /** POST disable {code} (fresh session): a current code of the app, not a recovery code. */
  async function disable(viewer: Viewer, typed: string | undefined, ip: string): Promise<void> {
    const code = (typed ?? '').trim()
    const formatError = codeFormatError(code)
    if (formatError) throw formatError
    const row = await rowOf(viewer.memberId)
    if (!isEnabled(row)) throw invalid(SECOND_FACTOR_MSG.notEnabled)
    if (!(await spendTotp(viewer.memberId, row!.secretSealed, code)))
      throw invalid(SECOND_FACTOR_MSG.wrongCode)
    await db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, viewer.memberId))
      await tx.delete(trustedDevices).where(eq(trustedDevices.memberId, viewer.memberId))
      await tx.delete(secondFactors).where(eq(secondFactors.memberId, viewer.memberId))
    })
    await record(viewer, '关闭二次验证', ip, NOTICE.disabled)
  }

  /** POST recoveryCodes (fresh session): 10 new codes; the old ones stop working. */
  async function regenerate(viewer: Viewer, ip: string): Promise<RecoveryCodes> {
    if (!isEnabled(await rowOf(viewer.memberId))) throw invalid(SECOND_FACTOR_MSG.notEnabled)
    const codes = await replaceRecoveryCodes(viewer.memberId)
    await record(viewer, '重新生成恢复码', ip, NOTICE.regenerated)
    return codes
  }

  async function spendRecoveryCode(memberId: number, typed: string): Promise<boolean> {
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(recoveryCodes.memberId, memberId),
          eq(recoveryCodes.codeHash, hashRecoveryCode(typed)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id })
    return used.length > 0
  }

  /**
   * POST verify {code, trustDevice}: the login's second step. Each try is a login attempt of the
   * member (login-limits.ts): wrong ones count towards its lockout, a right one ends the run.
   */
  async function verifyLogin(
    viewer: Viewer,
    input: { code?: string; trustDevice?: boolean },
    ip: string,
  ): Promise<void> {
    if (viewer.pendingSecondFactor !== 'verify') return
    const code = (input.code ?? '').trim()
    const recovery = !isTotpCode(code)
    if (recovery && !isRecoveryCode(code)) throw invalid(SECOND_FACTOR_MSG.codeFormat)
    const row = await rowOf(viewer.memberId)
    if (!isEnabled(row)) throw invalid(SECOND_FACTOR_MSG.notEnabled)
    await asLoginAttempt(viewer.memberId, ip, () =>
      recovery
        ? spendRecoveryCode(viewer.memberId, code)
        : spendTotp(viewer.memberId, row!.secretSealed, code),
    )
    await sessions.markSecondFactorGiven(viewer.sessionId)
    if (input.trustDevice) await trustThisDevice(viewer.memberId)
    if (recovery) await record(viewer, '使用恢复码登录', ip, NOTICE.recoveryUsed)
  }

  /** POST subAdmins {required} (main account, fresh session). */
  async function requireForSubAdmins(viewer: Viewer, required: boolean, ip: string): Promise<void> {
    await db
      .insert(secondFactorPolicies)
      .values({ accountId: viewer.accountId, subAdminsRequired: required, updatedAt: now() })
      .onConflictDoUpdate({
        target: secondFactorPolicies.accountId,
        set: { subAdminsRequired: required, updatedAt: now() },
      })
    const content = required ? '要求子管理员开启二次验证' : '取消子管理员开启二次验证的要求'
    await record(viewer, content, ip, required ? NOTICE.required : NOTICE.notRequired)
  }

  return {
    status,
    stepFor,
    isEnabledFor,
    checkCurrentCode,
    begin,
    confirm,
    disable,
    regenerate,
    verifyLogin,
    requireForSubAdmins,
  }
}

export type SecondFactorService = ReturnType<typeof createSecondFactor>
