// Back from WeChat's consent page in its in-app browser (/login?wxcode=): the one-time code is
// exchanged once, with the nonce this browser kept (oauth-nonce.ts). Over another identity's session
// the user is asked first, as for an entry link; 取消 ends the new session unused and keeps the
// current one.
import { useEffect } from 'react'
import type { WechatLoginResult } from '../../../core/contract/wechat'
import { errorMessage } from '../../../core/http/api-error'
import { entryLinkSessionChange, postLoginTarget } from '../../../core/routing/guard'
import { currentDestination, relaunch } from '../../../core/routing/navigate'
import { revokeToken } from '../../../core/session/end-session'
import { useSession } from '../../../core/session/store'
import { useSwitchQuestion } from '../../../core/session/useSwitchQuestion'
import { toast } from '../../../core/ui/toast'
import { authApi } from '../api'
import { takeOauthNonce } from '../oauth-nonce'

/** Runs the exchange on arrival; returns the question's dialog for the page to render. */
export function useOauthReturn(afterLogin: (result: WechatLoginResult) => void) {
  const question = useSwitchQuestion()

  useEffect(() => {
    const { query } = currentDestination()
    if (!query.wxcode) return
    const before = useSession.getState()
    const exchange = async () => {
      const result = await authApi.oauthLogin(query.wxcode, takeOauthNonce())
      if (entryLinkSessionChange(before, result) === 'askToSwitch' && !(await question.ask())) {
        void revokeToken(result.token)
        return void relaunch(postLoginTarget(query))
      }
      // The session being replaced ends on the server too.
      if (before.token && before.token !== result.token) void revokeToken(before.token)
      afterLogin(result)
    }
    exchange().catch((error) => toast.error(errorMessage(error, '微信登录失败，请重试')))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on arrival: the code is single-use
  }, [])

  return question.dialog
}
