// Binding, changing and unbinding a member's WeChat from the account settings (account-area §2,
// §4 WeChat dialogs, §7 getCodeImg … checkBindWechat):
// - bind (H5): getCodeImg opens a 'bind' scene whose QR the phone scans (production: WeChat's OAuth
//   consent page and its callback; sandbox: the page /__dev/wechat/scan standing in for WeChat),
//   then approves with 确认 on a page naming the account (将此微信绑定到账号 138****0003); isUserBind
//   polls it with the creating browser's secret and, once approved, binds the openid (key 1) or
//   refuses it as already bound (key 0) (scene-approval.ts);
// - change (H5): getBindQrAddress opens a 'change' scene; getBindInfoByCode polls it for the
//   approved openid, which updateWechat then sets (the scene is the proof, used once);
// - the mini-program proves its WeChat with a wx.login code instead of a QR (miniBindWechat,
//   updateWechat with jsCode), exchanged like miniLogin's (services/wechat/wechat-identity.ts).
// Adding or changing the WeChat needs a fresh session (routes) and is logged and notified.
// One openid belongs to one member (unique members.wx_open_id).
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import {
  BIND_KEY,
  WECHAT_TAKEN_CODE,
  type BindKey,
  type BindPoll,
  type ChangePoll,
  type SceneAnswer,
  type UpdateWechatRequest,
  type WechatOwner,
} from '../../../src/core/contract/wechat'
import { maskPhone } from '../../../src/core/format/mask'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { members, wechatBindScenes } from '../../db/schema'
import { Refusal, forbidden, invalid, qrExpired, sessionEnded } from '../shared/errors'
import { userIdOf } from '../account/accounts'
import { LOGIN_METHOD_NOTICE, type LoginMethods } from '../auth/login-methods'
import type { MemberDirectory } from '../account/members'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import type { RoleGrant, RoleService } from '../shared/roles'
import { SESSION_MESSAGES, type SessionService } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import { forgetWechatIds, recordWechatId } from './wechat-ids'
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
import { WECHAT_MESSAGES, type Requester } from './wechat'
import type { WechatIdentityService } from './wechat-identity'

export const BIND_PURPOSES = ['bind', 'change'] as const
export type BindPurpose = (typeof BIND_PURPOSES)[number]

export const WECHAT_BINDING_MESSAGES = {
  taken: '当前微信已被绑定，请使用新的微信进行扫码授权～',
  changed: '修改成功',
  bound: '绑定成功',
  unbound: '解绑成功',
  notBound: '当前账号未绑定微信',
  alreadyBound: '当前账号已绑定微信',
  qrExpired: WECHAT_MESSAGES.qrExpired,
} as const

type Scene = typeof wechatBindScenes.$inferSelect

interface BindingDeps {
  members: MemberDirectory
  roles: RoleService
  operateLog: OperateLog
  loginMethods: LoginMethods
  identity: WechatIdentityService
  sessions: Pick<SessionService, 'endOthers'>
}

export function createWechatBindingService(ctx: AppContext, deps: BindingDeps) {
  const { db, now } = ctx
  const { members: directory, roles, operateLog, loginMethods, identity, sessions } = deps

  async function memberOf(viewer: Viewer) {
    const member = await directory.byId(viewer.memberId)
    if (!member) throw sessionEnded(SESSION_MESSAGES.revoked)
    return member
  }

  async function grantOf(viewer: Pick<Viewer, 'memberId' | 'accountId' | 'subAccountId' | 'role'>) {
    const grant = await roles.heldRole(viewer.memberId, viewer)
    if (!grant) throw sessionEnded(SESSION_MESSAGES.revoked)
    return grant
  }

  function log(grant: RoleGrant, type: number, content: string, success: boolean, ip: string) {
    const status = success ? OPERATE_STATUS.success : OPERATE_STATUS.failure
    return operateLog.record(grant, { type, content, status, ip })
  }

  /** Another account's id, or a phone that is not the viewer's bound phone, is refused. */
  async function checkOwner(viewer: Viewer, input: Partial<WechatOwner>) {
    const member = await memberOf(viewer)
    const phone = (input.phone ?? '').trim()
    if (
      String(input.accountId ?? '').trim() !== String(viewer.accountId) ||
      !phone ||
      phone !== member.phone
    ) {
      throw forbidden()
    }
    return member
  }

  // ---- scenes ----

  /**
   * getCodeImg (bind: the member has no WeChat) and getBindQrAddress (change: it has one). The QR is
   * WeChat's consent page in production (needs WECHAT_OAUTH_*), the sandbox scan page otherwise.
   */
  async function openScene(viewer: Viewer, purpose: BindPurpose, origin: string, requester: Requester) {
    const member = await memberOf(viewer)
    if (purpose === 'bind' && member.wxOpenId) throw invalid(WECHAT_BINDING_MESSAGES.alreadyBound)
    if (purpose === 'change' && !member.wxOpenId) throw invalid(WECHAT_BINDING_MESSAGES.notBound)
    const qr = identity.sceneQr(origin)
    const { secret, columns } = newSceneCredentials(requester.userAgent, requester.ip)
    const createdAt = now()
    await db.insert(wechatBindScenes).values({
      code: qr.code,
      purpose,
      status: qrScene.START,
      ...columns,
      memberId: viewer.memberId,
      accountId: viewer.accountId,
      subAccountId: viewer.subAccountId || null,
      role: viewer.role,
      createdAt,
      expiresAt: qrScene.expiresAtFor(createdAt),
    })
    return { ...qr, secret }
  }

  /**
   * The viewer's own live scene of that purpose, asked with the secret its creating browser got;
   * anything else is an expired QR to the client (a cancelled one says so).
   */
  async function ownScene(
    viewer: Viewer,
    code: string,
    purpose: BindPurpose,
    secret: string | undefined,
  ): Promise<Scene> {
    const [scene] = code
      ? await db
          .select()
          .from(wechatBindScenes)
          .where(createdWith(wechatBindScenes, code, secret))
          .limit(1)
      : []
    const mine = scene && scene.memberId === viewer.memberId && scene.purpose === purpose
    if (mine && qrScene.view(scene, now()) === 'cancelled') throw qrExpired(WECHAT_MESSAGES.sceneCancelled)
    if (!mine || !qrScene.isOpen(scene, now())) throw qrExpired(WECHAT_BINDING_MESSAGES.qrExpired)
    return scene
  }

  /** Takes a confirmed scene (once); null when another call took it first. */
  async function consume(where: ReturnType<typeof and>): Promise<Scene | null> {
    const [taken] = await db
      .update(wechatBindScenes)
      .set({ status: qrScene.TRANSITIONS.consume.to })
      .where(and(where, qrScene.guard(wechatBindScenes, 'consume', now())))
      .returning()
    return taken ?? null
  }

  // ---- bind ----

  /** Links the openid to a member that has no WeChat: key 1, or key 0 when either side is taken. */
  async function bindOpenId(viewer: Viewer, openid: string, ip: string): Promise<BindKey> {
    const grant = await grantOf(viewer)
    const owner = await directory.byOpenId(openid)
    if (owner?.id === viewer.memberId) return BIND_KEY.success
    let linked = false
    if (!owner) {
      try {
        linked = await directory.linkOpenId(viewer.memberId, openid)
      } catch (failure) {
        if (!isUniqueViolation(failure)) throw failure
      }
    }
    if (!linked) {
      await log(grant, OPERATE_TYPE.wechatAuthorize, '绑定微信失败：该微信已被绑定', false, ip)
      return BIND_KEY.alreadyBound
    }
    await loginMethods.added(grant, {
      type: OPERATE_TYPE.wechatAuthorize,
      content: '绑定微信',
      notice: LOGIN_METHOD_NOTICE.wechat,
      ip,
    })
    return BIND_KEY.success
  }

  /** GET isUserBind: waiting (scanned or not), or — once — the outcome of the approved scene. */
  async function pollBind(
    viewer: Viewer,
    userId: string,
    scene: { code: string; secret: string | undefined },
    ip: string,
  ): Promise<BindPoll> {
    if (userId.trim() !== userIdOf(viewer)) throw forbidden()
    const own = await ownScene(viewer, scene.code, 'bind', scene.secret)
    if (own.status !== 'confirmed') {
      return { key: BIND_KEY.waiting, scanned: own.status === 'scanned' }
    }
    const taken = await consume(eq(wechatBindScenes.id, own.id))
    if (!taken?.openid) throw qrExpired(WECHAT_BINDING_MESSAGES.qrExpired)
    return { key: await bindOpenId(viewer, taken.openid, ip), scanned: true }
  }

  /** POST miniBindWechat {code}: the mini-program's own WeChat, no QR. */
  async function bindByLoginCode(viewer: Viewer, jsCode: string, ip: string): Promise<BindPoll> {
    const openid = await identity.ofMiniProgramCode(jsCode)
    const member = await memberOf(viewer)
    if (member.wxOpenId && member.wxOpenId !== openid) throw invalid(WECHAT_BINDING_MESSAGES.alreadyBound)
    const key = await bindOpenId(viewer, openid, ip)
    await recordWechatId(db, viewer.memberId, identity.seen('mini', openid), now())
    return { key, scanned: true }
  }

  // ---- change ----

  /** GET getBindInfoByCode: the change scene's state; its openid once approved (not yet used). */
  async function pollChange(viewer: Viewer, code: string, secret: string | undefined): Promise<ChangePoll> {
    const scene = await ownScene(viewer, code, 'change', secret)
    if (scene.status === 'confirmed' && scene.openid) return { status: 'confirmed', wxOpenId: scene.openid }
    return { status: scene.status === 'scanned' ? 'scanned' : 'waiting' }
  }

  /**
   * The openid the client proves: a wx.login code, or an approved change scene used up now (its
   * code, with the secret its creating browser got).
   */
  async function provenOpenId(
    viewer: Viewer,
    input: Partial<UpdateWechatRequest>,
    secret: string | undefined,
  ) {
    if (input.jsCode !== undefined) return identity.ofMiniProgramCode(input.jsCode)
    const openid = (input.wxOpenId ?? '').trim()
    const code = (input.code ?? '').trim()
    const taken =
      openid && code
        ? await consume(
            and(
              createdWith(wechatBindScenes, code, secret),
              eq(wechatBindScenes.memberId, viewer.memberId),
              eq(wechatBindScenes.purpose, 'change'),
              eq(wechatBindScenes.openid, openid),
            ),
          )
        : null
    if (!taken) throw qrExpired(WECHAT_BINDING_MESSAGES.qrExpired)
    return openid
  }

  /** POST updateWechat {accountId, phone, wxOpenId | jsCode}: the member's WeChat becomes the new one. */
  async function change(
    viewer: Viewer,
    input: Partial<UpdateWechatRequest>,
    secret: string | undefined,
    ip: string,
  ): Promise<void> {
    const member = await checkOwner(viewer, input)
    if (!member.wxOpenId) throw invalid(WECHAT_BINDING_MESSAGES.notBound)
    const openid = await provenOpenId(viewer, input, secret)
    const grant = await grantOf(viewer)
    const refuse = async (code: number) => {
      await log(grant, OPERATE_TYPE.wechatChange, '更换微信失败：该微信已被绑定', false, ip)
      return new Refusal(code, WECHAT_BINDING_MESSAGES.taken)
    }
    if (openid === member.wxOpenId) throw await refuse(WECHAT_TAKEN_CODE.sameMember)
    if (await directory.byOpenId(openid)) throw await refuse(WECHAT_TAKEN_CODE.otherMember)
    try {
      await db.update(members).set({ wxOpenId: openid }).where(eq(members.id, member.id))
    } catch (failure) {
      if (isUniqueViolation(failure)) throw await refuse(WECHAT_TAKEN_CODE.raced)
      throw failure
    }
    await sessions.endOthers(viewer)
    await loginMethods.added(grant, {
      type: OPERATE_TYPE.wechatChange,
      content: '更换绑定微信',
      notice: LOGIN_METHOD_NOTICE.wechat,
      ip,
    })
  }

  // ---- unbind and status ----

  /** POST unBindingWechat {accountId, phone}. */
  async function unbind(viewer: Viewer, input: Partial<WechatOwner>, ip: string): Promise<void> {
    const member = await checkOwner(viewer, input)
    if (!member.wxOpenId) throw invalid(WECHAT_BINDING_MESSAGES.notBound)
    await db.update(members).set({ wxOpenId: null }).where(eq(members.id, member.id))
    await forgetWechatIds(db, member.id)
    await sessions.endOthers(viewer)
    await log(await grantOf(viewer), OPERATE_TYPE.wechatUnbind, '解绑微信', true, ip)
  }

  /** GET checkBindWechat. */
  async function status(viewer: Viewer): Promise<{ bound: boolean }> {
    return { bound: Boolean((await memberOf(viewer)).wxOpenId) }
  }

  // ---- the phone ----

  /** Whether `code` is a bind or change scene still open to a scan (asked before WeChat is). */
  const isOpenBindScene = (code: string) => isOpenScene(db, wechatBindScenes, code, now())

  /** Whose WeChat the phone would bind: the member's masked phone, or its member account. */
  async function accountLabel(scene: Scene): Promise<string> {
    const member = await directory.byId(scene.memberId)
    if (member?.phone) return maskPhone(member.phone)
    const grant = await roles.heldRole(scene.memberId, { ...scene, subAccountId: scene.subAccountId ?? 0 })
    return grant?.memberAccount ?? ''
  }

  /**
   * The WeChat `openid` scanned a bind or change QR (WeChat's OAuth callback or the sandbox's
   * stand-in): the scene becomes scanned; what the phone then shows and the token its 确认 / 取消
   * must post. Null when `code` is no bind scene open to a scan.
   */
  async function identifyScene(code: string, openid: string): Promise<Identified | null> {
    const scanned = await scanScene(db, wechatBindScenes, code, { openid }, now())
    if (!scanned) return null
    const label = await accountLabel(scanned.row)
    const action =
      scanned.row.purpose === 'change'
        ? `将账号 ${label} 的登录微信更换为此微信`
        : `将此微信绑定到账号 ${label}`
    return {
      formToken: scanned.formToken,
      approval: { kind: 'bind', action, ...requesterOf(scanned.row) },
    }
  }

  /** 确认 / 取消 with the form token of a scan; false when the token is unknown, used or expired. */
  async function settleBindScene(formToken: string, action: SceneAnswer): Promise<boolean> {
    return (await settleScene(db, wechatBindScenes, formToken, action, now())) !== null
  }

  /** A fresh openid nobody holds, offered by the scan page so a bind succeeds by default. */
  function freshOpenId(): string {
    return `wx-sandbox-${crypto.randomBytes(5).toString('hex')}`
  }

  return {
    status,
    openScene,
    pollBind,
    bindByLoginCode,
    pollChange,
    change,
    unbind,
    isOpenBindScene,
    identifyScene,
    settleBindScene,
    freshOpenId,
  }
}

export type WechatBindingService = ReturnType<typeof createWechatBindingService>
