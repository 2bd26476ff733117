// 登录掩码 (account-area §2, §3, §4, §5, §6): a main account's IPv4 allow-list for logins. Saving
// it needs the caller's own address in the list (no owner locks themselves out); switching it on
// ends the account's sessions from outside it; every login to the account passes loginRefusal
// (services/auth/sign-in.ts).
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { LoginMask } from '../../../src/core/contract/account-settings'
import {
  joinMask,
  maskAddress,
  maskAllows,
  maskEntriesError,
  splitMask,
} from '../../../src/core/validation/account'
import type { AppContext } from '../../context'
import { accounts, loginMasks, sessions } from '../../db/schema'
import { invalid, INVALID_PARAMS } from '../shared/errors'
import { ACCOUNT_STATE } from '../shared/roles'
import { forgetSessions, type SessionCache } from '../auth/session-cache'

/** §4: the switch travels as status 0 (restricting, with the list) or 1 (unrestricted, empty ip). */
export const MASK_STATUS = { on: 0, off: 1 } as const

export const MASK_MESSAGES = {
  saved: '保存成功',
  excludesCaller: (ip: string) => `登录掩码须包含您当前的IP（${ip}），否则您将无法登录`,
  refused: (ip: string) => `当前IP（${ip}）不在该账号的登录掩码内，禁止登录，请联系主账号管理员`,
  cancelled: '该账号已注销，无法登录',
} as const

/** Why a login is refused: the account is cancelled, or the address is outside its mask. */
export interface LoginRefusal {
  reason: 'cancelled' | 'outsideMask'
  message: string
}

/** The sessions (id, login address) a mask ends: every one from outside it but the caller's. */
export function sessionsOutsideMask(
  mask: { enabled: boolean; ips: string },
  live: { id: number; ip: string }[],
  callerSessionId: number,
): number[] {
  return live
    .filter((session) => session.id !== callerSessionId && !maskAllows(mask, session.ip))
    .map((s) => s.id)
}

export function createLoginMasks(
  { db, now }: AppContext,
  { sessionCache }: { sessionCache?: SessionCache } = {},
) {
  async function maskOf(accountId: number) {
    const [row] = await db.select().from(loginMasks).where(eq(loginMasks.accountId, accountId)).limit(1)
    return row ?? null
  }

  /** getMyIp. */
  async function current(accountId: number): Promise<LoginMask> {
    const mask = await maskOf(accountId)
    return mask?.enabled ? { status: MASK_STATUS.on, ip: mask.ips } : { status: MASK_STATUS.off, ip: '' }
  }

  /**
   * A mask switched on applies to sessions already open too: those of the account (any role on it)
   * that logged in from an address outside it end. The caller's own session stays: it is acting
   * from inside the list, whatever address it logged in from.
   */
  async function endSessionsOutside(accountId: number, ips: string, callerSessionId: number): Promise<void> {
    const current = now()
    const live = await db
      .select({ id: sessions.id, ip: sessions.ip })
      .from(sessions)
      .where(
        and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), gt(sessions.expiresAt, current)),
      )
    const outside = sessionsOutsideMask({ enabled: true, ips }, live, callerSessionId)
    if (outside.length === 0) return
    const ended = await db
      .update(sessions)
      .set({ revokedAt: current })
      .where(and(inArray(sessions.id, outside), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id })
    forgetSessions(sessionCache, ended)
  }

  /** saveMyIp {status, ip}: on = a valid list holding the caller's address; off = no restriction. */
  async function save(
    caller: { accountId: number; sessionId: number },
    input: Partial<LoginMask>,
    callerIp: string,
  ): Promise<void> {
    const { accountId } = caller
    let ips = ''
    if (input.status === MASK_STATUS.on) {
      const entries = splitMask(input.ip ?? '')
      const error = maskEntriesError(entries)
      if (error) throw invalid(error.message)
      const caller = maskAddress(callerIp)
      if (!entries.includes(caller)) throw invalid(MASK_MESSAGES.excludesCaller(caller))
      ips = joinMask(entries)
    } else if (input.status !== MASK_STATUS.off) {
      throw invalid(INVALID_PARAMS)
    }
    const enabled = input.status === MASK_STATUS.on
    await db
      .insert(loginMasks)
      .values({ accountId, ips, enabled, updatedAt: now() })
      .onConflictDoUpdate({ target: loginMasks.accountId, set: { ips, enabled, updatedAt: now() } })
    if (enabled) await endSessionsOutside(accountId, ips, caller.sessionId)
  }

  /** Why a login to the account from `ip` is refused (cancelled, or outside its mask); null when it is not. */
  async function loginRefusal(accountId: number, ip: string): Promise<LoginRefusal | null> {
    const [account] = await db
      .select({ state: accounts.state, mask: loginMasks })
      .from(accounts)
      .leftJoin(loginMasks, eq(loginMasks.accountId, accounts.id))
      .where(eq(accounts.id, accountId))
      .limit(1)
    if (account?.state === ACCOUNT_STATE.cancelled)
      return { reason: 'cancelled', message: MASK_MESSAGES.cancelled }
    if (account?.mask && !maskAllows(account.mask, ip)) {
      return { reason: 'outsideMask', message: MASK_MESSAGES.refused(maskAddress(ip)) }
    }
    return null
  }

  return { current, save, loginRefusal }
}

export type LoginMasks = ReturnType<typeof createLoginMasks>
