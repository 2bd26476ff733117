// preHandlers resolving the `token` header (doc2 §7) to req.viewer, or refusing with 996.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  RELOGIN_REQUIRED,
  REVERIFY_CODE,
  REVERIFY_REQUIRED,
  REVERIFY_TOTP_REQUIRED,
  REVERIFY_WECHAT_REQUIRED,
  type ReverifyRequirement,
} from '../../src/core/contract/fresh-session'
import { ROLE } from '../../src/core/contract/account'
import { protectedActionOf } from './protected-actions'
import type { SessionService } from '../services/auth/sessions'
import type { Viewer } from '../services/shared/viewer'
import { Refusal, forbidden } from '../services/shared/errors'

export const VERIFICATION_REQUIRED = '请先完成安全验证'

/** Whether a session logged in or re-verified recently (services/account/account-reverify.ts). */
export interface SessionFreshness {
  isFresh(viewer: Viewer): Promise<boolean>
  /** How the member re-verifies (its 操作保护 method; a new login without a phone for SMS). */
  requirement(viewer: Viewer): Promise<ReverifyRequirement>
}

const REVERIFY_MESSAGE: Record<ReverifyRequirement['method'], string> = {
  sms: REVERIFY_REQUIRED,
  totp: REVERIFY_TOTP_REQUIRED,
  wechat: REVERIFY_WECHAT_REQUIRED,
  relogin: RELOGIN_REQUIRED,
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireViewer; absent on public routes. */
    viewer: Viewer
  }
}

export type Guard = (req: FastifyRequest) => Promise<void>

export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.token
  const token = Array.isArray(header) ? header[0] : header
  return token?.trim() || undefined
}

export function createGuards(app: FastifyInstance, sessions: SessionService, freshness: SessionFreshness) {
  app.decorateRequest('viewer', null as unknown as Viewer)

  /**
   * Any live session, including one still pending security verification: only the verification
   * routes and logout use this (doc2 §2 Login, §4).
   */
  const requireViewerMayBePending: Guard = async (req) => {
    req.viewer = await sessions.resolve(tokenOf(req))
  }

  /** A live, verified session. */
  const requireViewer: Guard = async (req) => {
    await requireViewerMayBePending(req)
    if (req.viewer.pendingVerification || req.viewer.pendingSecondFactor)
      throw forbidden(VERIFICATION_REQUIRED)
  }

  /** Main-account-only calls (account-area §6: orders, sub-admins, login mask, transfer, referral code). */
  const requireMainAccount: Guard = async (req) => {
    await requireViewer(req)
    if (req.viewer.role !== ROLE.main) throw forbidden()
  }

  /** Sensitive changes: password, phone, e-mail, login mask, WeChat, cancellation. */
  const requireFreshSession: Guard = async (req) => {
    await requireViewer(req)
    await assertFresh(req)
  }

  /** Main-account-only sensitive changes (login mask): the role is checked before freshness. */
  const requireFreshMainAccount: Guard = async (req) => {
    await requireMainAccount(req)
    await assertFresh(req)
  }

  async function assertFresh(req: FastifyRequest) {
    if (await freshness.isFresh(req.viewer)) return
    const requirement = await freshness.requirement(req.viewer)
    const action = protectedActionOf(req.routeOptions.url)
    throw new Refusal(REVERIFY_CODE, REVERIFY_MESSAGE[requirement.method], { ...requirement, action })
  }

  return {
    requireViewer,
    requireViewerMayBePending,
    requireMainAccount,
    requireFreshSession,
    requireFreshMainAccount,
  }
}

export type Guards = ReturnType<typeof createGuards>
