import { ApiError } from '../../core/http/api-error'
import { scanQrCode } from '../../core/platform/wechat'
import { toast } from '../../core/ui/toast'
import { authApi } from './api'
import { sceneCodeFromQr } from './rules'

/** 扫码登录 in the mini-program: scan a desktop login QR and authorise it for this account. */
export async function authoriseDesktopLoginByScan() {
  let text: string
  try {
    text = await scanQrCode()
  } catch {
    return // the user closed the camera
  }
  const code = sceneCodeFromQr(text)
  if (!code) return toast.error('不是会员中心的登录二维码')
  try {
    await authApi.authoriseDesktopLogin(code)
    toast.success('已确认网页登录')
  } catch (error) {
    if (!(error instanceof ApiError)) toast.error('授权失败，请重试')
  }
}
