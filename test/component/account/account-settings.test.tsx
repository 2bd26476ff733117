import Taro from '@tarojs/taro'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AccountSettings } from '../../../src/features/account/components/AccountSettings'
import { fail, installFakeApi, ok } from '../support/fake-api'

const DAY = 24 * 60 * 60 * 1000

function info(overrides: Record<string, unknown> = {}) {
  return {
    memberId: 3,
    accountId: 2,
    subAccountId: 0,
    role: 0,
    memberAccount: 'demo_other',
    accountName: '云帆贸易',
    userName: '云帆贸易',
    bindPhone: '13800000003',
    email: 'boss@yunfan-demo.cn',
    state: 1,
    weixin: '',
    referralCode: '',
    url: '',
    passwordUpdatedAt: new Date(Date.now() - 120 * DAY).toISOString(),
    ...overrides,
  }
}

function setup(personal: unknown | (() => unknown), model = 1) {
  const api = installFakeApi()
    .on('GET', '/api/pc/getPersonalInfo', () => (typeof personal === 'function' ? personal() : personal))
    .on('GET', '/api/pc/checkPassword', () => ok({ model }))
    .on('GET', '/api/app/secondFactor/status', () =>
      ok({ enabled: false, recoveryCodesLeft: 0, requiredForMe: false, subAdminsRequired: false }),
    )
    .on('GET', '/api/pc/getMyIp', () => ok({ status: 1, ip: '' }))
    .on('GET', '/api/app/wechat/subscriptions', () => ok({ app: 'mini', canReceive: false, templates: [] }))
    .on('GET', '/api/pc/cancellationCheck', () =>
      ok({ subAdmin: false, blockers: [], cancellation: null, otherAccounts: [] }),
    )
    .on('GET', '/api/pc/getClientIp', () => ok({ ip: '127.0.0.1' }))
    .on('GET', '/api/wechat/checkBindWechat', () => ok({ bound: false }))
    .on('GET', '/api/app/account/lastLogin', () => ok(null))
    .on('GET', '/api/app/account/operationProtection', () =>
      ok({ method: 'sms', windowMinutes: 10, totpAvailable: false }),
    )
  render(<AccountSettings />)
  return { api, user: userEvent.setup() }
}

const row = (label: string) => document.querySelector(`.setting-row[aria-label="${label}"]`) as HTMLElement

describe('account settings screen (account-area §2, §6, §9)', () => {
  it('shows progress, then the phone and e-mail masked and the 90-day password warning', async () => {
    setup(ok(info()))
    expect(screen.getByRole('progressbar')).toBeInTheDocument()
    expect(await screen.findByText('138****0003')).toBeInTheDocument()
    expect(screen.getByText('b***@yunfan-demo.cn')).toBeInTheDocument()
    expect(screen.getByRole('note').textContent).toBe(
      '您的密码已超过90天未修改，为了账号安全，建议您修改密码',
    )
    expect(row('登录掩码')).toBeTruthy()
    expect(row('推荐码')).toBeTruthy()
  })

  it('a recent password gives no warning; model 0 offers 设置', async () => {
    setup(ok(info({ passwordUpdatedAt: null })), 0)
    await screen.findByText('138****0003')
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    expect(row('登录密码').textContent).toContain('未设置')
    expect(screen.getAllByRole('button', { name: '设置' })).toHaveLength(1)
  })

  it('a sub-admin sees neither the login mask nor the referral code', async () => {
    setup(ok(info({ role: 1, subAccountId: 5, userName: '李子管' })))
    await screen.findByText('李子管')
    expect(row('登录掩码')).toBeNull()
    expect(row('推荐码')).toBeNull()
    expect(row('产品移交')).toBeNull()
    expect(screen.queryByRole('link', { name: '产品移交' })).not.toBeInTheDocument()
  })

  it('offers the main account the product transfer once: its row (account-area §2, §6)', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    const { user } = setup(ok(info()))
    await screen.findByRole('link', { name: '操作日志' })
    expect(screen.queryByRole('link', { name: '产品移交' })).not.toBeInTheDocument()
    expect(screen.getAllByText('产品移交')).toHaveLength(1)
    await user.click(within(row('产品移交')).getByRole('button', { name: '去移交' }))
    expect(navigate).toHaveBeenCalledWith({ url: '/pages/productTransfer/index' })
  })

  it('links to the operation log only while the state allows it', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    const { user } = setup(ok(info()))
    await user.click(await screen.findByRole('link', { name: '操作日志' }))
    expect(navigate).toHaveBeenCalledWith({ url: '/pages/log/index' })
  })

  it('hides the operation log link when the state is 0', async () => {
    setup(ok(info({ state: 0 })))
    await screen.findByText('138****0003')
    expect(screen.queryByRole('link', { name: '操作日志' })).not.toBeInTheDocument()
  })

  it('a failed load says why and retries', async () => {
    let calls = 0
    const { user } = setup(() => (++calls === 1 ? fail(500, '服务器繁忙，请稍后重试') : ok(info())))
    expect(await screen.findByText('服务器繁忙，请稍后重试')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByText('138****0003')).toBeInTheDocument()
    expect(calls).toBe(2)
  })
})
