// WeChat logins (doc2 §2 Login, §4, §7). Outside the sandbox every openid comes from WeChat's
// servers (services/wechat-identity.ts); the sandbox stands in for them with pages under /__dev.
// - desktop QR: a scene the phone confirms while the desktop polls getTokenByCode. Production: the
//   QR is WeChat's OAuth consent page, whose callback confirms the scene with the user's openid;
//   sandbox: the page /__dev/wechat/scan. A mini-program session may confirm it too (scanCode);
// - WeChat's in-app browser: OAuth (WeChat's consent page and callback in production, the sandbox
//   page /__dev/wechat/oauth otherwise), back to /login?wxcode=…, exchanged by oauthLogin;
// - the mini-program: miniLogin (jscode2session), miniBindPhone for a new openid.
// Members found by openid may have no phone: the client then asks to bind one (bindPhone).
import crypto from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { maskPhone } from '../../src/core/format/mask'
import { validateSmsLogin } from '../../src/core/validation/rules'
import type { MiniLoginAnswer } from '../../src/core/contract/wechat'
import { later, minutes, type AppContext } from '../context'
import { isUniqueViolation } from '../db/errors'
import { wechatScenes, wechatTickets } from '../db/schema'
import { invalid, INVALID_PARAMS, notConfigured, qrExpired, wechatNotRegistered } from '../http/failure'
import { hashToken, newToken } from '../security/tokens'
import { LOGIN_METHOD_NOTICE, type LoginMethods } from './login-methods'
import { wechatMemberAccount, type Member, type MemberDirectory } from './members'
import { OPERATE_TYPE } from './operate-log'
import { PHONE_AUTH_MESSAGES, type SmsLoginInput } from './phone-auth'
import type { RoleService } from './roles'
import * as qrScene from './qr-scene'
import type { SceneStatus } from './qr-scene'
import type { IssuedSession, Viewer } from './sessions'
import { LOGIN_SOURCE, type SignIn } from './sign-in'
import type { SmsService } from './sms'
import { checkedOpenId, OAUTH_STATE_PREFIX, type WechatIdentityService } from './wechat-identity'

export { checkedOpenId, MINI_SANDBOX_OPENID, OAUTH_STATE_PREFIX, sandboxOpenId } from './wechat-identity'

export const QR_PURPOSES = ['login', 'register'] as const
export type QrPurpose = (typeof QR_PURPOSES)[number]
export const OAUTH_STATE_TTL_MS = minutes(10)
export const OAUTH_CODE_TTL_MS = minutes(5)
export const MINI_BIND_TTL_MS = minutes(10)
export const WECHAT_USER_NAME = '微信用户'
export const DEFAULT_REDIRECT = '/index'

export const WECHAT_MESSAGES = {
  qrExpired: '二维码已失效，请刷新二维码',
  notRegistered: '该微信尚未注册，请先注册',
  phoneTaken: '该手机号已绑定其他账号',
  phoneHasOtherWechat: '该手机号已绑定其他微信',
  wechatTaken: '该微信已绑定其他账号',
  alreadyHasPhone: '当前账号已绑定手机号',
  bound: '绑定成功',
  oauthExpired: '微信授权已失效，请重新授权',
  bindTicketExpired: '绑定凭证已失效，请重新登录',
  scanConfirmed: '已确认登录',
  officialAccount: '公众号关注二维码',
} as const

export interface WechatLogin extends IssuedSession {
  /** The member has no bound phone: the client shows the bind-phone step. */
  needBindPhone: boolean
  /** The member was created by this login (WeChat registration). */
  isNewMember: boolean
}

export type PollAnswer =
  { status: 'waiting' } | { status: 'scanned' } | ({ status: 'confirmed' } & WechatLogin)

export interface MiniBindInput extends SmsLoginInput {
  bindTicket?: string
}

type TicketKind = 'oauthState' | 'oauthCode' | 'miniBind'

/** Only a path on this site: never another origin (//evil.example) or a scheme. */
export function safeRedirect(typed: string | undefined): string {
  const redirect = (typed ?? '').trim()
  if (!redirect) return DEFAULT_REDIRECT
  if (redirect.length > 256 || !/^\/(?![/\\])[^\s\\]*$/.test(redirect)) throw invalid(INVALID_PARAMS)
  return redirect
}

interface WechatDeps {
  members: MemberDirectory
  roles: RoleService
  loginMethods: LoginMethods
  signIn: SignIn
  sms: SmsService
  identity: WechatIdentityService
}

export function createWechatService({ db, now }: AppContext, deps: WechatDeps) {
  const { members, roles, loginMethods, signIn, sms, identity } = deps

  // ---- single-use tickets ----

  async function issueTicket(
    kind: TicketKind,
    openid: string | null,
    ttlMs: number,
    token = newToken(),
  ): Promise<string> {
    const createdAt = now()
    await db
      .insert(wechatTickets)
      .values({ tokenHash: hashToken(token), kind, openid, createdAt, expiresAt: later(createdAt, ttlMs) })
    return token
  }

  const liveTicket = (token: string, kind: TicketKind) =>
    and(
      eq(wechatTickets.tokenHash, hashToken(token)),
      eq(wechatTickets.kind, kind),
      isNull(wechatTickets.usedAt),
      gt(wechatTickets.expiresAt, now()),
    )

  /** The ticket's openid if it is live, without using it up. */
  async function peekTicket(token: string, kind: TicketKind): Promise<string | null> {
    if (!token) return null
    const [ticket] = await db.select().from(wechatTickets).where(liveTicket(token, kind)).limit(1)
    return ticket ? (ticket.openid ?? '') : null
  }

  /** Uses the ticket up; its openid, or null when it was not live. */
  async function takeTicket(token: string, kind: TicketKind): Promise<string | null> {
    if (!token) return null
    const [ticket] = await db
      .update(wechatTickets)
      .set({ usedAt: now() })
      .where(liveTicket(token, kind))
      .returning({ openid: wechatTickets.openid })
    return ticket ? (ticket.openid ?? '') : null
  }

  // ---- members and sessions ----

  async function loginAs(
    member: Member,
    ip: string,
    source: string,
    isNewMember: boolean,
  ): Promise<WechatLogin> {
    const content = isNewMember ? '微信注册成功' : '微信登录成功'
    const session = await signIn.signIn(member.id, { source, ip, content })
    return { ...session, needBindPhone: !member.phone, isNewMember }
  }

  /** The member behind an openid, created (no phone, no password, main account wx…) when none. */
  async function memberForRegistration(openid: string): Promise<{ member: Member; isNewMember: boolean }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const existing = await members.byOpenId(openid)
      if (existing) return { member: existing, isNewMember: false }
      try {
        const member = await members.createWithAccount({
          phone: null,
          passwordHash: null,
          wxOpenId: openid,
          memberAccount: wechatMemberAccount(),
          accountName: WECHAT_USER_NAME,
        })
        return { member, isNewMember: true }
      } catch (failure) {
        // The openid registered meanwhile, or the random member account was taken: look again.
        if (!isUniqueViolation(failure)) throw failure
      }
    }
    throw invalid(WECHAT_MESSAGES.wechatTaken)
  }

  // ---- desktop QR scenes ----

  /** GET /api/wechat/getQrAddress. Production: WeChat's consent page (needs WECHAT_OAUTH_*). */
  async function createScene(purpose: string | undefined, origin: string) {
    const chosen = QR_PURPOSES.find((candidate) => candidate === (purpose ?? 'login'))
    if (!chosen) throw invalid(INVALID_PARAMS)
    const qr = identity.sceneQr(origin)
    const createdAt = now()
    await db.insert(wechatScenes).values({
      code: qr.code,
      purpose: chosen,
      status: qrScene.START,
      createdAt,
      expiresAt: qrScene.expiresAtFor(createdAt),
    })
    return qr
  }

  async function liveScene(code: string) {
    if (!code) return null
    const [scene] = await db.select().from(wechatScenes).where(eq(wechatScenes.code, code)).limit(1)
    if (!scene || qrScene.view(scene, now()) === 'expired') return null
    return scene
  }

  /** GET /api/wechat/getTokenByCode: waiting, scanned, or (once) the login. */
  async function poll(code: string, ip: string): Promise<PollAnswer> {
    const scene = await liveScene(code)
    const status = scene ? qrScene.view(scene, now()) : 'expired'
    if (status === 'waiting' || status === 'scanned') return { status }
    if (!scene || qrScene.after(scene, 'consume', now()) === null) throw qrExpired(WECHAT_MESSAGES.qrExpired)
    const [taken] = await db
      .update(wechatScenes)
      .set({ status: qrScene.TRANSITIONS.consume.to })
      .where(and(eq(wechatScenes.id, scene.id), qrScene.guard(wechatScenes, 'consume', now())))
      .returning()
    if (!taken) throw qrExpired(WECHAT_MESSAGES.qrExpired)

    let member: Member | null = null
    let isNewMember = false
    if (taken.memberId) member = await members.byId(taken.memberId)
    else if (taken.openid && taken.purpose === 'register') {
      ;({ member, isNewMember } = await memberForRegistration(taken.openid))
    } else if (taken.openid) member = await members.byOpenId(taken.openid)
    if (!member) throw wechatNotRegistered(WECHAT_MESSAGES.notRegistered)
    return { status: 'confirmed', ...(await loginAs(member, ip, LOGIN_SOURCE.wechatQr, isNewMember)) }
  }

  /** Sandbox scan page: the scene as the phone sees it; a waiting one becomes scanned. */
  async function scanScene(code: string): Promise<{ purpose: string; status: SceneStatus } | null> {
    const scene = await liveScene(code)
    if (!scene) return null
    const scanned = qrScene.after(scene, 'scan', now())
    if (!scanned) return { purpose: scene.purpose, status: scene.status as SceneStatus }
    await db
      .update(wechatScenes)
      .set({ status: scanned })
      .where(and(eq(wechatScenes.id, scene.id), qrScene.guard(wechatScenes, 'scan', now())))
    return { purpose: scene.purpose, status: scanned }
  }

  /** Confirms or cancels a waiting or scanned, unexpired scene; false when it is not such a scene. */
  async function settleScene(
    code: string,
    event: 'confirm' | 'cancel',
    answer: { openid?: string | null; memberId?: number },
    purpose?: QrPurpose,
  ): Promise<boolean> {
    if (!code) return false
    const settled = await db
      .update(wechatScenes)
      .set({ status: qrScene.TRANSITIONS[event].to, ...answer })
      .where(
        and(
          eq(wechatScenes.code, code),
          qrScene.guard(wechatScenes, event, now()),
          ...(purpose ? [eq(wechatScenes.purpose, purpose)] : []),
        ),
      )
      .returning({ id: wechatScenes.id })
    return settled.length > 0
  }

  /** Sandbox scan page buttons (确认登录 as `openid`, or 取消), or WeChat's consent for the QR. */
  async function answerScene(
    code: string,
    action: 'confirm' | 'cancel',
    typedOpenId?: string,
  ): Promise<void> {
    const answer = action === 'confirm' ? { openid: checkedOpenId(typedOpenId) } : {}
    if (!(await settleScene(code, action, answer))) throw qrExpired(WECHAT_MESSAGES.qrExpired)
  }

  /** POST|GET /api/app/scanCode: a mini-program session confirms a desktop login scene as its member. */
  async function scanCode(viewer: Viewer, code: string): Promise<void> {
    const member = await members.byId(viewer.memberId)
    const confirmed = await settleScene(
      code,
      'confirm',
      { memberId: viewer.memberId, openid: member?.wxOpenId ?? null },
      'login',
    )
    if (!confirmed) throw qrExpired(WECHAT_MESSAGES.qrExpired)
  }

  // ---- in-app browser OAuth ----

  /** GET /api/wechat/oauthUrl: where to send the browser for WeChat's consent page. */
  async function oauthUrl(redirect: string | undefined, origin: string) {
    const target = safeRedirect(redirect)
    identity.assertOauthConfigured()
    if (identity.production) {
      const ticket = crypto.randomBytes(24).toString('hex')
      await issueTicket('oauthState', null, OAUTH_STATE_TTL_MS, ticket)
      return { url: identity.authorizeUrl(`${OAUTH_STATE_PREFIX.login}${ticket}`, { redirect: target }) }
    }
    const state = await issueTicket('oauthState', null, OAUTH_STATE_TTL_MS)
    const query = `state=${encodeURIComponent(state)}&redirect=${encodeURIComponent(target)}`
    return { url: `${origin}/__dev/wechat/oauth?${query}` }
  }

  /**
   * WeChat's callback for a consent request of oauthUrl (state `o…`): the code is exchanged here, and
   * the browser goes on to /login with a one-time code of ours, as the sandbox page sends it.
   */
  async function returnFromOauth(
    ticket: string,
    wechatCode: string | undefined,
    redirect: string | undefined,
  ) {
    const target = safeRedirect(redirect)
    if ((await takeTicket(ticket, 'oauthState')) === null) throw invalid(WECHAT_MESSAGES.oauthExpired)
    const openid = await identity.ofOauthCode(wechatCode)
    const code = await issueTicket('oauthCode', openid, OAUTH_CODE_TTL_MS)
    return { location: `/login?wxcode=${encodeURIComponent(code)}&redirect=${encodeURIComponent(target)}` }
  }

  /** Sandbox consent page 同意: the one-time code and where the browser goes with it. */
  async function grantOauth(state: string, typedOpenId: string | undefined, redirect: string | undefined) {
    const openid = checkedOpenId(typedOpenId)
    const target = safeRedirect(redirect)
    if ((await takeTicket(state, 'oauthState')) === null) throw invalid(WECHAT_MESSAGES.oauthExpired)
    const code = await issueTicket('oauthCode', openid, OAUTH_CODE_TTL_MS)
    return { location: `/login?wxcode=${encodeURIComponent(code)}&redirect=${encodeURIComponent(target)}` }
  }

  /** POST /api/wechat/oauthLogin {code}: single use. */
  async function oauthLogin(code: string, ip: string): Promise<WechatLogin> {
    const openid = await takeTicket(code, 'oauthCode')
    if (!openid) throw invalid(WECHAT_MESSAGES.oauthExpired)
    const member = await members.byOpenId(openid)
    if (!member) throw wechatNotRegistered(WECHAT_MESSAGES.notRegistered)
    return loginAs(member, ip, LOGIN_SOURCE.wechatOauth, false)
  }

  // ---- mini-program ----

  /** POST /api/wechat/miniLogin {code}: jscode2session's openid (its session key is never kept). */
  async function miniLogin(code: string, ip: string): Promise<MiniLoginAnswer> {
    const openid = await identity.ofMiniProgramCode(code)
    const member = await members.byOpenId(openid)
    if (member) return loginAs(member, ip, LOGIN_SOURCE.wechatMini, false)
    return { needBindPhone: true, bindTicket: await issueTicket('miniBind', openid, MINI_BIND_TTL_MS) }
  }

  function phoneAndCode(input: SmsLoginInput): { phone: string; code: string } {
    const phone = (input.phone ?? '').trim()
    const code = (input.code ?? '').trim()
    if (!phone && !code) throw invalid(PHONE_AUTH_MESSAGES.phoneAndCodeRequired)
    const errors = validateSmsLogin({ phone, code })
    const error = errors.phone ?? errors.code
    if (error) throw invalid(error)
    return { phone, code }
  }

  /**
   * POST /api/wechat/miniBindPhone: the openid behind the ticket joins the phone's member, or a new
   * member (phone, no password) when the phone is nobody's. The ticket survives a wrong code.
   */
  async function miniBindPhone(input: MiniBindInput, ip: string): Promise<WechatLogin> {
    const { phone, code } = phoneAndCode(input)
    const ticket = (input.bindTicket ?? '').trim()
    const openid = await peekTicket(ticket, 'miniBind')
    if (!openid) throw invalid(WECHAT_MESSAGES.bindTicketExpired)
    if (!(await sms.consume(phone, 'bindPhone', code))) throw invalid(PHONE_AUTH_MESSAGES.wrongCode)
    const owner = await members.byPhone(phone)
    if (owner?.wxOpenId && owner.wxOpenId !== openid) throw invalid(WECHAT_MESSAGES.phoneHasOtherWechat)
    if ((await takeTicket(ticket, 'miniBind')) === null) throw invalid(WECHAT_MESSAGES.bindTicketExpired)

    try {
      if (owner) {
        if (!owner.wxOpenId) {
          if (!(await members.linkOpenId(owner.id, openid)))
            throw invalid(WECHAT_MESSAGES.phoneHasOtherWechat)
          await wechatAdded(owner.id, ip)
        }
        return await loginAs({ ...owner, wxOpenId: openid }, ip, LOGIN_SOURCE.wechatMini, false)
      }
      const created = await members.createWithAccount({
        phone,
        passwordHash: null,
        wxOpenId: openid,
        memberAccount: `mc${phone}`,
        accountName: maskPhone(phone),
      })
      return await loginAs(created, ip, LOGIN_SOURCE.wechatMini, true)
    } catch (failure) {
      // The openid was linked elsewhere, or the phone registered, in the meantime.
      if (isUniqueViolation(failure)) throw invalid(WECHAT_MESSAGES.wechatTaken)
      throw failure
    }
  }

  /** A member's first WeChat came through the phone's SMS code: logged and notified on its primary role. */
  async function wechatAdded(memberId: number, ip: string): Promise<void> {
    const grant = await roles.primaryRole(memberId)
    if (!grant) return
    await loginMethods.added(grant, {
      type: OPERATE_TYPE.wechatAuthorize,
      content: '小程序绑定微信',
      notice: LOGIN_METHOD_NOTICE.wechat,
      ip,
    })
  }

  /**
   * POST /api/wechat/bindPhone {phone, code}: binds a phone to the session's member, which has none.
   * The route asks for a fresh session: a stolen one must not add a way to log in.
   */
  async function bindPhone(viewer: Viewer, input: SmsLoginInput, ip: string): Promise<void> {
    const { phone, code } = phoneAndCode(input)
    const member = await members.byId(viewer.memberId)
    if (member?.phone && member.phone !== phone) throw invalid(WECHAT_MESSAGES.alreadyHasPhone)
    if (!(await sms.consume(phone, 'bindPhone', code))) throw invalid(PHONE_AUTH_MESSAGES.wrongCode)
    const owner = await members.byPhone(phone)
    if (owner && owner.id !== viewer.memberId) throw invalid(WECHAT_MESSAGES.phoneTaken)
    if (owner) return
    try {
      await members.setPhone(viewer.memberId, phone)
    } catch (failure) {
      if (isUniqueViolation(failure)) throw invalid(WECHAT_MESSAGES.phoneTaken)
      throw failure
    }
    const grant = await roles.heldRole(viewer.memberId, viewer)
    if (grant) {
      await loginMethods.added(grant, {
        type: OPERATE_TYPE.changePhone,
        content: `绑定手机号 ${maskPhone(phone)}`,
        notice: LOGIN_METHOD_NOTICE.phone(maskPhone(phone)),
        ip,
      })
    }
  }

  /** GET /api/wechat/officialAccountQr: the sandbox's follow page; production has no such page configured. */
  function officialAccountQr(origin: string) {
    if (identity.production) throw notConfigured(WECHAT_MESSAGES.officialAccount)
    return { url: `${origin}/__dev/wechat/official-account` }
  }

  return {
    createScene,
    poll,
    scanScene,
    answerScene,
    scanCode,
    oauthUrl,
    grantOauth,
    returnFromOauth,
    oauthLogin,
    miniLogin,
    miniBindPhone,
    bindPhone,
    officialAccountQr,
  }
}

export type WechatService = ReturnType<typeof createWechatService>
