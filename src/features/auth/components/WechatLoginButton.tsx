import { miniProgramLoginCode, openExternal, type WechatLoginMode } from '../../../core/platform/wechat'
import { currentDestination } from '../../../core/routing/navigate'
import { withQuery } from '../../../core/routing/url'
import { Button } from '../../../core/ui/Button'
import { useSubmit } from '../../../core/ui/useSubmit'
import { authApi, type MiniLoginAnswer } from '../api'
import { keepOauthNonce } from '../oauth-nonce'

interface WechatLoginButtonProps {
  mode: WechatLoginMode
  onMiniAnswer(answer: MiniLoginAnswer): void
}

/** 微信登录 where no QR is shown: OAuth in the WeChat browser, wx.login in the mini-program. */
export function WechatLoginButton({ mode, onMiniAnswer }: WechatLoginButtonProps) {
  const login = useSubmit({ fallback: '微信登录失败，请重试', toastFailure: true })
  if (mode !== 'oauth' && mode !== 'mini') return null

  const start = () =>
    login.run(async () => {
      if (mode === 'oauth') {
        const { query } = currentDestination()
        const { url, nonce } = await authApi.oauthUrl(withQuery('/login', query))
        keepOauthNonce(nonce)
        openExternal(url)
      } else {
        onMiniAnswer(await authApi.miniLogin(await miniProgramLoginCode()))
      }
    })

  return (
    <Button className='login-panel__wechat' loading={login.busy} onClick={start}>
      微信登录
    </Button>
  )
}
