import { useState } from 'react'
import { errorMessage } from '../../../core/http/api-error'
import { miniProgramLoginCode, openExternal, type WechatLoginMode } from '../../../core/platform/wechat'
import { currentDestination } from '../../../core/routing/navigate'
import { withQuery } from '../../../core/routing/url'
import { Button } from '../../../core/ui/Button'
import { toast } from '../../../core/ui/toast'
import { authApi, type MiniLoginAnswer } from '../api'
import { keepOauthNonce } from '../oauth-nonce'

interface WechatLoginButtonProps {
  mode: WechatLoginMode
  onMiniAnswer(answer: MiniLoginAnswer): void
}

/** 微信登录 where no QR is shown: OAuth in the WeChat browser, wx.login in the mini-program. */
export function WechatLoginButton({ mode, onMiniAnswer }: WechatLoginButtonProps) {
  const [busy, setBusy] = useState(false)
  if (mode !== 'oauth' && mode !== 'mini') return null

  const start = async () => {
    setBusy(true)
    try {
      if (mode === 'oauth') {
        const { query } = currentDestination()
        const { url, nonce } = await authApi.oauthUrl(withQuery('/login', query))
        keepOauthNonce(nonce)
        openExternal(url)
      } else {
        onMiniAnswer(await authApi.miniLogin(await miniProgramLoginCode()))
      }
    } catch (error) {
      toast.error(errorMessage(error, '微信登录失败，请重试'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button className='login-panel__wechat' loading={busy} onClick={start}>
      微信登录
    </Button>
  )
}
