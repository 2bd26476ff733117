import type { Role } from '../../../src/core/contract/account'
import Taro from '@tarojs/taro'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSessionFlags } from '../../../src/core/session/flags'
import { useSession, type UserInfo } from '../../../src/core/session/store'
import { BottomNav } from '../../../src/features/shell/components/BottomNav'
import { installFakeApi, ok } from '../support/fake-api'

// The mini-program's bottom bar is a plain Taro component: here it is drawn with Taro's H5
// components, the weapp runtime smoke (test/weapp) shows it on the built mini-program's pages.
const profile = (role: Role): UserInfo => ({
  memberId: 1,
  accountId: 1,
  subAccountId: role ? 3 : 0,
  role,
  memberAccount: 'demo_main',
  accountName: '星辰科技',
  userName: role ? '李子管' : '星辰科技',
  bindPhone: '13800000001',
  email: '',
  state: 1,
  passwordUpdatedAt: null,
})

function signIn(role: Role) {
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: role ? 3 : 0, role })
  useSession.getState().setUserinfo(profile(role))
}

const badgeApi = (unread = 0, replies = 0) =>
  installFakeApi()
    .on('GET', '/api/pc/getUnReadCount', () => ok(unread))
    .on('GET', '/api/appWorkOrderCommunicationRecords/getRecordCount', () => ok(replies))

async function renderBar() {
  const view = render(<BottomNav />)
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  return view
}

const bar = () => screen.getByRole('navigation', { name: '导航' })
// The bar's own items (the account dialogs it hosts have buttons too).
const itemNames = () =>
  [...bar().querySelectorAll('.bottom-nav__item')].map(
    (item) => `${item.getAttribute('role')} ${item.getAttribute('aria-label')}`,
  )

beforeEach(() => {
  useSessionFlags.setState({ showHead: true })
  jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
})
afterEach(() => jest.restoreAllMocks())

describe('mini-program bottom bar', () => {
  it('offers the main account 产品管理, 订单管理, 续费管理, 工单, 消息 and 账户, the badges capped at 99', async () => {
    badgeApi(250, 3)
    signIn(0)
    await renderBar()
    expect(await within(bar()).findByLabelText('消息 99')).toBeInTheDocument()
    expect(itemNames()).toEqual([
      'link 产品管理',
      'link 订单管理',
      'link 续费管理',
      'link 工单 3',
      'link 消息 99',
      'button 账户',
    ])
  })

  it('gives a sub-admin no 订单管理 or 续费管理', async () => {
    badgeApi()
    signIn(1)
    await renderBar()
    expect(itemNames()).toEqual(['link 产品管理', 'link 工单', 'link 消息', 'button 账户'])
  })

  it('marks the page on screen and relaunches at another item', async () => {
    badgeApi()
    signIn(0)
    await renderBar()
    const user = userEvent.setup()
    expect(within(bar()).getByLabelText('产品管理')).toHaveAttribute('aria-current', 'page')
    expect(within(bar()).queryByLabelText('订单管理')).not.toHaveAttribute('aria-current')
    await user.click(within(bar()).getByLabelText('产品管理'))
    expect(Taro.reLaunch).not.toHaveBeenCalled()
    await user.click(within(bar()).getByLabelText('订单管理'))
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/orderlist/index' })
    await user.click(within(bar()).getByLabelText('工单'))
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/workorders/pages/my/index' })
  })

  it('opens the account menu as a sheet: the account, its role and the menu items', async () => {
    badgeApi()
    signIn(1)
    await renderBar()
    const user = userEvent.setup()
    expect(screen.queryByRole('dialog', { name: '账户' })).not.toBeInTheDocument()
    await user.click(within(bar()).getByLabelText('账户'))
    const sheet = screen.getByRole('dialog', { name: '账户' })
    expect(within(sheet).getByText('李子管')).toBeInTheDocument()
    expect(within(sheet).getByText('子管理员')).toBeInTheDocument()
    expect(
      within(sheet)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['账户管理', '子账号管理', '修改密码', '切换账号', '退出登录'])
    await user.click(within(sheet).getByText('取消'))
    expect(screen.queryByRole('dialog', { name: '账户' })).not.toBeInTheDocument()
  })

  it('asks 确定退出？ before 退出登录 from the sheet, and cancels without logging out', async () => {
    badgeApi()
    signIn(0)
    await renderBar()
    const user = userEvent.setup()
    await user.click(within(bar()).getByLabelText('账户'))
    await user.click(screen.getByRole('menuitem', { name: '退出登录' }))
    expect(screen.queryByRole('dialog', { name: '账户' })).not.toBeInTheDocument()
    expect(screen.getByText('确定退出？')).toBeInTheDocument()
    await user.click(screen.getByText('取消'))
    expect(useSession.getState().token).toBe('t')
  })

  it('is hidden, like the header, when the session flag hides the navigation', async () => {
    badgeApi()
    signIn(0)
    useSessionFlags.setState({ showHead: false })
    render(<BottomNav />)
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })
})
