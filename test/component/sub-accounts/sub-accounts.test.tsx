import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import type { SubAdmin } from '../../../src/features/sub-accounts/api'
import { SubAccountManager } from '../../../src/features/sub-accounts/components/SubAccountManager'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

let mockDesktop = true
/** The window's width when a test sets one: the layout then follows the breakpoint asked for. */
let mockWidth: number | null = null
jest.mock('../../../src/core/platform/viewport', () => ({
  useIsDesktop: (breakpoint = 768) => (mockWidth === null ? mockDesktop : mockWidth >= breakpoint),
}))

const BASE = '/api/app/account'
const POSITIONS = [
  { itemValue: '1', itemText: '网站管理员' },
  { itemValue: '2', itemText: '运营负责人' },
]

const admin = (id: number, overrides: Partial<SubAdmin> = {}): SubAdmin => ({
  id,
  fullName: `管理员${id}`,
  mailbox: `a${id}@example.cn`,
  phoneNumber: `1390000000${id}`,
  position: '1',
  positionName: '网站管理员',
  activeState: 1,
  isReceiveNotify: 1,
  isWebsiteManage: 0,
  isAdministrators: 0,
  createTime: '2024-01-01T00:00:00.000Z',
  ...overrides,
})

let api: FakeApi
function serve(rows: SubAdmin[], { available = true } = {}) {
  api = installFakeApi()
    .on('GET', `${BASE}/getAccountSubAccountList`, () => ok({ list: rows, total: rows.length, pages: 1 }))
    .on('GET', '/api/pc/getListByCode', () => ok(POSITIONS))
    .on('GET', `${BASE}/checkOderAvailable`, () => ok({ available, used: rows.length, limit: 10 }))
    .on('GET', `${BASE}/getAccountSubAccountDetail`, (q) => ok(rows.find((r) => r.id === Number(q.id))))
    .on('POST', `${BASE}/checkPhoneNumberAvailable`, (b) =>
      ok({ available: b.phoneNumber !== '13800000002' }),
    )
    .on('POST', `${BASE}/seceiveNotifySwitch`, () => ok(null))
    .on('POST', `${BASE}/deleteAccountSubAccount`, () => ok(null))
}
const posted = (path: string) => api.calls.filter((c) => c.path === `${BASE}/${path}`).map((c) => c.body)
const toasts = () => useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`)
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement

beforeEach(() => {
  mockDesktop = true
  useToasts.setState({ toasts: [] })
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
})
afterEach(() => jest.restoreAllMocks())

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table', { name: '子管理员' })
  await user.click(screen.getByRole('button', { name: '新增子管理员' }))
  return screen.findByRole('form', { name: '新增子管理员' })
}

describe('sub-admin list (account-area §2, §6)', () => {
  it('shows the sub-admins in a table with state and the two switches', async () => {
    serve([admin(1), admin(2, { activeState: 0, isReceiveNotify: 0, isWebsiteManage: 1 })])
    render(<SubAccountManager />)
    const table = await screen.findByRole('table', { name: '子管理员' })
    const [head, first, second] = within(table).getAllByRole('row')
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['姓名', '邮箱', '手机号', '职位', '状态', '接收通知', '网站管理', '操作'])
    expect(within(first).getAllByRole('cell')[4].textContent).toBe('已激活')
    expect(within(second).getAllByRole('cell')[4].textContent).toBe('未激活')
    expect(screen.getByRole('switch', { name: '管理员1 接收通知' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('switch', { name: '管理员2 网站管理' })).toHaveAttribute('aria-checked', 'true')
  })

  it('shows cards with the switches on phones', async () => {
    mockDesktop = false
    serve([admin(1)])
    render(<SubAccountManager />)
    const cards = await screen.findByRole('list', { name: '子管理员' })
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1)
    expect(within(cards).getAllByRole('switch')).toHaveLength(2)
  })

  it('switches to cards below the account area’s 768 px, as its styles do (760 px: cards)', async () => {
    mockWidth = 760
    try {
      serve([admin(1)])
      render(<SubAccountManager />)
      expect(await screen.findByRole('list', { name: '子管理员' })).toBeInTheDocument()
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
    } finally {
      mockWidth = null
    }
  })

  it('toggles a switch with id and status', async () => {
    serve([admin(1)])
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await user.click(await screen.findByRole('switch', { name: '管理员1 接收通知' }))
    await waitFor(() => expect(posted('seceiveNotifySwitch')).toEqual([{ id: 1, status: 0 }]))
  })

  it('disables the switches and hides the actions for a sub-account, which reads masked contacts', async () => {
    useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 5, role: 1 })
    // The server masks phones and mailboxes for a sub-admin.
    serve([admin(1, { phoneNumber: '139****0001', mailbox: 'a1***@example.cn' })])
    const user = userEvent.setup()
    render(<SubAccountManager />)
    const toggle = await screen.findByRole('switch', { name: '管理员1 接收通知' })
    expect(screen.getByText('139****0001')).toBeInTheDocument()
    expect(screen.getByText('a1***@example.cn')).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-disabled', 'true')
    await user.click(toggle)
    expect(posted('seceiveNotifySwitch')).toEqual([])
    expect(screen.queryByRole('button', { name: '新增子管理员' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '删除 管理员1' })).not.toBeInTheDocument()
  })

  it('asks before deleting, with the spec’s text, and deletes only on 确定', async () => {
    serve([admin(1)])
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await user.click(await screen.findByRole('button', { name: '删除 管理员1' }))
    expect(
      screen.getByText('您确定要删除该账号吗？删除后，该账号无权对您的网站进行管理。'),
    ).toBeInTheDocument()
    expect(posted('deleteAccountSubAccount')).toEqual([])
    await user.click(screen.getByText('确定'))
    await waitFor(() => expect(posted('deleteAccountSubAccount')).toEqual([{ id: 1 }]))
    await waitFor(() => expect(toasts()).toContain('success:删除成功！'))
  })

  it('says 暂不支持添加子管理员 when adding is not available, and opens no dialog', async () => {
    serve([admin(1)], { available: false })
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await screen.findByRole('table', { name: '子管理员' })
    await user.click(screen.getByRole('button', { name: '新增子管理员' }))
    await waitFor(() => expect(toasts()).toContain('error:暂不支持添加子管理员'))
    expect(screen.queryByRole('form', { name: '新增子管理员' })).not.toBeInTheDocument()
  })
})

describe('add / edit dialog (account-area §5)', () => {
  it('shows each required message and sends nothing', async () => {
    serve([admin(1)])
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await openAddDialog(user)
    await user.click(screen.getByRole('button', { name: '确定' }))
    for (const message of ['请输入姓名', '请输入邮箱', '请输入手机号', '请输入职位']) {
      expect(screen.getByText(message)).toBeInTheDocument()
    }
    expect(posted('addAccountSubAccount')).toEqual([])
  })

  it('rejects a mailbox without a dot after the @ with 请输入正确的邮箱', async () => {
    serve([admin(1)])
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await openAddDialog(user)
    await user.type(input('sub-admin-mailbox'), 'li@qq')
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(screen.getByText('请输入正确的邮箱')).toBeInTheDocument()
  })

  it('offers the domain suggestions after @ and fills one in', async () => {
    serve([admin(1)])
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await openAddDialog(user)
    await user.type(input('sub-admin-mailbox'), 'li@1')
    const options = within(screen.getByRole('listbox', { name: '邮箱建议' })).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['li@126.com', 'li@163.com', 'li@1.cn'])
    await user.click(options[1])
    expect(input('sub-admin-mailbox').value).toBe('li@163.com')
    expect(screen.queryByRole('listbox', { name: '邮箱建议' })).not.toBeInTheDocument()
  })

  it('warns when the phone is taken', async () => {
    serve([admin(1)])
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await openAddDialog(user)
    await user.type(input('sub-admin-phone'), '13800000002')
    expect(await screen.findByText('该手机号已被使用，请更换手机号')).toBeInTheDocument()
  })

  it('adds with the typed values, says 新增成功 and reloads the list', async () => {
    serve([admin(1)])
    api.on('POST', `${BASE}/addAccountSubAccount`, () => ok(admin(9)))
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await openAddDialog(user)
    await user.type(input('sub-admin-name'), ' 孙新 ')
    await user.type(input('sub-admin-mailbox'), 'sun@example.cn')
    await user.type(input('sub-admin-phone'), '13900001234')
    await user.click(screen.getByRole('combobox', { name: '职位' }))
    await user.click(screen.getByRole('option', { name: '运营负责人' }))
    await user.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(posted('addAccountSubAccount')).toEqual([
        { fullName: '孙新', mailbox: 'sun@example.cn', position: '2', phoneNumber: '13900001234' },
      ]),
    )
    await waitFor(() => expect(toasts()).toContain('success:新增成功'))
    await waitFor(() => expect(screen.queryByRole('form', { name: '新增子管理员' })).not.toBeInTheDocument())
  })

  it('shows the server’s refusal in the dialog and keeps what was typed', async () => {
    serve([admin(1)])
    api.on('POST', `${BASE}/addAccountSubAccount`, () => fail(400, '暂不支持添加子管理员'))
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await openAddDialog(user)
    await user.type(input('sub-admin-name'), '孙新')
    await user.type(input('sub-admin-mailbox'), 'sun@example.cn')
    await user.type(input('sub-admin-phone'), '13900001234')
    await user.click(screen.getByRole('combobox', { name: '职位' }))
    await user.click(screen.getByRole('option', { name: '网站管理员' }))
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('暂不支持添加子管理员')).toBeInTheDocument()
    expect(screen.getByRole('form', { name: '新增子管理员' })).toBeInTheDocument()
    expect(input('sub-admin-name').value).toBe('孙新')
    expect(input('sub-admin-mailbox').value).toBe('sun@example.cn')
    expect(input('sub-admin-phone').value).toBe('13900001234')
  })

  it('edits from the detail with the phone read-only and says 保存成功', async () => {
    serve([admin(1)])
    api.on('POST', `${BASE}/editAccountSubAccount`, () => ok(admin(1)))
    const user = userEvent.setup()
    render(<SubAccountManager />)
    await user.click(await screen.findByRole('button', { name: '编辑 管理员1' }))
    await screen.findByRole('form', { name: '编辑子管理员' })
    await waitFor(() => expect(input('sub-admin-name').value).toBe('管理员1'))
    expect(input('sub-admin-phone').disabled).toBe(true)
    await user.clear(input('sub-admin-name'))
    await user.type(input('sub-admin-name'), '新名字')
    await user.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(posted('editAccountSubAccount')).toEqual([
        { id: 1, fullName: '新名字', mailbox: 'a1@example.cn', position: '1' },
      ]),
    )
    await waitFor(() => expect(toasts()).toContain('success:保存成功'))
  })
})
