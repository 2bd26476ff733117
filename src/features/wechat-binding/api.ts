// WeChat bind / change / unbind (account-area §2 account settings, §7 Account calls).
import {
  SCENE_SECRET_HEADER,
  type BindPoll,
  type BindPollQuery,
  type ChangePoll,
  type JsCodeRequest,
  type QrScene,
  type SceneCodeQuery,
  type UpdateWechatRequest,
  type WechatOwner,
} from '../../core/contract/wechat'
import { http } from '../../core/http/request'

/** A QR scene for binding or changing the WeChat: `url` is the text to draw as the QR. */
export type BindScene = QrScene

/** Polls and the change's exchange carry the creating browser's secret (only it has it). */
const ofScene = (scene: BindScene) => ({ silent: true, headers: { [SCENE_SECRET_HEADER]: scene.secret } })

export type { BindPoll, ChangePoll }

/** How the new WeChat is proven: an approved change scene's openid (H5) or a wx.login code. */
export type WechatProof = { wxOpenId: string; scene: BindScene } | { jsCode: string }

// Every call is silent: the dialogs show their own failure states.
export const wechatBindingApi = {
  status: () => http.get<{ bound: boolean }>('/api/wechat/checkBindWechat', undefined, { silent: true }),
  bindScene: () => http.get<BindScene>('/api/wechat/getCodeImg', undefined, { silent: true }),
  changeScene: () => http.get<BindScene>('/api/wechat/getBindQrAddress', undefined, { silent: true }),
  pollBind: (userId: string, scene: BindScene) =>
    http.get<BindPoll>(
      '/api/wechat/isUserBind',
      { userId, code: scene.code } satisfies BindPollQuery,
      ofScene(scene),
    ),
  pollChange: (scene: BindScene) =>
    http.get<ChangePoll>(
      '/api/wechat/getBindInfoByCode',
      { code: scene.code } satisfies SceneCodeQuery,
      ofScene(scene),
    ),
  bindByLogin: (jsCode: string) =>
    http.post<BindPoll>('/api/wechat/miniBindWechat', { code: jsCode } satisfies JsCodeRequest, {
      silent: true,
    }),
  update: (owner: WechatOwner, proof: WechatProof) =>
    'scene' in proof
      ? http.post<null>(
          '/api/wechat/updateWechat',
          { ...owner, wxOpenId: proof.wxOpenId, code: proof.scene.code } satisfies UpdateWechatRequest,
          ofScene(proof.scene),
        )
      : http.post<null>('/api/wechat/updateWechat', { ...owner, ...proof } satisfies UpdateWechatRequest, {
          silent: true,
        }),
  unbind: (owner: WechatOwner) =>
    http.post<null>('/api/wechat/unBindingWechat', { ...owner } satisfies WechatOwner),
}
