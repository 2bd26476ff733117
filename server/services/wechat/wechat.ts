// WeChat logins (doc2 §2 Login, §4, §7). Outside the sandbox every openid comes from WeChat's
// servers (services/wechat/wechat-identity.ts); the sandbox stands in for them with pages under /__dev.
// - desktop QR: a scene the phone confirms while the desktop that created it polls getTokenByCode
//   with its secret. Production: the QR is WeChat's OAuth consent page, whose callback identifies
//   the user and shows what 确认 would approve; sandbox: the page /__dev/wechat/scan stands in for
//   WeChat and goes to the same callback. A mini-program session may confirm it too (scanCode,
//   then an explicit 确认). Every QR login writes a 账号安全提醒 (scene-approval.ts);
// - WeChat's in-app browser: OAuth (WeChat's consent page and callback in production, the sandbox
//   page /__dev/wechat/oauth otherwise), back to /login?wxcode=…, exchanged by oauthLogin;
// - the mini-program: miniLogin (jscode2session), miniBindPhone for a new openid.
// Members found by openid may have no phone: the client then asks to bind one (bindPhone).
import crypto from 'node:crypto'
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm'
import { maskPhone } from '../../../src/core/format/mask'
import { validateSmsLogin } from '../../../src/core/validation/rules'
import type {
  MiniBindPhoneRequest,
  MiniLoginAnswer,
  QrPoll,
  ScanCodeAnswer,
  SceneAnswer,
  WechatLoginResult,
} from '../../../src/core/contract/wechat'
import { formatBeijingTime } from '../../../src/core/format/time'
import { later, minutes, type AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { wechatScenes, wechatTickets } from '../../db/schema'
import { invalid, INVALID_PARAMS, notConfigured, qrExpired, wechatNotRegistered } from '../shared/errors'
import { hashToken, newToken } from '../../security/tokens'
import { LOGIN_METHOD_NOTICE, type LoginMethods } from '../auth/login-methods'
import { wechatMemberAccount, type Member, type MemberDirectory } from '../account/members'
import { OPERATE_TYPE } from '../operate-log/operate-log'
import { PHONE_AUTH_MESSAGES, type SmsLoginInput } from '../auth/phone-auth'
import type { RoleService } from '../shared/roles'
import * as qrScene from './qr-scene'
import {
  createdWith,
  isOpenScene,
  newSceneCredentials,
  requesterOf,
  scanScene,
  settleScene,
  type Identified,
} from './scene-approval'
import type { Viewer } from '../shared/viewer'
import { recordWechatId } from './wechat-ids'
import { LOGIN_SOURCE, type SignIn } from '../auth/sign-in'
import { freeGeneratedName } from '../auth/generated-name'
import type { SmsService } from '../sms/sms'
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
  scanCancelled: '已取消登录',
  sceneCancelled: '已在手机上取消，请刷新二维码',
  officialAccount: '公众号关注二维码',
} as const

/** What the phone is asked to approve, by scene purpose (bind and change: wechat-binding.ts). */
export const SCENE_ACTION = {
  login: '在电脑上登录会员中心',
  register: '在电脑上使用此微信注册并登录会员中心',
} as const

/** Who created a scene: its browser and address are shown on the phone before 确认. */
export interface Requester {
  userAgent: string | string[] | undefined
  ip: string
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
    browserNonceHash: string | null = null,
  ): Promise<string> {
    const createdAt = now()
    await db.insert(wechatTickets).values({
      tokenHash: hashToken(token),
      kind,
      openid,
      browserNonceHash,
      createdAt,
      expiresAt: later(createdAt, ttlMs),
    })
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
    return (await takeTicketRow(token, kind))?.openid ?? null
  }

  /** Uses up a live ticket (and, given `also`, only one that meets it); its openid and browser nonce. */
  async function takeTicketRow(token: string, kind: TicketKind, also?: SQL) {
    if (!token) return null
    const [ticket] = await db
      .update(wechatTickets)
      .set({ usedAt: now() })
      .where(and(liveTicket(token, kind), also))
      .returning({ openid: wechatTickets.openid, browserNonceHash: wechatTickets.browserNonceHash })
    return ticket ? { openid: ticket.openid ?? '', browserNonceHash: ticket.browserNonceHash } : null
  }

  // ---- members and sessions ----

  /** The contract's answer, still typed as an issued session (its Role) for the login's notice. */
  async function loginAs(
    member: Member,
    ip: string,
    source: string,
    isNewMember: boolean,
  ): Promise<WechatLoginResult> {
    const content = isNewMember ? '微信注册成功' : '微信登录成功'
    // Where this member's WeChat messages go: the app that just logged it in.
    if (member.wxOpenId) {
      const app = source === LOGIN_SOURCE.wechatMini ? 'mini' : 'oa'
      await recordWechatId(db, member.id, identity.seen(app, member.wxOpenId), now())
    }
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

  /**
   * GET /api/wechat/getQrAddress. Production: WeChat's consent page (needs WECHAT_OAUTH_*). The
   * secret goes to this browser only: its polls must show it (scene-approval.ts).
   */
  async function createScene(purpose: string | undefined, origin: string, requester: Requester) {
    const chosen = QR_PURPOSES.find((candidate) => candidate === (purpose ?? 'login'))
    if (!chosen) throw invalid(INVALID_PARAMS)
    const qr = identity.sceneQr(origin)
    const { secret, columns } = newSceneCredentials(requester.userAgent, requester.ip)
    const createdAt = now()
    await db.insert(wechatScenes).values({
      code: qr.code,
      purpose: chosen,
      status: qrScene.START,
      ...columns,
      createdAt,
      expiresAt: qrScene.expiresAtFor(createdAt),
    })
    return { ...qr, secret }
  }

  /** The scene as its creator polls it (code and secret), unless expired. */
  async function creatorsScene(code: string, secret: string | undefined) {
    if (!code) return null
    const [scene] = await db
      .select()
      .from(wechatScenes)
      .where(createdWith(wechatScenes, code, secret))
      .limit(1)
    if (!scene || qrScene.view(scene, now()) === 'expired') return null
    return scene
  }

  /**
   * GET /api/wechat/getTokenByCode (creator's secret in X-Scene-Secret): waiting, scanned, or (once)
   * the login, after 确认 on the phone. A wrong or missing secret is answered as an unknown scene.
   */
  async function poll(code: string, secret: string | undefined, ip: string): Promise<QrPoll> {
    const scene = await creatorsScene(code, secret)
    const status = scene ? qrScene.view(scene, now()) : 'expired'
    if (status === 'waiting' || status === 'scanned') return { status }
    if (status === 'cancelled') throw qrExpired(WECHAT_MESSAGES.sceneCancelled)
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
    const login = await loginAs(member, ip, LOGIN_SOURCE.wechatQr, isNewMember)
    const { browser, ip: address } = requesterOf(taken)
    await loginMethods.securityNotice(
      login,
      LOGIN_METHOD_NOTICE.wechatQrLogin(formatBeijingTime(now()), browser, address),
    )
    return { status: 'confirmed', ...login }
  }

  /** Whether `code` is a login scene still open to a scan (the OAuth callback asks before WeChat). */
  const isOpenLoginScene = (code: string) => isOpenScene(db, wechatScenes, code, now())

  /**
   * Someone scanned: WeChat's OAuth callback (openid), the sandbox's stand-in for it, or a
   * mini-program session (memberId). The scene becomes scanned; what the phone then shows and the
   * token its 确认 / 取消 must post. Null when `code` is no login scene open to a scan.
   */
  async function identifyScene(
    code: string,
    who: { openid: string | null; memberId?: number | null },
    purpose?: QrPurpose,
  ): Promise<Identified | null> {
    if (purpose && !(await isPurpose(code, purpose))) return null
    const scanned = await scanScene(db, wechatScenes, code, { memberId: null, ...who }, now())
    if (!scanned) return null
    const action = scanned.row.purpose === 'register' ? SCENE_ACTION.register : SCENE_ACTION.login
    return {
      formToken: scanned.formToken,
      approval: { kind: 'login', action, ...requesterOf(scanned.row) },
    }
  }

  async function isPurpose(code: string, purpose: QrPurpose): Promise<boolean> {
    const [scene] = code
      ? await db
          .select({ purpose: wechatScenes.purpose })
          .from(wechatScenes)
          .where(eq(wechatScenes.code, code))
          .limit(1)
      : []
    return scene?.purpose === purpose
  }

  /** 确认 / 取消 with the form token of a scan; false when the token is unknown, used or expired. */
  async function settleLoginScene(
    formToken: string,
    action: SceneAnswer,
    memberId?: number,
  ): Promise<boolean> {
    if (memberId !== undefined) {
      const [scene] = formToken
        ? await db
            .select({ memberId: wechatScenes.memberId })
            .from(wechatScenes)
            .where(eq(wechatScenes.formTokenHash, hashToken(formToken)))
            .limit(1)
        : []
      if (scene?.memberId !== memberId) return false
    }
    return (await settleScene(db, wechatScenes, formToken, action, now())) !== null
  }

  /**
   * GET /api/app/scanCode {code}: a mini-program session scanned a desktop login QR. Nothing is
   * approved yet: the answer says what 确认 would approve, with the token POST scanCode needs.
   */
  async function scanCode(viewer: Viewer, code: string): Promise<ScanCodeAnswer> {
    const member = await members.byId(viewer.memberId)
    const identified = await identifyScene(
      code,
      { memberId: viewer.memberId, openid: member?.wxOpenId ?? null },
      'login',
    )
    if (!identified) throw qrExpired(WECHAT_MESSAGES.qrExpired)
    const { approval, formToken } = identified
    return {
      action: approval.action,
      browser: approval.browser,
      ip: approval.ip,
      requestedAt: approval.requestedAt.toISOString(),
      confirmToken: formToken,
    }
  }

  /** POST /api/app/scanCode {code, confirmToken, action}: the session's explicit 确认 or 取消. */
  async function answerScanCode(viewer: Viewer, confirmToken: string, action: SceneAnswer): Promise<void> {
    if (!(await settleLoginScene(confirmToken, action, viewer.memberId))) {
      throw qrExpired(WECHAT_MESSAGES.qrExpired)
    }
  }

  // ---- in-app browser OAuth ----

  /**
   * GET /api/wechat/oauthUrl: where to send the browser for WeChat's consent page, and a nonce the
   * browser keeps: the login at the end of the round trip is only this browser's (no login CSRF: a
   * wxcode sent to someone else logs nobody in).
   */
  async function oauthUrl(redirect: string | undefined, origin: string) {
    const target = safeRedirect(redirect)
    identity.assertOauthConfigured()
    const nonce = newToken()
    const nonceHash = hashToken(nonce)
    if (identity.production) {
      const ticket = crypto.randomBytes(24).toString('hex')
      await issueTicket('oauthState', null, OAUTH_STATE_TTL_MS, ticket, nonceHash)
      return {
        url: identity.authorizeUrl(`${OAUTH_STATE_PREFIX.login}${ticket}`, { redirect: target }),
        nonce,
      }
    }
    const state = await issueTicket('oauthState', null, OAUTH_STATE_TTL_MS, undefined, nonceHash)
    const query = `state=${encodeURIComponent(state)}&redirect=${encodeURIComponent(target)}`
    return { url: `${origin}/__dev/wechat/oauth?${query}`, nonce }
  }

  /** The browser goes on to /login with a one-time code of ours, bound to the request's nonce. */
  async function backToLogin(state: { browserNonceHash: string | null }, openid: string, target: string) {
    const code = await issueTicket('oauthCode', openid, OAUTH_CODE_TTL_MS, undefined, state.browserNonceHash)
    return { location: `/login?wxcode=${encodeURIComponent(code)}&redirect=${encodeURIComponent(target)}` }
  }

  /** WeChat's callback for a consent request of oauthUrl (state `o…`): the code is exchanged here. */
  async function returnFromOauth(
    ticket: string,
    wechatCode: string | undefined,
    redirect: string | undefined,
  ) {
    const target = safeRedirect(redirect)
    const state = await takeTicketRow(ticket, 'oauthState')
    if (!state) throw invalid(WECHAT_MESSAGES.oauthExpired)
    return backToLogin(state, await identity.ofOauthCode(wechatCode), target)
  }

  /** Sandbox consent page 同意: the one-time code and where the browser goes with it. */
  async function grantOauth(
    stateToken: string,
    typedOpenId: string | undefined,
    redirect: string | undefined,
  ) {
    const openid = checkedOpenId(typedOpenId)
    const target = safeRedirect(redirect)
    const state = await takeTicketRow(stateToken, 'oauthState')
    if (!state) throw invalid(WECHAT_MESSAGES.oauthExpired)
    return backToLogin(state, openid, target)
  }

  /** POST /api/wechat/oauthLogin {code, nonce}: single use, and only with the nonce of the browser that asked. */
  async function oauthLogin(code: string, nonce: string, ip: string): Promise<WechatLoginResult> {
    const sameBrowser = eq(wechatTickets.browserNonceHash, hashToken(nonce))
    const ticket = nonce ? await takeTicketRow(code, 'oauthCode', sameBrowser) : null
    if (!ticket?.openid) throw invalid(WECHAT_MESSAGES.oauthExpired)
    const member = await members.byOpenId(ticket.openid)
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
  async function miniBindPhone(input: Partial<MiniBindPhoneRequest>, ip: string): Promise<WechatLoginResult> {
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
        memberAccount: await freeGeneratedName({ db }, phone),
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
    isOpenLoginScene,
    identifyScene,
    settleLoginScene,
    scanCode,
    answerScanCode,
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
