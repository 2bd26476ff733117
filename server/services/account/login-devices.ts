// 登录设备 and the login history (账户管理): the session member's own live sessions, signing one or all
// others out, every login's record (90 days), the previous login (上次登录) and the alert for a login
// from a new device in a new city. Only ever the caller's member: another member's session id is
// refused like a missing one. Sessions end through their revoked_at, which notifies every instance.
import { forgetTrustedDevices } from './second-factor'
import { and, count, desc, eq, lt, ne } from 'drizzle-orm'
import { NOTIFY_CATEGORY } from '../../../src/core/contract/notifications'
import {
  LOGIN_DEVICE_MESSAGES,
  LOGIN_METHOD_LABEL,
  type LastLogin,
  type LoginDevice,
  type LoginHistoryEntry,
} from '../../../src/core/contract/login-devices'
import { formatBeijingTime } from '../../../src/core/format/time'
import { maskAddress } from '../../../src/core/validation/account'
import type { AppContext } from '../../context'
import { knownCities, knownDevices, loginHistory, sessions } from '../../db/schema'
import { hashToken } from '../../security/tokens'
import { forgetSessions, type SessionCache } from '../auth/session-cache'
import { liveSessionsOf, SESSION_MESSAGES } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import { placeOf, type LoginPlace } from '../auth/request-device'
import { LOGIN_METHOD_NOTICE, SECURITY_NOTICE_TYPE } from '../auth/login-methods'
import type { Notifier } from '../notifications/notifier'
import { escapeHtml } from '../outbox/outgoing-texts'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import { invalid, sessionEnded } from '../shared/errors'
import { offsetOf, pageOf, type Page, type PageRequest } from '../shared/paging'
import { type RoleGrant, type RoleService } from '../shared/roles'
import { ROLE } from '../../../src/core/contract/account'
import { deservesNewDeviceAlert, newDeviceAlertText } from './login-alert'

/** The console page 不是我 opens: it signs that session out and opens the password change. */
export const notMePath = (sessionId: number) => `/accountManage?notMe=${sessionId}`

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`

const methodLabel = (method: string) => LOGIN_METHOD_LABEL[method] ?? '其他'

interface LoginDeviceDeps {
  roles: RoleService
  operateLog: OperateLog
  notifier: Notifier
  sessionCache?: SessionCache
}

export function createLoginDevices(
  ctx: AppContext,
  { roles, operateLog, notifier, sessionCache }: LoginDeviceDeps,
) {
  const { db, now } = ctx

  async function actorOf(viewer: Viewer): Promise<RoleGrant> {
    const grant = await roles.heldRole(viewer.memberId, viewer)
    if (!grant) throw sessionEnded(SESSION_MESSAGES.revoked)
    return grant
  }

  async function record(memberId: number, success: boolean, method: string, ip: string, place: LoginPlace) {
    await db.insert(loginHistory).values({
      memberId,
      success,
      method,
      ip,
      city: place.city,
      device: place.device,
      createdAt: now(),
    })
  }

  /** A refused login of an existing member (wrong password or code, the mask, cancellation). */
  async function recordFailure(memberId: number, ip: string, method: string): Promise<void> {
    if (memberId) await record(memberId, false, method, ip, placeOf(ip, method))
  }

  /**
   * A session was issued: its login is recorded, its device and city are remembered, and a login
   * from a new device in a new city notifies the role that logged in.
   */
  async function recordSuccess(grant: RoleGrant, token: string, ip: string, method: string): Promise<void> {
    const [session] = await db
      .select({ id: sessions.id, deviceId: sessions.deviceId, device: sessions.device, city: sessions.city })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .limit(1)
    if (!session) return
    await record(grant.memberId, true, method, ip, session)
    const familiarity = await familiarityOf(grant.memberId, session)
    await remember(grant.memberId, session)
    if (!deservesNewDeviceAlert(familiarity)) return
    await newDeviceAlert(grant, session.id, session)
  }

  async function familiarityOf(memberId: number, place: LoginPlace) {
    const [devices] = await db
      .select({ n: count() })
      .from(knownDevices)
      .where(eq(knownDevices.memberId, memberId))
    const [cities] = await db
      .select({ n: count() })
      .from(knownCities)
      .where(eq(knownCities.memberId, memberId))
    const [device] = place.deviceId
      ? await db
          .select({ id: knownDevices.id })
          .from(knownDevices)
          .where(and(eq(knownDevices.memberId, memberId), eq(knownDevices.deviceId, place.deviceId)))
          .limit(1)
      : []
    const [city] = await db
      .select({ id: knownCities.id })
      .from(knownCities)
      .where(and(eq(knownCities.memberId, memberId), eq(knownCities.city, place.city)))
      .limit(1)
    return {
      anyKnown: (devices?.n ?? 0) + (cities?.n ?? 0) > 0,
      deviceKnown: Boolean(device),
      cityKnown: Boolean(city),
    }
  }

  async function remember(memberId: number, place: LoginPlace): Promise<void> {
    const seenAt = now()
    if (place.deviceId) {
      await db
        .insert(knownDevices)
        .values({ memberId, deviceId: place.deviceId, firstSeenAt: seenAt, lastSeenAt: seenAt })
        .onConflictDoUpdate({
          target: [knownDevices.memberId, knownDevices.deviceId],
          set: { lastSeenAt: seenAt },
        })
    }
    await db
      .insert(knownCities)
      .values({ memberId, city: place.city, firstSeenAt: seenAt })
      .onConflictDoNothing()
  }

  /** The console's address in the links sent (PUBLIC_ORIGIN; the sandbox's own address without it). */
  const origin = () => ctx.config.publicOrigin ?? `http://localhost:${ctx.config.port || 8080}`

  /**
   * A 账号安全提醒 (type 1) through the 账号安全 preferences, never held by the quiet hours. Its
   * 不是我 link opens 账户管理, which ends that session and opens the password change.
   */
  async function newDeviceAlert(to: RoleGrant, sessionId: number, place: LoginPlace): Promise<void> {
    const time = formatBeijingTime(now())
    const text = newDeviceAlertText(time, place.city, place.device)
    const path = notMePath(sessionId)
    const link = `${origin()}${path}`
    await notifier.send(db, {
      accountId: to.accountId,
      category: NOTIFY_CATEGORY.security,
      notice: {
        type: SECURITY_NOTICE_TYPE,
        title: LOGIN_METHOD_NOTICE.title,
        content: paragraph(text) + `<p><a href="${path}">不是我</a></p>`,
      },
      // Where SMS_TEMPLATE_SECURITY is registered (the sandbox always), to the 账号安全 phones.
      sms: { template: 'security', params: { time, city: place.city, device: place.device } },
      mail: {
        subject: `【会员中心】${LOGIN_METHOD_NOTICE.title}`,
        text: `您好！${text}不是我：${link}`,
        html:
          paragraph('您好！') +
          paragraph(text) +
          `<p><a href="${escapeHtml(link)}">不是我</a>：${escapeHtml(link)}</p>`,
        path,
      },
      alsoInbox: to.role === ROLE.main ? [] : [to.subAccountId],
    })
  }

  /** GET /api/app/account/loginDevices: the member's live sessions, the latest activity first. */
  async function list(viewer: Viewer): Promise<LoginDevice[]> {
    const rows = await db
      .select()
      .from(sessions)
      .where(liveSessionsOf(viewer.memberId, now()))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    return rows.map((row) => ({
      id: row.id,
      device: row.device,
      city: row.city,
      ip: maskAddress(row.ip),
      firstActiveAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastSeenAt.toISOString(),
      current: row.id === viewer.sessionId,
    }))
  }

  async function logSignOut(viewer: Viewer, content: string, ip: string) {
    await operateLog.record(await actorOf(viewer), {
      type: OPERATE_TYPE.signOutDevice,
      content,
      status: OPERATE_STATUS.success,
      ip,
    })
  }

  /** POST /api/app/account/loginDevices/signOut {id}: one other session of the member ends. */
  async function signOut(viewer: Viewer, id: number, ip: string): Promise<void> {
    if (id === viewer.sessionId) throw invalid(LOGIN_DEVICE_MESSAGES.current)
    const ended = await db
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.id, id), liveSessionsOf(viewer.memberId, now())))
      .returning({ id: sessions.id, device: sessions.device, city: sessions.city })
    if (ended.length === 0) throw invalid(LOGIN_DEVICE_MESSAGES.notFound)
    forgetSessions(sessionCache, ended)
    await logSignOut(viewer, `退出登录设备：${ended[0].device || '未知设备'}（${ended[0].city}）`, ip)
  }

  /** POST /api/app/account/loginDevices/signOutOthers (fresh session): every other session ends. */
  async function signOutOthers(viewer: Viewer, ip: string): Promise<number> {
    const ended = await db
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(liveSessionsOf(viewer.memberId, now()), ne(sessions.id, viewer.sessionId)))
      .returning({ id: sessions.id })
    forgetSessions(sessionCache, ended)
    // The devices trusted to skip the second factor must show it again.
    await forgetTrustedDevices(db, viewer.memberId)
    await logSignOut(viewer, `退出其他设备：${ended.length} 台`, ip)
    return ended.length
  }

  /** GET /api/app/account/loginHistory: the member's logins, newest first. */
  async function history(viewer: Viewer, request: PageRequest): Promise<Page<LoginHistoryEntry>> {
    const mine = eq(loginHistory.memberId, viewer.memberId)
    const rows = await db
      .select()
      .from(loginHistory)
      .where(mine)
      .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
      .limit(request.pageSize)
      .offset(offsetOf(request))
    const [total] = await db.select({ n: count() }).from(loginHistory).where(mine)
    const data = rows.map((row) => ({
      id: row.id,
      time: row.createdAt.toISOString(),
      success: row.success,
      method: methodLabel(row.method),
      ip: maskAddress(row.ip),
      city: row.city,
      device: row.device,
    }))
    return pageOf(data, total?.n ?? 0, request)
  }

  /** GET /api/app/account/lastLogin (上次登录): the successful login before the current session's. */
  async function lastLogin(viewer: Viewer): Promise<LastLogin> {
    const [current] = await db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.id, viewer.sessionId))
      .limit(1)
    if (!current) return null
    const [row] = await db
      .select()
      .from(loginHistory)
      .where(
        and(
          eq(loginHistory.memberId, viewer.memberId),
          eq(loginHistory.success, true),
          lt(loginHistory.createdAt, current.createdAt),
        ),
      )
      .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
      .limit(1)
    return row ? { time: row.createdAt.toISOString(), city: row.city, device: row.device } : null
  }

  return { recordFailure, recordSuccess, list, signOut, signOutOthers, history, lastLogin }
}

export type LoginDevices = ReturnType<typeof createLoginDevices>
