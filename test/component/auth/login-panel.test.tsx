import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { deferred } from '../../../src/core/ui/deferred'
import { LoginPanel } from '../../../src/features/auth/components/LoginPanel'
import { fail, installFakeApi, ok } from '../support/fake-api'

// The panel's other tabs, the registration and the dialogs are fetched on first use on H5
// (features/auth/components/deferred.h5.tsx): each still appears when asked for.
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement | null

function setup() {
  // jsdom is a desktop here (test/shims/globals.ts): the panel opens on the QR tab.
  installFakeApi()
    .on('GET', '/api/app/code', () => ok({ uuid: 'cap-1', img: 'data:image/svg+xml;base64,PHN2Zy8+' }))
    .on('GET', '/api/wechat/getQrAddress', () => fail(500, '二维码获取失败'))
  render(<LoginPanel />)
  return userEvent.setup()
}

describe('login panel', () => {
  it('switches to the SMS form at once and shows the password form once its tab is chosen', async () => {
    const user = setup()
    expect(await screen.findByLabelText('扫码登录')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: '短信登录' }))
    expect(input('sms-phone')).toBeTruthy()
    expect(input('account')).toBeNull()
    await user.click(screen.getByRole('tab', { name: '账号密码登录' }))
    await waitFor(() => expect(input('account')).toBeTruthy())
    expect(input('sms-phone')).toBeNull()
  })

  it('opens 找回密码 on demand and keeps what was typed when it is opened again', async () => {
    const user = setup()
    expect(screen.queryByRole('dialog', { name: '找回密码' })).not.toBeInTheDocument()
    await user.click(screen.getByText('忘记密码'))
    const dialog = await screen.findByRole('dialog', { name: '找回密码' })
    await user.type(input('reset-phone')!, '13800000001')
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    await user.click(screen.getByText('忘记密码'))
    await screen.findByRole('dialog', { name: '找回密码' })
    expect(input('reset-phone')!.value).toBe('13800000001')
  })

  it('shows the phone registration once 立即注册 is chosen', async () => {
    const user = setup()
    await user.click(screen.getByText('没有账号？立即注册'))
    await user.click(await screen.findByRole('tab', { name: '手机号注册' }))
    await waitFor(() => expect(input('reg-phone')).toBeTruthy())
  })
})

describe('deferred parts', () => {
  it('leave a note instead of a blank page when their code cannot be fetched', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {})
    const Broken = deferred<object>(() => Promise.reject(new Error('chunk failed')))
    render(<Broken />)
    expect((await screen.findByRole('alert')).textContent).toBe('加载失败，请刷新页面重试')
  })
})
