// WeChat bind / change / unbind (account-area §2 account settings, §7 Account calls).
import type { BindPoll, ChangePoll } from '../../core/contract/wechat'
import { http } from '../../core/http/request'

/** A QR scene for binding or changing the WeChat: `url` is the text to draw as the QR. */
export interface BindScene {
  code: string
  url: string
  expiresIn: number
}

export type { BindPoll, ChangePoll }

/** Who asks (updateWechat, unBindingWechat): the server checks both are the viewer's own. */
export interface WechatOwner {
  accountId: number
  phone: string
}

/** How the new WeChat is proven: an approved change scene's openid (H5) or a wx.login code. */
export type WechatProof = { wxOpenId: string; code: string } | { jsCode: string }

// Every call is silent: the dialogs show their own failure states.
export const wechatBindingApi = {
  status: () => http.get<{ bound: boolean }>('/api/wechat/checkBindWechat', undefined, { silent: true }),
  bindScene: () => http.get<BindScene>('/api/wechat/getCodeImg', undefined, { silent: true }),
  changeScene: () => http.get<BindScene>('/api/wechat/getBindQrAddress', undefined, { silent: true }),
  pollBind: (userId: string, code: string) =>
    http.get<BindPoll>('/api/wechat/isUserBind', { userId, code }, { silent: true }),
  pollChange: (code: string) =>
    http.get<ChangePoll>('/api/wechat/getBindInfoByCode', { code }, { silent: true }),
  bindByLogin: (jsCode: string) =>
    http.post<BindPoll>('/api/wechat/miniBindWechat', { code: jsCode }, { silent: true }),
  update: (owner: WechatOwner, proof: WechatProof) =>
    http.post<null>('/api/wechat/updateWechat', { ...owner, ...proof }, { silent: true }),
  unbind: (owner: WechatOwner) => http.post<null>('/api/wechat/unBindingWechat', { ...owner }),
}
