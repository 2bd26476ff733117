import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Taro from '@tarojs/taro'
import { useSession } from '../../../src/core/session/store'
import { HomeBindPhone } from '../../../src/features/products/components/HomeBindPhone'
import { ROLE } from '../../../src/core/contract/account'
import { fail, installFakeApi, ok } from '../support/fake-api'

const profile = (bindPhone: string) => ({
  memberId: 1,
  accountId: 1,
  subAccountId: 0,
  role: ROLE.main,
  memberAccount: 'demo_main',
  accountName: '星辰科技',
  userName: '星辰科技',
  bindPhone,
  email: '',
  state: 1,
  passwordUpdatedAt: null,
})

beforeEach(() => {
  installFakeApi()
  useSession.setState({ token: 't', userinfo: profile('') })
})

describe('home bind-phone dialog (account-area §2 Home, §5)', () => {
  it('asks for the code: 请输入手机号验证码, then exactly 6 characters (长度在 6个字符)', async () => {
    render(<HomeBindPhone />)
    const dialog = await screen.findByLabelText('绑定手机号')
    const phone = dialog.querySelector('input[name="bind-phone"]') as HTMLInputElement
    const code = dialog.querySelector('input[name="bind-code"]') as HTMLInputElement
    await userEvent.type(phone, '13800000009')
    await userEvent.click(screen.getByRole('button', { name: '绑定' }))
    expect(dialog.textContent).toContain('请输入手机号验证码')
    await userEvent.type(code, '123')
    await userEvent.click(screen.getByRole('button', { name: '绑定' }))
    expect(dialog.textContent).toContain('长度在 6个字符')
    expect(phone.value).toBe('13800000009')
  })

  it('is not shown when the profile has a bound phone', () => {
    useSession.setState({ userinfo: profile('13800000001') })
    render(<HomeBindPhone />)
    expect(screen.queryByLabelText('绑定手机号')).not.toBeInTheDocument()
  })

  it('binding stores the phone in the profile and closes the dialog', async () => {
    const api = installFakeApi().on('POST', '/api/pc/bindPhone', () => ok(null))
    render(<HomeBindPhone />)
    const dialog = await screen.findByLabelText('绑定手机号')
    await userEvent.type(dialog.querySelector('input[name="bind-phone"]') as HTMLInputElement, '13800000009')
    await userEvent.type(dialog.querySelector('input[name="bind-code"]') as HTMLInputElement, '123456')
    await userEvent.click(screen.getByRole('button', { name: '绑定' }))
    await waitFor(() => expect(useSession.getState().userinfo?.bindPhone).toBe('13800000009'))
    expect(api.calls.find((c) => c.path === '/api/pc/bindPhone')?.body).toMatchObject({
      phone: '13800000009',
      code: '123456',
    })
    expect(screen.queryByLabelText('绑定手机号')).not.toBeInTheDocument()
  })

  it('says before 取消 is chosen that it logs out (取消将退出登录)', async () => {
    render(<HomeBindPhone />)
    const dialog = await screen.findByLabelText('绑定手机号')
    expect(dialog.textContent).toContain('取消将退出登录')
    expect(useSession.getState().token).toBe('t')
  })

  it('declining to bind ends the session: logout, token cleared, back to /login', async () => {
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    const api = installFakeApi().on('GET', '/api/pc/logout', () => ok(null))
    render(<HomeBindPhone />)
    await userEvent.click(await screen.findByRole('button', { name: '取消' }))
    expect(useSession.getState().token).toBe('')
    expect(relaunch).toHaveBeenCalledWith({ url: expect.stringMatching(/login/) })
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/pc/logout')).toBe(true))
    relaunch.mockRestore()
  })

  it('an older session is refused the first phone: it offers a new login that comes back to the home', async () => {
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    const api = installFakeApi()
      .on('POST', '/api/pc/bindPhone', () => fail(4031, '为了您的账号安全，请重新登录后再操作'))
      .on('GET', '/api/pc/logout', () => ok(null))
    render(<HomeBindPhone />)
    const dialog = await screen.findByLabelText('绑定手机号')
    await userEvent.type(dialog.querySelector('input[name="bind-phone"]') as HTMLInputElement, '13800000009')
    await userEvent.type(dialog.querySelector('input[name="bind-code"]') as HTMLInputElement, '123456')
    await userEvent.click(screen.getByRole('button', { name: '绑定' }))
    await screen.findByText('为了您的账号安全，请重新登录后再操作。')
    expect(useSession.getState().token).toBe('t')
    await userEvent.click(screen.getByRole('button', { name: '重新登录' }))
    expect(useSession.getState().token).toBe('')
    expect(relaunch).toHaveBeenCalledWith({ url: '/pages/login/index?redirect=%2Findex' })
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/pc/logout')).toBe(true))
    relaunch.mockRestore()
  })
})
