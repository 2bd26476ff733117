import Taro from '@tarojs/taro'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createHash } from 'node:crypto'
import { SWITCH_SIGN_PREFIX } from '../../../src/core/config/shared'
import { useSession } from '../../../src/core/session/store'
import { AccountSwitchDialog } from '../../../src/features/shell/components/AccountSwitchDialog'
import { fail, installFakeApi, ok } from '../support/fake-api'

const accounts = [
  {
    memberAccount: 'demo_main',
    accountName: '星辰科技',
    role: 0,
    isLogin: 1,
    relationSite: [{ siteName: '星辰科技官网', siteUrl: 'https://www.xingchen-demo.cn' }],
    accountId: 1,
    subAccountId: 0,
  },
  {
    memberAccount: 'demo_other',
    accountName: '云帆贸易',
    role: 1,
    isLogin: 0,
    relationSite: [{ siteName: '云帆贸易官网', siteUrl: 'https://www.yunfan-demo.cn' }],
    accountId: 2,
    subAccountId: 5,
  },
]

beforeEach(() => {
  useSession.getState().signIn({ token: 'old', accountId: 1, subAccountId: 0, role: 0 })
  jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
})
afterEach(() => jest.restoreAllMocks())

describe('account switch list (account-area §2)', () => {
  it('lists each role with its label and sites, 已选择 on the current one', async () => {
    installFakeApi().on('GET', '/api/app/account/getAccountList', () => ok(accounts))
    render(<AccountSwitchDialog onClose={() => undefined} />)
    const current = await screen.findByLabelText('账号 demo_main')
    expect(within(current).getByText('管理员')).toBeInTheDocument()
    expect(within(current).getByText('https://www.xingchen-demo.cn')).toBeInTheDocument()
    expect(within(current).getByRole('button', { name: '已选择' })).toHaveAttribute('aria-disabled', 'true')
    const other = screen.getByLabelText('账号 demo_other')
    expect(within(other).getByText('子管理员')).toBeInTheDocument()
    expect(within(other).getByText('选择')).toBeInTheDocument()
  })

  it('switches with the upper-case MD5 signature and starts the new session at /index', async () => {
    const api = installFakeApi()
      .on('GET', '/api/app/account/getAccountList', () => ok(accounts))
      .on('POST', '/api/app/account/switchAccount', () =>
        ok({ token: 'new', accountId: 2, subAccountId: 5, role: 1 }),
      )
    const onClose = jest.fn()
    render(<AccountSwitchDialog onClose={onClose} />)
    const other = await screen.findByLabelText('账号 demo_other')
    await userEvent.setup().click(within(other).getByText('选择'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const sign = createHash('md5').update(`${SWITCH_SIGN_PREFIX}251`).digest('hex').toUpperCase()
    expect(api.calls.find((c) => c.path === '/api/app/account/switchAccount')?.body).toEqual({
      accountId: 2,
      subAccountId: 5,
      role: 1,
      sign,
    })
    expect(useSession.getState()).toMatchObject({ token: 'new', id: 2, subAccountId: 5, role: 1 })
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it('keeps the session when the server refuses', async () => {
    installFakeApi()
      .on('GET', '/api/app/account/getAccountList', () => ok(accounts))
      .on('POST', '/api/app/account/switchAccount', () => fail(403, '无权切换到该账号'))
    const onClose = jest.fn()
    render(<AccountSwitchDialog onClose={onClose} />)
    const other = await screen.findByLabelText('账号 demo_other')
    await userEvent.setup().click(within(other).getByText('选择'))
    await waitFor(() =>
      expect(within(other).getByRole('button', { name: '选择' })).toHaveAttribute('aria-disabled', 'false'),
    )
    expect(onClose).not.toHaveBeenCalled()
    expect(useSession.getState().token).toBe('old')
  })

  it('offers a retry when the list fails to load', async () => {
    let attempts = 0
    installFakeApi().on('GET', '/api/app/account/getAccountList', () =>
      ++attempts === 1 ? fail(500, '服务器繁忙，请稍后重试') : ok(accounts),
    )
    render(<AccountSwitchDialog onClose={() => undefined} />)
    await userEvent.setup().click(await screen.findByText('重试'))
    expect(await screen.findByLabelText('账号 demo_main')).toBeInTheDocument()
  })
})
