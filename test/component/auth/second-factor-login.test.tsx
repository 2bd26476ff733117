// 二次验证 at login: after the password (or SMS) step the status says what the login still owes; the
// code, a recovery code or enrolment completes it, and 取消 ends the pending login on the server.
import Taro from '@tarojs/taro'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SECOND_FACTOR_MSG, type SecondFactorStep } from '../../../src/core/contract/second-factor'
import { useSession } from '../../../src/core/session/store'
import { LoginPanel } from '../../../src/features/auth/components/LoginPanel'
import { fail, installFakeApi, ok } from '../support/fake-api'

const LOGIN = { token: 'pending-1', accountId: 1, subAccountId: 0, role: 0 }
const VERIFY = '/api/app/secondFactor/verify'
const LOGOUT = '/api/pc/logout'
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement

beforeEach(() => {
  useSession.getState().clear()
  jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
})

function setup(secondFactor: SecondFactorStep, verified = true) {
  const api = installFakeApi()
    .on('GET', '/api/app/code', () => ok({ uuid: 'cap-1', img: 'data:image/svg+xml;base64,PHN2Zy8+' }))
    .on('GET', '/api/wechat/getQrAddress', () => fail(500, '二维码获取失败'))
    .on('POST', '/api/app/loginByPassword', () => ok(LOGIN))
    .on('GET', '/api/app/securityVerification/checkLoginStatus', () =>
      ok({ verified, phone: '138****0001', secondFactor }),
    )
    .on('GET', LOGOUT, () => ok(null))
  render(<LoginPanel />)
  return { api, user: userEvent.setup() }
}

async function logInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: '账号密码登录' }))
  await waitFor(() => expect(input('account')).toBeTruthy())
  await user.type(input('account'), 'demo_main')
  await user.type(input('password'), 'Demo@12345')
  await user.type(input('captcha'), 'abcd')
  await user.click(screen.getByRole('button', { name: '登录' }))
}

describe('二次验证 at login', () => {
  it('asks for the code after the password; a wrong one keeps the text; trustDevice is sent', async () => {
    const { api, user } = setup('verify')
    api.on('POST', VERIFY, (body) =>
      body.code === '123456' ? ok(null) : fail(400, SECOND_FACTOR_MSG.wrongCode),
    )
    await logInWithPassword(user)
    const dialog = await screen.findByRole('dialog', { name: '二次验证' })
    expect(useSession.getState().token).toBeFalsy()

    await user.click(within(dialog).getByRole('button', { name: '验证' }))
    expect(await within(dialog).findByText(SECOND_FACTOR_MSG.codeFormat)).toBeInTheDocument()
    await user.type(input('second-factor-code'), '000000')
    await user.click(within(dialog).getByRole('button', { name: '验证' }))
    expect(await within(dialog).findByText(SECOND_FACTOR_MSG.wrongCode)).toBeInTheDocument()
    expect(input('second-factor-code').value).toBe('000000')

    await user.clear(input('second-factor-code'))
    await user.type(input('second-factor-code'), '123456')
    await user.click(within(dialog).getByRole('checkbox', { name: '在此设备7天内不再验证' }))
    await user.click(within(dialog).getByRole('button', { name: '验证' }))
    await waitFor(() => expect(useSession.getState().token).toBe('pending-1'))
    const sent = api.calls.filter((c) => c.path === VERIFY)
    expect(sent.map((c) => c.body)).toEqual([
      { code: '000000', trustDevice: false },
      { code: '123456', trustDevice: true },
    ])
    expect(sent.every((c) => c.headers.token === 'pending-1')).toBe(true)
  })

  it('takes a recovery code instead, checked for its shape first', async () => {
    const { api, user } = setup('verify')
    api.on('POST', VERIFY, () => ok(null))
    await logInWithPassword(user)
    const dialog = await screen.findByRole('dialog', { name: '二次验证' })
    await user.click(within(dialog).getByRole('button', { name: '使用恢复码' }))
    await user.type(input('second-factor-recovery'), 'ab12')
    await user.click(within(dialog).getByRole('button', { name: '验证' }))
    expect(await within(dialog).findByText(SECOND_FACTOR_MSG.recoveryFormat)).toBeInTheDocument()
    expect(api.calls.filter((c) => c.path === VERIFY)).toHaveLength(0)

    await user.type(input('second-factor-recovery'), '-CD34')
    await user.click(within(dialog).getByRole('button', { name: '验证' }))
    await waitFor(() => expect(useSession.getState().token).toBe('pending-1'))
    expect(api.calls.find((c) => c.path === VERIFY)!.body).toEqual({ code: 'ab12-CD34', trustDevice: false })
  })

  it('取消 ends the pending login on the server and stores nothing', async () => {
    const { api, user } = setup('verify')
    await logInWithPassword(user)
    const dialog = await screen.findByRole('dialog', { name: '二次验证' })
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === LOGOUT).map((c) => c.headers.token)).toEqual(['pending-1']),
    )
    expect(screen.queryByRole('dialog', { name: '二次验证' })).not.toBeInTheDocument()
    expect(useSession.getState().token).toBeFalsy()
  })

  it('a login that owes nothing completes at once', async () => {
    const { api, user } = setup('none')
    await logInWithPassword(user)
    await waitFor(() => expect(useSession.getState().token).toBe('pending-1'))
    expect(api.calls.filter((c) => c.path.startsWith('/api/app/secondFactor'))).toHaveLength(0)
  })

  it('a sub-admin required to enrol binds the app on the pending login, then completes it', async () => {
    const { api, user } = setup('enrol')
    api
      .on('POST', '/api/app/secondFactor/begin', () =>
        ok({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/demo?secret=JBSWY3DPEHPK3PXP' }),
      )
      .on('POST', '/api/app/secondFactor/confirm', () =>
        ok({ recoveryCodes: Array.from({ length: 10 }, (_, i) => `code-000${i}`) }),
      )
    await logInWithPassword(user)
    const dialog = await screen.findByRole('dialog', { name: '开启二次验证' })
    expect(within(dialog).getByText('主账号要求开启二次验证，完成绑定后即可登录。')).toBeInTheDocument()
    await user.type(input('second-factor-enrol-code'), '123456')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    const codes = await screen.findByRole('dialog', { name: '保存恢复码' })
    expect(useSession.getState().token).toBeFalsy()
    await user.click(within(codes).getByRole('button', { name: '我已保存' }))
    await waitFor(() => expect(useSession.getState().token).toBe('pending-1'))
    const enrolCalls = api.calls.filter((c) => c.path.startsWith('/api/app/secondFactor'))
    expect(enrolCalls.map((c) => [c.path, c.headers.token])).toEqual([
      ['/api/app/secondFactor/begin', 'pending-1'],
      ['/api/app/secondFactor/confirm', 'pending-1'],
    ])
  })

  it('the SMS verification from a new address comes first, then the code', async () => {
    const { api, user } = setup('verify', false)
    api.on('POST', '/api/app/securityVerification/confirm', () => ok(null)).on('POST', VERIFY, () => ok(null))
    await logInWithPassword(user)
    const sms = await screen.findByRole('dialog', { name: '安全验证' })
    await user.type(input('verify-code'), '123456')
    await user.click(within(sms).getByRole('button', { name: '确定' }))
    const dialog = await screen.findByRole('dialog', { name: '二次验证' })
    await user.type(input('second-factor-code'), '123456')
    await user.click(within(dialog).getByRole('button', { name: '验证' }))
    await waitFor(() => expect(useSession.getState().token).toBe('pending-1'))
  })
})

describe('二次验证 after the SMS login', () => {
  it('asks for the code before the session is stored', async () => {
    const { api, user } = setup('verify')
    api.on('POST', '/api/app/phoneLogin', () => ok(LOGIN)).on('POST', VERIFY, () => ok(null))
    await user.click(screen.getByRole('tab', { name: '短信登录' }))
    await user.type(input('sms-phone'), '13800000001')
    await user.type(input('sms-code'), '123456')
    await user.click(screen.getByRole('button', { name: '登录' }))
    const dialog = await screen.findByRole('dialog', { name: '二次验证' })
    expect(useSession.getState().token).toBeFalsy()
    await user.type(input('second-factor-code'), '123456')
    await user.click(within(dialog).getByRole('button', { name: '验证' }))
    await waitFor(() => expect(useSession.getState().token).toBe('pending-1'))
  })
})
