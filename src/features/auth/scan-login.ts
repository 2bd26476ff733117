import { ApiError } from '../../core/http/api-error'
import { scanQrCode } from '../../core/platform/wechat'
import { toast } from '../../core/ui/toast'
import { authApi, type ScanCodeAnswer } from './api'
import { sceneCodeFromQr } from './rules'

/** A scanned desktop login waiting for the user's 确认 or 取消. */
export interface PendingScan {
  code: string
  answer: ScanCodeAnswer
}

const failed = (error: unknown, fallback: string) =>
  toast.error(error instanceof ApiError && error.code !== -1 ? error.message : fallback)

/**
 * 扫码登录 in the mini-program, step 1: scan a desktop login QR and ask the server what approving it
 * would do (which desktop, from where, when). Nothing is approved yet; null when there is nothing
 * to ask (camera closed, not our QR, refused).
 */
export async function scanDesktopLogin(): Promise<PendingScan | null> {
  let text: string
  try {
    text = await scanQrCode()
  } catch {
    return null // the user closed the camera
  }
  const code = sceneCodeFromQr(text)
  if (!code) {
    toast.error('不是会员中心的登录二维码')
    return null
  }
  try {
    return { code, answer: await authApi.describeDesktopLogin(code) }
  } catch (error) {
    failed(error, '授权失败，请重试')
    return null
  }
}

/** Step 2: the user's explicit answer; true once the server took it. */
export async function answerDesktopLogin(pending: PendingScan, action: 'confirm' | 'cancel') {
  try {
    await authApi.answerDesktopLogin(pending.code, pending.answer.confirmToken, action)
    if (action === 'confirm') toast.success('已确认网页登录')
    else toast.info('已取消网页登录')
    return true
  } catch (error) {
    failed(error, action === 'confirm' ? '授权失败，请重试' : '取消失败，请重试')
    return false
  }
}
