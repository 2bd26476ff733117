import type { Role } from '../../../src/core/contract/account'
import Taro from '@tarojs/taro'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSessionFlags } from '../../../src/core/session/flags'
import { useSession, type UserInfo } from '../../../src/core/session/store'
import { Header } from '../../../src/features/shell/components/Header'
import { installFakeApi, ok } from '../support/fake-api'

const profile = (role: Role): UserInfo => ({
  memberId: 1,
  accountId: 1,
  subAccountId: role ? 3 : 0,
  role,
  memberAccount: role ? 'demo_main' : 'demo_main',
  accountName: '星辰科技',
  userName: role ? '李子管' : '星辰科技',
  bindPhone: '13800000002',
  email: '',
  state: 1,
  passwordUpdatedAt: null,
})

function signIn(role: Role) {
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: role ? 3 : 0, role })
  useSession.getState().setUserinfo(profile(role))
}

/** Renders the header and lets its badge requests settle. */
async function renderHeader() {
  const view = render(<Header />)
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  return view
}

beforeEach(() => {
  useSessionFlags.setState({ showHead: true })
  jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
})
afterEach(() => jest.restoreAllMocks())

/** The fake API with the badge counts every header loads. */
const headerApi = (unread = 0, replies = 0) =>
  installFakeApi()
    .on('GET', '/api/pc/getUnReadCount', () => ok(unread))
    .on('GET', '/api/appWorkOrderCommunicationRecords/getRecordCount', () => ok(replies))

describe('common header (account-area §2)', () => {
  it('caps the unread badges at 99', async () => {
    headerApi(250, 3)
    signIn(0)
    render(<Header />)
    expect(await screen.findByLabelText('消息 99')).toBeInTheDocument()
    expect(screen.getByLabelText('工单 3')).toBeInTheDocument()
  })

  it('shows the account, name and 子管理员 badge for a sub-account', async () => {
    headerApi()
    signIn(1)
    await renderHeader()
    await userEvent.setup().click(screen.getByLabelText('账号菜单', { selector: '[role="button"]' }))
    const menu = screen.getByRole('menu')
    expect(within(menu).getByText('demo_main')).toBeInTheDocument()
    expect(within(menu).getByText('李子管')).toBeInTheDocument()
    expect(within(menu).getByText('子管理员')).toBeInTheDocument()
  })

  it('asks 确定退出？ and only logs out on confirm', async () => {
    const api = headerApi().on('GET', '/api/pc/logout', () => ok(null))
    signIn(0)
    await renderHeader()
    const user = userEvent.setup()
    await user.click(screen.getByLabelText('账号菜单', { selector: '[role="button"]' }))
    await user.click(screen.getByText('退出登录'))
    expect(screen.getByText('确定退出？')).toBeInTheDocument()
    await user.click(screen.getByText('取消'))
    expect(useSession.getState().token).toBe('t')
    await user.click(screen.getByLabelText('账号菜单', { selector: '[role="button"]' }))
    await user.click(screen.getByText('退出登录'))
    await user.click(screen.getByText('确定'))
    await waitFor(() => expect(useSession.getState().token).toBe(''))
    expect(api.calls.some((c) => c.path === '/api/pc/logout' && c.headers.token === 't')).toBe(true)
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
  })

  it.each([
    [1, '修改密码', true],
    [0, '设置密码', false],
  ])(
    "修改密码 in the menu opens the account area's password dialog (model %i: %s)",
    async (model, title, asksCurrent) => {
      const api = headerApi().on('GET', '/api/pc/checkPassword', () => ok({ model }))
      signIn(0)
      await renderHeader()
      const user = userEvent.setup()
      await user.click(screen.getByLabelText('账号菜单', { selector: '[role="button"]' }))
      await user.click(screen.getByRole('menuitem', { name: '修改密码' }))
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
      // The dialog shows its loading state first, then the password form in its place.
      await screen.findByPlaceholderText('请输入登录密码')
      const dialog = screen.getByRole('dialog', { name: title })
      expect(within(dialog).getByPlaceholderText('请输入登录密码')).toBeInTheDocument()
      expect(Boolean(within(dialog).queryByPlaceholderText('请输入当前密码'))).toBe(asksCurrent)
      expect(api.calls.filter((c) => c.path === '/api/pc/checkPassword')).toHaveLength(1)
      await user.click(within(dialog).getByText('取消'))
      await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument())
    },
  )

  it('is hidden by the session flag', () => {
    installFakeApi()
    signIn(0)
    useSessionFlags.setState({ showHead: false })
    const { container } = render(<Header />)
    expect(container.querySelector('.header')).toBeNull()
  })
})
