// A sensitive change (account settings, a first phone) from a session that logged in or re-verified
// more than 10 minutes ago is refused with REVERIFY_CODE and one of these messages (server
// http/auth.ts requireFreshSession; the client's features/account fresh-session.ts answers it).

export const REVERIFY_CODE = 4031
/** The member has a bound phone: an SMS code to it makes the session fresh again. */
export const REVERIFY_REQUIRED = '为了您的账号安全，请先完成短信验证'
/** No bound phone, so no SMS to re-verify with: only a new login makes the session fresh. */
export const RELOGIN_REQUIRED = '为了您的账号安全，请重新登录后再操作'

/** With 操作保护 set to the authenticator app: a current code of it makes the session fresh again. */
export const REVERIFY_TOTP_REQUIRED = '为了您的账号安全，请输入身份验证器中的动态验证码'

/** With 操作保护 set to WeChat: the member's bound WeChat confirms in the mini-program. */
export const REVERIFY_WECHAT_REQUIRED = '为了您的账号安全，请在会员中心小程序中确认本次操作'

/** REVERIFY_CODE's data: how this member re-verifies (its 操作保护 method; 'relogin' without one). */
export interface ReverifyRequirement {
  method: 'sms' | 'totp' | 'wechat' | 'relogin'
  /** What was refused, one of PROTECTED_ACTIONS (shown where WeChat confirms it). */
  action?: string
}

/** POST /api/app/account/reverify/totp */
export interface TotpReverifyRequest {
  code: string
}

/** POST /api/app/account/reverify/wechat: a confirmation request for the refused action. */
export interface WechatReverifyStartRequest {
  /** The refusal's `action`; anything not in PROTECTED_ACTIONS is shown as 受保护的操作. */
  action?: string
}

/** The request's code, the QR text the mini-program scans, and when it expires (ISO 8601). */
export interface WechatReverifyTicket {
  code: string
  qrText: string
  expiresAt: string
}

/**
 * The query of GET /api/app/account/reverify/wechat (the requesting browser's poll) and of
 * .../wechat/details (the mini-program's look before it answers): the request's code.
 */
export interface WechatReverifyCodeQuery {
  code: string
}

/** GET /api/app/account/reverify/wechat?code= (the requesting session): its state. */
export interface WechatReverifyState {
  /** confirmed: the session is fresh from now (the request is used up). */
  status: 'waiting' | 'confirmed' | 'cancelled' | 'expired'
}

/** GET /api/app/account/reverify/wechat/details?code= (the mini-program): what 确认 approves. */
export interface WechatReverifyDetails {
  action: string
  browser: string
  ip: string
  requestedAt: string
}

/** POST /api/app/account/reverify/wechat/answer: a fresh wx.login code proves the bound WeChat. */
export interface WechatReverifyAnswer {
  code: string
  jsCode: string
  answer: 'confirm' | 'cancel'
}

/** The QR text of a confirmation request: a prefix the mini-program's scanner recognises. */
export const WECHAT_REVERIFY_QR_PREFIX = 'member-centre:reverify:'

export const WECHAT_REVERIFY_MSG = {
  notFound: '二维码已失效，请在网页上重新获取',
  notYours: '该验证请求不属于当前登录的账号',
  wrongWechat: '请使用账号绑定的微信确认',
  notWechatMethod: '当前的操作保护方式不是微信确认',
  confirmed: '已确认',
  cancelled: '已取消',
} as const
