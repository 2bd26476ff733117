// 操作保护 by WeChat confirmation, like the QR login's confirmation turned around: the refused
// session asks for a request (start), the console shows its code as a QR (or, in the mini-program,
// confirms in place), the member's mini-program session is shown the action, browser, address and
// time (details) and confirms with a fresh wx.login code (answer): jscode2session must name the
// WeChat bound to that same member, so a forwarded QR confirms nothing for anyone else. The
// requesting session then takes the confirmation once (poll) and is fresh from then on.
import { and, eq, gt } from 'drizzle-orm'
import { PROTECTED_ACTIONS, PROTECTION_METHOD } from '../../../src/core/contract/operation-protection'
import {
  WECHAT_REVERIFY_MSG,
  WECHAT_REVERIFY_QR_PREFIX,
  type WechatReverifyAnswer,
  type WechatReverifyDetails,
  type WechatReverifyState,
  type WechatReverifyTicket,
} from '../../../src/core/contract/fresh-session'
import type { AppContext } from '../../context'
import { members, wechatReverifications } from '../../db/schema'
import { hashToken, newToken } from '../../security/tokens'
import { invalid, notFound } from '../shared/errors'
import type { Viewer } from '../shared/viewer'
import { QR_TTL_MS } from '../wechat/qr-scene'
import { requesterColumns } from '../wechat/scene-approval'
import type { WechatIdentityService } from '../wechat/wechat-identity'
import { markFresh } from './account-reverify'
import type { OperationProtectionService } from './operation-protection'

/** What the phone shows when the refusal named no known action. */
export const ANY_PROTECTED_ACTION = '受保护的操作'

const STATUS = { waiting: 'waiting', confirmed: 'confirmed', cancelled: 'cancelled', consumed: 'consumed' }

interface WechatReverifyDeps {
  operationProtection: Pick<OperationProtectionService, 'settingOf'>
  identity: Pick<WechatIdentityService, 'ofMiniProgramCode'>
}

export function createWechatReverify({ db, now }: AppContext, deps: WechatReverifyDeps) {
  const { operationProtection, identity } = deps
  const byCode = (code: string | undefined) =>
    eq(wechatReverifications.codeHash, hashToken((code ?? '').trim()))

  /** POST /api/app/account/reverify/wechat: a new request of this session (its older one ends). */
  async function start(
    viewer: Viewer,
    action: string | undefined,
    requester: { userAgent: string | string[] | undefined; ip: string },
  ): Promise<WechatReverifyTicket> {
    const { method } = await operationProtection.settingOf(viewer.memberId)
    if (method !== PROTECTION_METHOD.wechat) throw invalid(WECHAT_REVERIFY_MSG.notWechatMethod)
    const known = (PROTECTED_ACTIONS as readonly string[]).includes(action ?? '')
    const code = newToken()
    const createdAt = now()
    const expiresAt = new Date(createdAt.getTime() + QR_TTL_MS)
    await db.transaction(async (tx) => {
      await tx
        .update(wechatReverifications)
        .set({ status: STATUS.cancelled })
        .where(
          and(
            eq(wechatReverifications.sessionId, viewer.sessionId),
            eq(wechatReverifications.status, STATUS.waiting),
          ),
        )
      await tx.insert(wechatReverifications).values({
        codeHash: hashToken(code),
        memberId: viewer.memberId,
        sessionId: viewer.sessionId,
        action: known ? (action as string) : ANY_PROTECTED_ACTION,
        status: STATUS.waiting,
        ...requesterColumns(requester.userAgent, requester.ip),
        createdAt,
        expiresAt,
      })
    })
    return { code, qrText: `${WECHAT_REVERIFY_QR_PREFIX}${code}`, expiresAt: expiresAt.toISOString() }
  }

  /** A request of the viewer's member that is still waiting, or a refusal saying why not. */
  async function waitingRequestOf(viewer: Viewer, code: string | undefined) {
    const [row] = await db
      .select()
      .from(wechatReverifications)
      .where(
        and(
          byCode(code),
          eq(wechatReverifications.status, STATUS.waiting),
          gt(wechatReverifications.expiresAt, now()),
        ),
      )
      .limit(1)
    if (!row) throw notFound(WECHAT_REVERIFY_MSG.notFound)
    if (row.memberId !== viewer.memberId) throw invalid(WECHAT_REVERIFY_MSG.notYours)
    return row
  }

  /** GET …/details?code= (the mini-program): what 确认 would approve. */
  async function details(viewer: Viewer, code: string | undefined): Promise<WechatReverifyDetails> {
    const row = await waitingRequestOf(viewer, code)
    return {
      action: row.action,
      browser: row.requesterBrowser,
      ip: row.requesterIp,
      requestedAt: row.createdAt.toISOString(),
    }
  }

  /**
   * POST …/answer (the mini-program): 确认 needs a fresh wx.login code whose openid is the one bound
   * to the member; 取消 ends the request. Each applies once, while the request waits.
   */
  async function answer(viewer: Viewer, input: Partial<WechatReverifyAnswer>): Promise<void> {
    const row = await waitingRequestOf(viewer, input.code)
    if (input.answer === 'confirm') {
      const openid = await identity.ofMiniProgramCode(input.jsCode)
      const [member] = await db
        .select({ wxOpenId: members.wxOpenId })
        .from(members)
        .where(eq(members.id, viewer.memberId))
        .limit(1)
      if (!member?.wxOpenId || member.wxOpenId !== openid) throw invalid(WECHAT_REVERIFY_MSG.wrongWechat)
    }
    const status = input.answer === 'confirm' ? STATUS.confirmed : STATUS.cancelled
    const moved = await db
      .update(wechatReverifications)
      .set({ status })
      .where(
        and(
          eq(wechatReverifications.id, row.id),
          eq(wechatReverifications.status, STATUS.waiting),
          gt(wechatReverifications.expiresAt, now()),
        ),
      )
      .returning({ id: wechatReverifications.id })
    if (moved.length === 0) throw notFound(WECHAT_REVERIFY_MSG.notFound)
  }

  /**
   * GET /api/app/account/reverify/wechat?code= (the requesting session only): a confirmed request is
   * used up here and makes the session fresh.
   */
  async function poll(viewer: Viewer, code: string | undefined): Promise<WechatReverifyState> {
    const mine = and(byCode(code), eq(wechatReverifications.sessionId, viewer.sessionId))
    const taken = await db
      .update(wechatReverifications)
      .set({ status: STATUS.consumed })
      .where(and(mine, eq(wechatReverifications.status, STATUS.confirmed)))
      .returning({ id: wechatReverifications.id })
    if (taken.length > 0) {
      await markFresh(db, viewer, now())
      return { status: 'confirmed' }
    }
    const [row] = await db.select().from(wechatReverifications).where(mine).limit(1)
    if (!row || row.status === STATUS.consumed) throw notFound(WECHAT_REVERIFY_MSG.notFound)
    if (row.status === STATUS.cancelled) return { status: 'cancelled' }
    return { status: row.expiresAt.getTime() > now().getTime() ? 'waiting' : 'expired' }
  }

  return { start, details, answer, poll }
}

export type WechatReverifyService = ReturnType<typeof createWechatReverify>
