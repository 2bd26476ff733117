import type { WechatReverifyDetails } from '../../core/contract/fresh-session'
import { ApiError } from '../../core/http/api-error'
import { miniProgramLoginCode, scanQrCode } from '../../core/platform/wechat'
import { toast } from '../../core/ui/toast'
import { authApi, type ScanCodeAnswer } from './api'
import { reverifyCodeFromQr, sceneCodeFromQr } from './rules'

/**
 * A scanned request of a browser waiting for the user's 确认 or 取消: a desktop login, or a
 * protected action (操作保护 by WeChat) that this WeChat is asked to confirm.
 */
export type PendingScan =
  | { kind: 'login'; code: string; answer: ScanCodeAnswer }
  | { kind: 'action'; code: string; answer: WechatReverifyDetails }

const failed = (error: unknown, fallback: string) =>
  toast.error(error instanceof ApiError && error.code !== -1 ? error.message : fallback)

/**
 * 扫一扫 in the mini-program, step 1: scan a browser's QR and ask the server what approving it
 * would do (which browser, from where, when). Nothing is approved yet; null when there is nothing
 * to ask (camera closed, not our QR, refused).
 */
export async function scanBrowserRequest(): Promise<PendingScan | null> {
  let text: string
  try {
    text = await scanQrCode()
  } catch {
    return null // the user closed the camera
  }
  const actionCode = reverifyCodeFromQr(text)
  const sceneCode = actionCode ? null : sceneCodeFromQr(text)
  if (!actionCode && !sceneCode) {
    toast.error('不是会员中心的二维码')
    return null
  }
  try {
    if (actionCode) {
      return { kind: 'action', code: actionCode, answer: await authApi.describeBrowserAction(actionCode) }
    }
    const code = sceneCode as string
    return { kind: 'login', code, answer: await authApi.describeDesktopLogin(code) }
  } catch (error) {
    failed(error, '授权失败，请重试')
    return null
  }
}

const ANSWERED = {
  login: { confirm: '已确认网页登录', cancel: '已取消网页登录' },
  action: { confirm: '已确认网页操作', cancel: '已取消网页操作' },
} as const

/**
 * Step 2: the user's explicit answer; true once the server took it. Confirming a browser's action
 * proves this WeChat with a fresh wx.login code.
 */
export async function answerBrowserRequest(pending: PendingScan, action: 'confirm' | 'cancel') {
  try {
    if (pending.kind === 'login') {
      await authApi.answerDesktopLogin(pending.code, pending.answer.confirmToken, action)
    } else {
      const jsCode = action === 'confirm' ? await miniProgramLoginCode() : ''
      await authApi.answerBrowserAction({ code: pending.code, jsCode, answer: action })
    }
    if (action === 'confirm') toast.success(ANSWERED[pending.kind].confirm)
    else toast.info(ANSWERED[pending.kind].cancel)
    return true
  } catch (error) {
    failed(error, action === 'confirm' ? '授权失败，请重试' : '取消失败，请重试')
    return false
  }
}
