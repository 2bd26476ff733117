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

/** REVERIFY_CODE's data: how this member re-verifies (its 操作保护 method; 'relogin' without one). */
export interface ReverifyRequirement {
  method: 'sms' | 'totp' | 'relogin'
}

/** POST /api/app/account/reverify/totp */
export interface TotpReverifyRequest {
  code: string
}
