import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { NotificationSettings as Settings } from '../../../src/core/contract/notifications'
import {
  defaultAudience,
  NOTIFY_CATEGORY_LABEL,
  type NotifyCategory,
} from '../../../src/core/contract/notifications'
import { useToasts } from '../../../src/core/ui/toast'
import { AccountSettings } from '../../../src/features/account/components/AccountSettings'
import { NotificationSettings } from '../../../src/features/account/components/NotificationSettings'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))

const settings = (): Settings => ({
  categories: (Object.keys(NOTIFY_CATEGORY_LABEL) as NotifyCategory[]).map((category) => ({
    category,
    audience: defaultAudience(category),
  })),
  candidates: [
    { key: 'owner', name: '云帆贸易', kind: 'owner', phone: '138****0003', email: 'b***@yunfan-demo.cn' },
    { key: 'sub:5', name: '王东华', kind: 'subAdmin', phone: '139****0005', email: '' },
    { key: 'sub:6', name: '李子管', kind: 'subAdmin', phone: '', email: 'l***@yunfan-demo.cn' },
    { key: 'rcpt:2', name: '财务', kind: 'recipient', phone: '137****0007', email: 'f***@yunfan-demo.cn' },
  ],
  quietHours: null,
})

let api: FakeApi
function setup(
  save: (body: Record<string, unknown>) => unknown = () => ok(null),
  loaded: () => unknown = () => ok(settings()),
) {
  api = installFakeApi()
    .on('GET', '/api/notify/settings', loaded)
    .on('POST', '/api/notify/settings', save)
    .on('GET', '/api/notify/robots', () => ok([]))
  render(<NotificationSettings />)
  return userEvent.setup()
}

const cell = (name: string) => screen.getByRole('button', { name })
const saves = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/api/notify/settings')
const toasts = () => useToasts.getState().toasts.map((t) => t.message)
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement

beforeEach(() => {
  mockDesktop = true
  useToasts.setState({ toasts: [] })
})

describe('消息接收管理', () => {
  it('shows every category in order with who receives on each channel', async () => {
    setup()
    const table = await screen.findByRole('table', { name: '消息接收管理' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      '账号安全',
      '续费与到期',
      '工单进展',
      '站点告警与流量',
      '订单与发票',
      '服务通知',
      '营销活动',
    ])
    expect(cell('续费与到期 短信').textContent).toContain('账号所有者')
    expect(cell('工单进展 短信').textContent).toContain('未开启')
    expect(cell('工单进展 站内信').textContent).toContain('账号所有者')
  })

  it('续费与到期 短信 to one sub-admin only: the request carries exactly that choice', async () => {
    const user = setup()
    await user.click(await screen.findByRole('button', { name: '续费与到期 短信' }))
    const dialog = screen.getByRole('dialog', { name: '续费与到期 · 短信' })
    await user.click(within(dialog).getByRole('checkbox', { name: '账号所有者' }))
    await user.click(within(dialog).getByRole('checkbox', { name: '王东华' }))
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(cell('续费与到期 短信').textContent).toContain('王东华')
    expect(cell('续费与到期 短信').textContent).not.toContain('账号所有者')
    expect(saves()).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(saves()).toHaveLength(1))
    const body = saves()[0].body as {
      categories: { category: string; audience: unknown }[]
      quietHours: unknown
    }
    expect(body.quietHours).toBeNull()
    expect(body.categories).toHaveLength(7)
    expect(body.categories.find((row) => row.category === 'renewal')!.audience).toEqual({
      inbox: ['owner'],
      sms: ['sub:5'],
      email: ['owner'],
      wechat: ['owner'],
    })
    expect(body.categories.find((row) => row.category === 'security')!.audience).toEqual(
      defaultAudience('security'),
    )
    await waitFor(() => expect(toasts()).toContain('保存成功'))
  })

  it('a candidate who cannot be reached on the channel is disabled with why', async () => {
    const user = setup()
    await user.click(await screen.findByRole('button', { name: '工单进展 短信' }))
    const dialog = screen.getByRole('dialog', { name: '工单进展 · 短信' })
    const li = within(dialog).getByRole('checkbox', { name: '李子管' })
    expect(li).toHaveAttribute('aria-disabled', 'true')
    expect(within(dialog).getByText('未验证手机')).toBeInTheDocument()
    await user.click(li)
    expect(li).toHaveAttribute('aria-checked', 'false')
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(cell('工单进展 短信').textContent).toContain('未开启')

    await user.click(cell('工单进展 邮件'))
    expect(within(screen.getByRole('dialog')).getByText('无邮箱')).toBeInTheDocument()
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }))
    await user.click(cell('工单进展 站内信'))
    const inbox = screen.getByRole('dialog', { name: '工单进展 · 站内信' })
    expect(within(inbox).getByRole('checkbox', { name: '财务' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(inbox).getByText('接收人无站内信')).toBeInTheDocument()
  })

  it('账号安全 站内信 keeps the owner: locked, with 账号安全提醒无法关闭', async () => {
    const user = setup()
    await user.click(await screen.findByRole('button', { name: '账号安全 站内信' }))
    const dialog = screen.getByRole('dialog', { name: '账号安全 · 站内信' })
    expect(within(dialog).getByText('账号安全提醒无法关闭')).toBeInTheDocument()
    const owner = within(dialog).getByRole('checkbox', { name: '账号所有者' })
    expect(owner).toHaveAttribute('aria-checked', 'true')
    await user.click(owner)
    expect(owner).toHaveAttribute('aria-checked', 'true')
    await user.click(within(dialog).getByRole('checkbox', { name: '李子管' }))
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(cell('账号安全 站内信').textContent).toContain('账号所有者、李子管')
  })

  it('quiet hours: a time that is not HH:mm or an empty range is refused before sending', async () => {
    const user = setup()
    await user.click(await screen.findByRole('switch', { name: '免打扰时段开关' }))
    expect(screen.getByText('免打扰时段内的短信将在结束后发送，账号安全通知不受影响')).toBeInTheDocument()
    expect(input('quietStart').value).toBe('22:00')
    await user.clear(input('quietStart'))
    await user.type(input('quietStart'), '25:00')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('请输入正确的时间（HH:mm）')).toBeInTheDocument()

    await user.clear(input('quietStart'))
    await user.type(input('quietStart'), '08:00')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('免打扰开始和结束时间不能相同')).toBeInTheDocument()
    expect(saves()).toHaveLength(0)

    await user.clear(input('quietEnd'))
    await user.type(input('quietEnd'), '07:30')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(saves()).toHaveLength(1))
    expect(saves()[0].body.quietHours).toEqual({ start: '08:00', end: '07:30' })
  })

  it('a refusal shows the server’s message and keeps every choice', async () => {
    const user = setup(() => fail(400, '接收人不存在或已删除，请刷新后重试'))
    await user.click(await screen.findByRole('button', { name: '营销活动 邮件' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('checkbox', { name: '李子管' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定' }))
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('接收人不存在或已删除，请刷新后重试')).toBeInTheDocument()
    expect(cell('营销活动 邮件').textContent).toContain('李子管')
    expect(toasts()).not.toContain('保存成功')

    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(saves()).toHaveLength(2))
    expect(
      (saves()[1].body.categories as { category: string; audience: { email: string[] } }[])[6].audience.email,
    ).toEqual(['sub:6'])
  })

  it('a failed load says why and retries', async () => {
    let calls = 0
    const user = setup(undefined, () =>
      ++calls === 1 ? fail(500, '服务器繁忙，请稍后重试') : ok(settings()),
    )
    expect(await screen.findByText('服务器繁忙，请稍后重试')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('table', { name: '消息接收管理' })).toBeInTheDocument()
  })

  it('on phones: a card per category with its four channels, the picker in a sheet', async () => {
    mockDesktop = false
    const user = setup()
    const cards = await screen.findAllByRole('listitem')
    expect(cards).toHaveLength(7)
    const renewal = screen.getByRole('listitem', { name: '续费与到期' })
    expect(within(renewal).getAllByRole('button')).toHaveLength(4)
    await user.click(within(renewal).getByRole('button', { name: '续费与到期 邮件' }))
    const sheet = screen.getByRole('form', { name: '续费与到期 · 邮件' })
    await user.click(within(sheet).getByRole('checkbox', { name: '财务' }))
    // A tap on a name toggles its row too; one without a mailbox stays off.
    await user.click(within(sheet).getByText('李子管'))
    expect(within(sheet).getByRole('checkbox', { name: '李子管' })).toHaveAttribute('aria-checked', 'true')
    await user.click(within(sheet).getByText('王东华'))
    expect(within(sheet).getByRole('checkbox', { name: '王东华' })).toHaveAttribute('aria-checked', 'false')
    await user.click(within(sheet).getByRole('button', { name: '确定' }))
    expect(cell('续费与到期 邮件').textContent).toContain('账号所有者、李子管、财务')
  })
})

describe('on 账户管理', () => {
  function account(role: number) {
    return installFakeApi()
      .on('GET', '/api/pc/getPersonalInfo', () =>
        ok({
          memberId: 3,
          accountId: 2,
          subAccountId: role ? 5 : 0,
          role,
          memberAccount: 'demo_other',
          accountName: '云帆贸易',
          userName: role ? '王东华' : '云帆贸易',
          bindPhone: '13800000003',
          email: '',
          state: 1,
          weixin: '',
          referralCode: '',
          url: '',
          passwordUpdatedAt: null,
        }),
      )
      .on('GET', '/api/pc/checkPassword', () => ok({ model: 1 }))
      .on('GET', '/api/app/secondFactor/status', () =>
        ok({ enabled: false, recoveryCodesLeft: 0, requiredForMe: false, subAdminsRequired: false }),
      )
      .on('GET', '/api/pc/getMyIp', () => ok({ status: 1, ip: '' }))
      .on('GET', '/api/app/wechat/subscriptions', () => ok({ app: 'mini', canReceive: false, templates: [] }))
      .on('GET', '/api/pc/cancellationCheck', () =>
        ok({ subAdmin: false, blockers: [], cancellation: null, otherAccounts: [] }),
      )
      .on('GET', '/api/pc/getClientIp', () => ok({ ip: '127.0.0.1' }))
      .on('GET', '/api/notify/settings', () => ok(settings()))
      .on('GET', '/api/notify/robots', () => ok([]))
      .on('GET', '/api/app/account/lastLogin', () => ok(null))
      .on('GET', '/api/app/account/operationProtection', () =>
        ok({ method: 'sms', windowMinutes: 10, totpAvailable: false }),
      )
  }

  it('the main account opens the section with 管理; it loads only then', async () => {
    const fake = account(0)
    render(<AccountSettings />)
    const user = userEvent.setup()
    await screen.findByText('138****0003')
    const card = document.querySelector('.setting-row[aria-label="消息接收管理"]') as HTMLElement
    expect(card).toBeTruthy()
    expect(fake.calls.some((c) => c.path === '/api/notify/settings')).toBe(false)
    await user.click(within(card).getByRole('button', { name: '管理' }))
    expect(await screen.findByRole('table', { name: '消息接收管理' })).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: '收起' }))
    expect(screen.queryByRole('table', { name: '消息接收管理' })).not.toBeInTheDocument()
  })

  it('a sub-admin does not see it', async () => {
    account(1)
    render(<AccountSettings />)
    await screen.findByText('王东华')
    expect(document.querySelector('.setting-row[aria-label="消息接收管理"]')).toBeNull()
  })
})
