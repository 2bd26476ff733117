import type {
  TotpReverifyRequest,
  WechatReverifyAnswer,
  WechatReverifyCodeQuery,
  WechatReverifyStartRequest,
  WechatReverifyState,
  WechatReverifyTicket,
} from '../../core/contract/fresh-session'
import type {
  OperationProtection,
  SaveOperationProtectionRequest,
} from '../../core/contract/operation-protection'
import { http } from '../../core/http/request'

// Silent: the section shows its own loading and error states, the dialogs show refusals under their
// fields, and a stale session's save opens the re-verification (fresh-session.ts).
const silent = { silent: true }

export const operationProtectionApi = {
  get: () => http.get<OperationProtection>('/api/app/account/operationProtection', undefined, silent),
  save: (setting: SaveOperationProtectionRequest) =>
    http.post<null>('/api/app/account/operationProtection', { ...setting }, silent),
  /** Makes the session fresh again with a current code of the authenticator app. */
  reverifyTotp: (code: string) =>
    http.post<null>('/api/app/account/reverify/totp', { code } satisfies TotpReverifyRequest, silent),
  /** WeChat confirmation: a request for the refused action, shown as a QR (or confirmed in place). */
  startWechat: (action?: string) =>
    http.post<WechatReverifyTicket>(
      '/api/app/account/reverify/wechat',
      { action } satisfies WechatReverifyStartRequest,
      silent,
    ),
  /** The request's state; `confirmed` once: the session is fresh from then on. */
  pollWechat: (code: string) =>
    http.get<WechatReverifyState>(
      '/api/app/account/reverify/wechat',
      { code } satisfies WechatReverifyCodeQuery,
      silent,
    ),
  /** In the mini-program, its own WeChat answers the request (auth's scanner answers others'). */
  answerWechat: (request: WechatReverifyAnswer) =>
    http.post<null>('/api/app/account/reverify/wechat/answer', { ...request }, silent),
}
