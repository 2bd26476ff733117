// WeChat login and binding on the wire (doc2 §4 login states; account-area §4 WeChat dialogs and
// poll keys, §7 Account calls).
import type { LoginResult } from './account'
import type { PhoneCodeRequest } from './auth'

/** A WeChat login (QR, in-app browser OAuth, mini-program) may still need a phone bound. */
export interface WechatLoginResult extends LoginResult {
  needBindPhone: boolean
  /** The member was created by this login (WeChat registration). */
  isNewMember: boolean
}

/** What the phone answers a scene it was shown: 确认 or 取消. */
export type SceneAnswer = 'confirm' | 'cancel'

/** GET /api/wechat/getQrAddress: 'login' (the default) or 'register'; others are 非法参数. */
export interface QrSceneQuery {
  purpose: string
}

/** A QR scene's code: getTokenByCode, GET /api/app/scanCode and getBindInfoByCode. */
export interface SceneCodeQuery {
  code: string
}

/** getTokenByCode: the scene's state, and the login once the phone confirmed. */
export type QrPoll =
  { status: 'waiting' } | { status: 'scanned' } | ({ status: 'confirmed' } & WechatLoginResult)

/** A fresh wx.login code: POST /api/wechat/miniLogin and /api/wechat/miniBindWechat. */
export interface JsCodeRequest {
  code: string
}

/** miniLogin: a session, or a ticket to bind a phone with first (miniBindPhone). */
export type MiniLoginAnswer = WechatLoginResult | { needBindPhone: true; bindTicket: string }

/** POST /api/wechat/miniBindPhone: the miniLogin's ticket, a phone and its bindPhone SMS code. */
export interface MiniBindPhoneRequest extends PhoneCodeRequest {
  bindTicket: string
}

/** GET /api/wechat/oauthUrl: the console page to return to after the login (a path on this site). */
export interface OauthUrlQuery {
  redirect: string
}

/**
 * GET /wechat/oauth/callback, sent by WeChat: its consent page sends the phone's browser back with
 * `code` (none when refused) and our `state`; `redirect` is ours, carried in the redirect_uri.
 */
export interface OauthCallbackQuery {
  code: string
  state: string
  redirect: string
}

/**
 * POST /wechat/oauth/confirm, sent by our own confirmation page on the phone (an HTML form): its
 * one-time token and the button pressed.
 */
export interface SceneConfirmForm {
  token: string
  action: SceneAnswer
}

/**
 * GET /api/wechat/oauthUrl: WeChat's consent page, and the nonce this browser keeps for oauthLogin
 * (only the browser that asked can finish the login).
 */
export interface OauthUrlAnswer {
  url: string
  nonce: string
}

/** POST /api/wechat/oauthLogin: the one-time wxcode and the nonce oauthUrl gave this browser. */
export interface OauthLoginRequest {
  code: string
  nonce: string
}

/** isUserBind data.key (account-area §4). */
export const BIND_KEY = { alreadyBound: 0, success: 1, waiting: 2 } as const
export type BindKey = (typeof BIND_KEY)[keyof typeof BIND_KEY]

/**
 * updateWechat refusals meaning "this WeChat is already bound" (account-area §4): 510 another
 * member's, 513 already this member's, 9002 taken by another member at the same moment.
 */
export const WECHAT_TAKEN_CODE = { otherMember: 510, sameMember: 513, raced: 9002 } as const

/** GET /api/wechat/isUserBind: the viewer's id as the dialog knows it and the bind scene's code. */
export interface BindPollQuery {
  userId: string
  code: string
}

/** isUserBind (and miniBindWechat). */
export interface BindPoll {
  key: BindKey
  /** While waiting: the phone has opened the QR and the user has not approved yet. */
  scanned: boolean
}

/** getBindInfoByCode: the change scene as the phone left it; `wxOpenId` once approved. */
export type ChangePoll =
  { status: 'waiting' } | { status: 'scanned' } | { status: 'confirmed'; wxOpenId: string }

/**
 * A new QR scene (getQrAddress, getCodeImg, getBindQrAddress): `url` is the QR's text, `secret` goes
 * back in the X-Scene-Secret header of every poll and exchange of the scene (only its creator has it).
 */
export interface QrScene {
  code: string
  url: string
  expiresIn: number
  secret: string
}

/** Who asks (updateWechat, unBindingWechat): the server checks both are the viewer's own. */
export interface WechatOwner {
  accountId: number
  phone: string
}

/** POST /api/wechat/updateWechat: the owner and the proof of the new WeChat. */
export interface UpdateWechatRequest extends WechatOwner {
  /** The openid an approved change scene reported (H5), with that scene's code (and X-Scene-Secret). */
  wxOpenId?: string
  code?: string
  /** A wx.login code (mini-program) instead of a scene. */
  jsCode?: string
}

/** The header a scene's poll and exchange carry its creator's secret in. */
export const SCENE_SECRET_HEADER = 'X-Scene-Secret'

/**
 * GET /api/app/scanCode: what the mini-program asks its user to approve (a desktop login), who asked
 * (browser, address, time), and the one-time token POST /api/app/scanCode needs with 确认 or 取消.
 */
export interface ScanCodeAnswer {
  action: string
  browser: string
  ip: string
  /** ISO 8601; shown in UTC+8. */
  requestedAt: string
  confirmToken: string
}

/**
 * POST /api/app/scanCode: the token GET gave and the user's answer. `code`, the scanned scene's, is
 * not read: the token names the scene.
 */
export interface ScanCodeAnswerRequest {
  code?: string
  confirmToken: string
  action: SceneAnswer
}
