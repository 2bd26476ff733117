import { render, screen, waitFor } from '@testing-library/react'
import { Current } from '@tarojs/runtime'
import Taro from '@tarojs/taro'
import userEvent from '@testing-library/user-event'
import { http } from '../../../src/core/http/request'
import { useSession } from '../../../src/core/session/store'
import { LoginMaskSection } from '../../../src/features/account/components/LoginMaskSection'
import { ReverifyHost } from '../../../src/features/account/components/ReverifyHost'
import {
  isReverifyCancelled,
  REVERIFY_CODE,
  withFreshSession,
} from '../../../src/features/account/fresh-session'
import { fail, installFakeApi, ok } from '../support/fake-api'
import { signInAsDemoOwner } from '../support/session'

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const STALE = fail(REVERIFY_CODE, '为了您的账号安全，请先完成短信验证')

beforeEach(() => {
  signInAsDemoOwner()
})

describe('withFreshSession and ReverifyHost (sensitive changes re-verify by SMS)', () => {
  it('runs the action once when the session is fresh', async () => {
    const api = installFakeApi().on('POST', '/api/pc/editAccountEmail', () => ok(null))
    render(<ReverifyHost />)
    await withFreshSession(() =>
      http.post('/api/pc/editAccountEmail', { mailbox: 'a@b.cn' }, { silent: true }),
    )
    expect(api.calls).toHaveLength(1)
    expect(screen.queryByRole('dialog', { name: '安全验证' })).not.toBeInTheDocument()
  })

  it('asks for the code sent to the masked bound phone, then runs the action again', async () => {
    let fresh = false
    const api = installFakeApi()
      .on('POST', '/api/pc/editAccountEmail', () => (fresh ? ok(null) : STALE))
      .on('POST', '/api/app/account/reverify/confirm', (body) => {
        if (body.code !== '123456') return fail(400, '请输入正确的手机号和验证码')
        fresh = true
        return ok(null)
      })
    const user = userEvent.setup()
    render(<ReverifyHost />)
    let done = false
    const change = withFreshSession(() =>
      http.post('/api/pc/editAccountEmail', { mailbox: 'a@b.cn' }, { silent: true }),
    ).then(() => (done = true))

    expect(await screen.findByRole('dialog', { name: '安全验证' })).toBeInTheDocument()
    expect(screen.getByText(/138\*\*\*\*0001/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('请输入手机号验证码')).toBeInTheDocument()
    await user.type(input('reverify-code'), '000000')
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('请输入正确的手机号和验证码')).toBeInTheDocument()
    expect(input('reverify-code').value).toBe('000000')

    await user.clear(input('reverify-code'))
    await user.type(input('reverify-code'), '123456')
    await user.click(screen.getByRole('button', { name: '确定' }))
    await change
    expect(done).toBe(true)
    expect(api.calls.filter((c) => c.path === '/api/pc/editAccountEmail')).toHaveLength(2)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '安全验证' })).not.toBeInTheDocument())
  })

  it('closing the dialog abandons the action quietly', async () => {
    const api = installFakeApi().on('POST', '/api/pc/saveMyIp', () => STALE)
    const user = userEvent.setup()
    render(<ReverifyHost />)
    const change = withFreshSession(() =>
      http.post('/api/pc/saveMyIp', { status: 1, ip: '' }, { silent: true }),
    )
    const outcome = change.catch((reason) => reason)
    await screen.findByRole('dialog', { name: '安全验证' })
    await user.click(screen.getByRole('button', { name: '取消' }))
    expect(isReverifyCancelled(await outcome)).toBe(true)
    expect(api.calls.filter((c) => c.path === '/api/pc/saveMyIp')).toHaveLength(1)
  })

  describe('a member without a bound phone (nothing to send an SMS to)', () => {
    const RELOGIN = fail(REVERIFY_CODE, '为了您的账号安全，请重新登录后再操作')
    beforeEach(() => {
      const { userinfo } = useSession.getState()
      useSession.setState({ userinfo: { ...userinfo!, bindPhone: '' } })
      Current.router = {
        path: '/accountManage',
        params: { tab: 'wechat' },
      } as unknown as typeof Current.router
      jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    })
    afterEach(() => {
      Current.router = null
      jest.restoreAllMocks()
    })

    it('offers a new login that comes back to this page, instead of the SMS step', async () => {
      const api = installFakeApi()
        .on('GET', '/api/wechat/getCodeImg', () => RELOGIN)
        .on('GET', '/api/pc/logout', () => ok(null))
      const user = userEvent.setup()
      render(<ReverifyHost />)
      void withFreshSession(() => http.get('/api/wechat/getCodeImg', undefined, { silent: true })).catch(
        () => undefined,
      )
      const dialog = await screen.findByRole('dialog', { name: '安全验证' })
      expect(dialog.textContent).toContain('为了您的账号安全，请重新登录后再操作')
      expect(input('reverify-code')).toBeNull()
      expect(screen.queryByText('获取验证码')).not.toBeInTheDocument()

      await user.click(screen.getByRole('button', { name: '重新登录' }))
      await waitFor(() => expect(Taro.reLaunch).toHaveBeenCalledTimes(1))
      const url = (jest.mocked(Taro.reLaunch).mock.calls[0][0] as { url: string }).url
      const [page, query] = url.split('?')
      expect(page).toBe('/pages/login/index')
      expect(new URLSearchParams(query).get('redirect')).toBe('/accountManage?tab=wechat')
      expect(useSession.getState().token).toBeFalsy()
      await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/pc/logout'))
      expect(api.calls.filter((c) => c.path === '/api/app/account/reverify/sendSmsCode')).toHaveLength(0)
    })

    it('取消 abandons the action and keeps the session', async () => {
      installFakeApi().on('GET', '/api/wechat/getCodeImg', () => RELOGIN)
      const user = userEvent.setup()
      render(<ReverifyHost />)
      const outcome = withFreshSession(() =>
        http.get('/api/wechat/getCodeImg', undefined, { silent: true }),
      ).catch((reason) => reason)
      await screen.findByRole('dialog', { name: '安全验证' })
      await user.click(screen.getByRole('button', { name: '取消' }))
      expect(isReverifyCancelled(await outcome)).toBe(true)
      expect(Taro.reLaunch).not.toHaveBeenCalled()
      expect(useSession.getState().token).toBe('t1')
    })
  })

  it('other failures pass through without the dialog', async () => {
    installFakeApi().on('POST', '/api/pc/editAccountEmail', () => fail(400, '请输入正确的邮箱'))
    render(<ReverifyHost />)
    await expect(
      withFreshSession(() => http.post('/api/pc/editAccountEmail', { mailbox: 'x' }, { silent: true })),
    ).rejects.toMatchObject({ code: 400, message: '请输入正确的邮箱' })
    expect(screen.queryByRole('dialog', { name: '安全验证' })).not.toBeInTheDocument()
  })
})

describe('login mask section (§4 switch, §5 messages)', () => {
  function setup() {
    let mask: Record<string, unknown> = { status: 1, ip: '' }
    const api = installFakeApi()
      .on('GET', '/api/pc/getMyIp', () => ok(mask))
      .on('GET', '/api/pc/getClientIp', () => ok({ ip: '127.0.0.1' }))
      .on('POST', '/api/pc/saveMyIp', (body) => {
        mask = body
        return ok(null)
      })
    render(<LoginMaskSection />)
    return { api, user: userEvent.setup() }
  }
  const saves = (api: ReturnType<typeof installFakeApi>) =>
    api.calls.filter((c) => c.path === '/api/pc/saveMyIp').map((c) => c.body)

  it('shows the current address and offers it first when the switch goes on', async () => {
    const { user } = setup()
    expect(await screen.findByText('您当前的IP：127.0.0.1')).toBeInTheDocument()
    const toggle = screen.getByRole('switch', { name: '登录掩码开关' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    await user.click(toggle)
    expect(input('mask-0').value).toBe('127.0.0.1')
  })

  it.each([
    ['', '请输入登录掩码'],
    ['10.0.0', '登录掩码格式有误'],
    ['127.0.0.1', '登录掩码重复'],
  ])('an added entry %j is refused with %s and cleared', async (typed, message) => {
    const { api, user } = setup()
    await user.click(await screen.findByRole('switch', { name: '登录掩码开关' }))
    await user.click(screen.getByRole('button', { name: '添加IP' }))
    if (typed) await user.type(input('mask-1'), typed)
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(input('mask-1').value).toBe('')
    expect(input('mask-0').value).toBe('127.0.0.1')
    expect(saves(api)).toHaveLength(0)
  })

  it('on sends status 0 with the comma-joined list; off sends status 1 with an empty ip', async () => {
    const { api, user } = setup()
    await user.click(await screen.findByRole('switch', { name: '登录掩码开关' }))
    await user.click(screen.getByRole('button', { name: '添加IP' }))
    await user.type(input('mask-1'), '10.0.0.8')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(saves(api)).toEqual([{ status: 0, ip: '127.0.0.1,10.0.0.8' }]))
    expect(await screen.findByText('仅允许 127.0.0.1、10.0.0.8 登录')).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: '登录掩码开关' })).toHaveAttribute('aria-checked', 'true')

    await user.click(screen.getByRole('switch', { name: '登录掩码开关' }))
    await waitFor(() => expect(saves(api)[1]).toEqual({ status: 1, ip: '' }))
  })
})
