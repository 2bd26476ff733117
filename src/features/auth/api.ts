import type { PcBindPhoneRequest } from '../../core/contract/account'
import type {
  LoginStatus,
  PasswordLoginRequest,
  PasswordResetRequest,
  PhoneCodeRequest,
  RegistrationRequest,
  SmsCodeRequest,
} from '../../core/contract/auth'
import type {
  RecoveryCodes,
  SecondFactorCodeRequest,
  SecondFactorEnrolment,
  SecondFactorLoginRequest,
} from '../../core/contract/second-factor'
import type {
  WechatReverifyAnswer,
  WechatReverifyCodeQuery,
  WechatReverifyDetails,
} from '../../core/contract/fresh-session'
import type { PublicSmsPurpose, SendSmsRequest } from '../../core/contract/sms'
import {
  SCENE_SECRET_HEADER,
  type JsCodeRequest,
  type MiniBindPhoneRequest,
  type MiniLoginAnswer,
  type OauthLoginRequest,
  type OauthUrlAnswer,
  type OauthUrlQuery,
  type QrPoll,
  type QrScene,
  type QrSceneQuery,
  type ScanCodeAnswer,
  type ScanCodeAnswerRequest,
  type SceneAnswer,
  type SceneCodeQuery,
  type WechatLoginResult,
} from '../../core/contract/wechat'
import { http } from '../../core/http/request'
import type { LoginResult } from '../../core/session/store'
import type { SolvedSlider } from '../../core/ui/captcha/api'

export type { MiniLoginAnswer, QrScene, ScanCodeAnswer, WechatLoginResult }

/** Calls for a login that is not stored yet carry its token explicitly. */
const pending = (token: string) => ({ token, silent: true })

// Form calls are silent: their failures are shown next to the form.
export const authApi = {
  // `type` and `platform` are the spec's login fields beyond the contract's: the server reads neither.
  loginByPassword: (payload: PasswordLoginRequest) =>
    http.post<LoginResult>(
      '/api/app/loginByPassword',
      { ...payload, type: 1, platform: process.env.TARO_ENV },
      { silent: true },
    ),
  phoneLogin: (phone: string, code: string) =>
    http.post<LoginResult>('/api/app/phoneLogin', { phone, code } satisfies PhoneCodeRequest, {
      silent: true,
    }),
  registerByPhone: (payload: RegistrationRequest) =>
    http.post<LoginResult>('/api/pc/registerByPhone', { ...payload }, { silent: true }),
  forgetPassword: (payload: PasswordResetRequest) =>
    http.post<null>('/api/pc/forgetPassword', { ...payload }, { silent: true }),
  sendSmsCode: (phone: string, type: PublicSmsPurpose, slider: SolvedSlider) =>
    http.post<null>('/api/pc/sendSmsCode', { phone, type, ...slider } satisfies SendSmsRequest, {
      silent: true,
    }),

  // `secondFactor`: what the login still owes after the SMS verification (none, a code, enrolment).
  loginStatus: (token: string) =>
    http.get<LoginStatus>('/api/app/securityVerification/checkLoginStatus', undefined, pending(token)),
  sendVerificationSms: (token: string, slider: SolvedSlider) =>
    http.post<null>('/api/app/securityVerification/sendSmsCode', { ...slider }, pending(token)),
  confirmVerification: (token: string, code: string) =>
    http.post<null>(
      '/api/app/securityVerification/confirm',
      { code } satisfies SmsCodeRequest,
      pending(token),
    ),
  verifySecondFactor: (token: string, body: SecondFactorLoginRequest) =>
    http.post<null>(
      '/api/app/secondFactor/verify',
      { ...body } satisfies SecondFactorLoginRequest,
      pending(token),
    ),
  // A sub-admin whose main account requires 二次验证 enrols during the login, on its pending token.
  beginSecondFactor: (token: string) =>
    http.post<SecondFactorEnrolment>('/api/app/secondFactor/begin', {}, pending(token)),
  confirmSecondFactor: (token: string, code: string) =>
    http.post<RecoveryCodes>(
      '/api/app/secondFactor/confirm',
      { code } satisfies SecondFactorCodeRequest,
      pending(token),
    ),

  sendBindPhoneCode: (phone: string, slider: SolvedSlider) =>
    http.post<null>('/api/wechat/getCode', { phone, type: 'bindPhone', ...slider } satisfies SendSmsRequest, {
      silent: true,
    }),
  bindPhone: (token: string, phone: string, code: string) =>
    http.post<null>('/api/wechat/bindPhone', { phone, code } satisfies PhoneCodeRequest, pending(token)),
  // account-area §7 bindPhone (phone, code, password): the home's bind-phone dialog, on the session's
  // own token; `password` (encryptPassword) would set a first one for a member that has none.
  bindFirstPhone: (payload: PcBindPhoneRequest) =>
    http.post<null>('/api/pc/bindPhone', { ...payload }, { silent: true }),

  qrScene: (purpose: 'login' | 'register') =>
    http.get<QrScene>('/api/wechat/getQrAddress', { purpose } satisfies QrSceneQuery, { silent: true }),
  // Only the browser that created the scene holds its secret: polls without it get nothing.
  pollQr: ({ code, secret }: QrScene) =>
    http.get<QrPoll>('/api/wechat/getTokenByCode', { code } satisfies SceneCodeQuery, {
      silent: true,
      headers: { [SCENE_SECRET_HEADER]: secret },
    }),
  oauthUrl: (redirect: string) =>
    http.get<OauthUrlAnswer>('/api/wechat/oauthUrl', { redirect } satisfies OauthUrlQuery),
  oauthLogin: (code: string, nonce: string) =>
    http.post<WechatLoginResult>('/api/wechat/oauthLogin', { code, nonce } satisfies OauthLoginRequest, {
      silent: true,
    }),
  miniLogin: (code: string) =>
    http.post<MiniLoginAnswer>('/api/wechat/miniLogin', { code } satisfies JsCodeRequest, { silent: true }),
  miniBindPhone: (bindTicket: string, phone: string, code: string) =>
    http.post<WechatLoginResult>(
      '/api/wechat/miniBindPhone',
      { bindTicket, phone, code } satisfies MiniBindPhoneRequest,
      { silent: true },
    ),
  // The mini-program's 扫码登录: GET says what 确认 would approve; POST answers it explicitly.
  describeDesktopLogin: (code: string) =>
    http.get<ScanCodeAnswer>('/api/app/scanCode', { code } satisfies SceneCodeQuery, { silent: true }),
  answerDesktopLogin: (code: string, confirmToken: string, action: SceneAnswer) =>
    http.post<null>('/api/app/scanCode', { code, confirmToken, action } satisfies ScanCodeAnswerRequest, {
      silent: true,
    }),
  // …and a browser's 操作保护 request, confirmed by this mini-program's WeChat (a wx.login code).
  describeBrowserAction: (code: string) =>
    http.get<WechatReverifyDetails>(
      '/api/app/account/reverify/wechat/details',
      { code } satisfies WechatReverifyCodeQuery,
      { silent: true },
    ),
  answerBrowserAction: (answer: WechatReverifyAnswer) =>
    http.post<null>('/api/app/account/reverify/wechat/answer', { ...answer }, { silent: true }),
  officialAccountQr: () =>
    http.get<{ url: string }>('/api/wechat/officialAccountQr', undefined, { silent: true }),
}
