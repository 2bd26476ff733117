// Back from WeChat's consent page (/login?wxcode=): the code goes with the nonce this tab kept, once;
// over another account's session the user is asked first, as for an entry link.
import { render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import userEvent from '@testing-library/user-event'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { useOauthReturn } from '../../../src/features/auth/hooks/useOauthReturn'
import { keepOauthNonce } from '../../../src/features/auth/oauth-nonce'
import type { WechatLoginResult } from '../../../src/features/auth/api'
import { installFakeApi, ok } from '../support/fake-api'

const OAUTH_LOGIN = '/api/wechat/oauthLogin'
const LOGOUT = '/api/pc/logout'
const QUESTION = '当前已登录其他账号，是否切换到链接中的账号？'
const asking = () => document.querySelector('.at-modal--active')?.textContent?.includes(QUESTION) ?? false

function Harness({ onLogin }: { onLogin(result: WechatLoginResult): void }) {
  return <>{useOauthReturn(onLogin)}</>
}

const answer = { token: 'wechat', accountId: 2, subAccountId: 0, role: 0, needBindPhone: false }

beforeEach(() => {
  useSession.getState().clear()
  useToasts.setState({ toasts: [] })
  window.sessionStorage.clear()
  const router = { path: '/pages/login/index', params: { wxcode: 'W1', redirect: '%2Forderlist' } }
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router } as never)
  jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
})

it('sends the kept nonce with the code, once, and forgets it', async () => {
  keepOauthNonce('N1')
  const api = installFakeApi().on('POST', OAUTH_LOGIN, () => ok(answer))
  const onLogin = jest.fn()
  render(<Harness onLogin={onLogin} />)
  await waitFor(() => expect(onLogin).toHaveBeenCalledWith(answer))
  expect(api.calls.filter((call) => call.path === OAUTH_LOGIN).map((call) => call.body)).toEqual([
    { code: 'W1', nonce: 'N1' },
  ])
  expect(window.sessionStorage.getItem('member-centre.oauthNonce')).toBeNull()
})

it('asks before replacing another account’s session; 取消 keeps it and ends the new one', async () => {
  keepOauthNonce('N2')
  useSession.getState().signIn({ token: 'current', accountId: 1, subAccountId: 0, role: 0 })
  const api = installFakeApi()
    .on('POST', OAUTH_LOGIN, () => ok(answer))
    .on('GET', LOGOUT, () => ok(null))
  const onLogin = jest.fn()
  render(<Harness onLogin={onLogin} />)
  await waitFor(() => expect(asking()).toBe(true))
  await userEvent.click(screen.getByText('取消'))
  await waitFor(() =>
    expect(api.calls.filter((call) => call.path === LOGOUT).map((call) => call.headers.token)).toEqual([
      'wechat',
    ]),
  )
  expect(onLogin).not.toHaveBeenCalled()
  expect(useSession.getState()).toMatchObject({ token: 'current', id: 1 })
  // On to where the login was heading, as the account already signed in.
  expect(Taro.reLaunch).toHaveBeenCalledWith({ url: expect.stringContaining('orderlist') })
})

it('切换 logs in and ends the session it replaces', async () => {
  useSession.getState().signIn({ token: 'current', accountId: 1, subAccountId: 0, role: 0 })
  const api = installFakeApi()
    .on('POST', OAUTH_LOGIN, () => ok(answer))
    .on('GET', LOGOUT, () => ok(null))
  const onLogin = jest.fn()
  render(<Harness onLogin={onLogin} />)
  await waitFor(() => expect(asking()).toBe(true))
  await userEvent.click(screen.getByText('切换'))
  await waitFor(() => expect(onLogin).toHaveBeenCalledWith(answer))
  await waitFor(() =>
    expect(api.calls.filter((call) => call.path === LOGOUT).map((call) => call.headers.token)).toEqual([
      'current',
    ]),
  )
})
