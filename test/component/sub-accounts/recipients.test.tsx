import Taro from '@tarojs/taro'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from '../../../src/core/http/request'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import type { Recipient } from '../../../src/features/sub-accounts/api'
import {
  ReceiverForm,
  ReceiverSuccess,
  ValidateView,
} from '../../../src/features/sub-accounts/components/ReceiverConfirmation'
import { SubAccountManager } from '../../../src/features/sub-accounts/components/SubAccountManager'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))

const POSITIONS = [
  { itemValue: '1', itemText: '网站管理员' },
  { itemValue: '2', itemText: '运营负责人' },
]

const recipient = (id: number, overrides: Partial<Recipient> = {}): Recipient => ({
  id,
  fullName: `接收人${id}`,
  mailbox: `r${id}@example.cn`,
  bingPhone: `1390000001${id}`,
  position: '1',
  positionName: '网站管理员',
  smsValidateStatus: 1,
  emailValidateStatus: 0,
  subAccountId: 0,
  createTime: '2026-11-01T00:00:00.000Z',
  ...overrides,
})

let api: FakeApi
function serve(rows: Recipient[]) {
  api = installFakeApi()
    .on('GET', '/api/app/account/getAccountSubAccountList', () => ok({ list: [], total: 0, pages: 0 }))
    .on('GET', '/api/pc/getListByCode', () => ok(POSITIONS))
    .on('GET', '/api/pc/searchRecipientList', () => ok({ list: rows, total: rows.length, pages: 1 }))
    .on('GET', '/api/pc/detailRecipient', (q) => ok(rows.find((r) => r.id === Number(q.id))))
    .on('POST', '/api/pc/addRecipient', (b) => ok(recipient(99, b as Partial<Recipient>)))
    .on('POST', '/api/pc/editRecipient', () => ok(rows[0]))
    .on('POST', '/api/pc/deleteRecipient', () => ok(null))
    .on('POST', '/api/pc/sendEmailValidate', () => ok(null))
}
const posted = (path: string) => api.calls.filter((c) => c.path === `/api/pc/${path}`).map((c) => c.body)
const toasts = () => useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`)
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement

beforeEach(() => {
  mockDesktop = true
  useToasts.setState({ toasts: [] })
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
})
afterEach(() => jest.restoreAllMocks())

async function openRecipients(user: ReturnType<typeof userEvent.setup>) {
  render(<SubAccountManager />)
  await user.click(await screen.findByRole('tab', { name: '通知接收人' }))
}

describe('通知接收人 on 子账号管理', () => {
  it('lists each recipient with the confirmation of its phone and mailbox, and resends a link', async () => {
    serve([recipient(1), recipient(2, { subAccountId: 5, fullName: '李子管' })])
    const user = userEvent.setup()
    await openRecipients(user)
    await screen.findByRole('table', { name: '通知接收人' })
    expect(screen.getAllByText('短信已验证')).toHaveLength(2)
    expect(screen.getAllByText('邮箱待验证')).toHaveLength(2)
    // A sub-admin's recipient changes with the sub-admin.
    expect(screen.queryByRole('button', { name: '编辑 李子管' })).not.toBeInTheDocument()
    expect(screen.getAllByText('子管理员')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: '重发邮件 接收人1' }))
    await waitFor(() => expect(posted('sendEmailValidate')).toEqual([{ id: 1 }]))
    expect(toasts()).toContain('success:已发送')
  })

  it('adds with the spec’s messages first, then the typed values', async () => {
    serve([])
    const user = userEvent.setup()
    await openRecipients(user)
    await user.click(await screen.findByRole('button', { name: '新增接收人' }))
    await screen.findByRole('form', { name: '新增接收人' })
    await user.click(screen.getByRole('button', { name: '确定' }))
    for (const message of ['请输入姓名', '请输入邮箱', '请输入手机号', '请输入职位']) {
      expect(screen.getByText(message)).toBeInTheDocument()
    }
    expect(posted('addRecipient')).toEqual([])
    await user.type(input('recipient-name'), '孙晓通')
    await user.type(input('sub-admin-mailbox'), 'sun@example.cn')
    await user.type(input('recipient-phone'), '13800000021')
    await user.click(screen.getByRole('combobox', { name: '职位' }))
    await user.click(screen.getByText('运营负责人'))
    await user.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(posted('addRecipient')).toEqual([
        { fullName: '孙晓通', mailbox: 'sun@example.cn', bingPhone: '13800000021', position: '2' },
      ]),
    )
    expect(toasts()).toContain('success:新增成功')
  })

  it('asks before deleting and deletes only on 确定', async () => {
    serve([recipient(1)])
    const user = userEvent.setup()
    await openRecipients(user)
    await user.click(await screen.findByRole('button', { name: '删除 接收人1' }))
    expect(screen.getByText('您确定要删除该接收人吗？删除后，该接收人将不再收到通知。')).toBeInTheDocument()
    expect(posted('deleteRecipient')).toEqual([])
    await user.click(screen.getByText('确定'))
    await waitFor(() => expect(posted('deleteRecipient')).toEqual([{ id: 1 }]))
  })

  it('is read-only for a sub-account, which reads masked contacts: no add, edit, delete or resend', async () => {
    useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 5, role: 1 })
    // The server masks phones and mailboxes for a sub-admin.
    serve([recipient(1, { bingPhone: '139****0011', mailbox: 'r1***@example.cn' })])
    const user = userEvent.setup()
    await openRecipients(user)
    await screen.findByText('接收人1')
    expect(screen.getByText('139****0011')).toBeInTheDocument()
    expect(screen.getByText('r1***@example.cn')).toBeInTheDocument()
    expect(screen.getByText('子管理员仅可查看，如需修改请联系主账号')).toBeInTheDocument()
    for (const name of ['新增接收人', '编辑 接收人1', '删除 接收人1', '重发邮件 接收人1']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
    }
  })

  it('shows cards on phones', async () => {
    mockDesktop = false
    serve([recipient(1)])
    const user = userEvent.setup()
    await openRecipients(user)
    expect(await screen.findByRole('list', { name: '通知接收人' })).toBeInTheDocument()
  })
})

describe('receiver confirmation pages (doc2 §4, §8)', () => {
  const query = { id: 'link-a', validateType: 1, effectiveTime: null }

  it('/validate spends a valid link and goes to /success', async () => {
    installFakeApi()
      .on('GET', '/api/pc/judgeInvalid', () => ok({ valid: true }))
      .on('POST', '/api/pc/updateValidateStatus', () => ok(null))
    render(<ValidateView query={query} />)
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/receiver/pages/success/index' }),
    )
  })

  it('/validate shows the timeout view for an invalid link and spends nothing', async () => {
    const fake = installFakeApi().on('GET', '/api/pc/judgeInvalid', () => ok({ valid: false }))
    render(<ValidateView query={{ ...query, id: 'link-b' }} />)
    expect(await screen.findByText('添加超时 请重新获取验证')).toBeInTheDocument()
    expect(fake.calls.map((c) => c.path)).toEqual(['/api/pc/judgeInvalid'])
    expect(Taro.redirectTo).not.toHaveBeenCalled()
  })

  it('/validate shows the timeout view when the spend is refused', async () => {
    installFakeApi()
      .on('GET', '/api/pc/judgeInvalid', () => ok({ valid: true }))
      .on('POST', '/api/pc/updateValidateStatus', () => fail(400, '添加超时 请重新获取验证'))
    render(<ValidateView query={{ ...query, id: 'link-c' }} />)
    expect(await screen.findByText('添加超时 请重新获取验证')).toBeInTheDocument()
  })

  it('/success says so', () => {
    render(<ReceiverSuccess />)
    expect(screen.getByText('验证成功')).toBeInTheDocument()
  })

  it('/success is never left for /login by a 996 (its page path is in the route table)', async () => {
    jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
    const router = { path: '/receiver/pages/success/index', params: {} }
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router } as never)
    installFakeApi().on('GET', '/api/x', () => fail(996, '登录已过期，请重新登录'))
    await expect(http.get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ code: 996 })
    expect(Taro.reLaunch).not.toHaveBeenCalled()
    expect(useSession.getState().token).toBe('')
    useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
    router.path = '/receiver/pages/validate/index'
    await expect(http.get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ code: 996 })
    await waitFor(() => expect(Taro.reLaunch).toHaveBeenCalled())
  })

  it('/uesrfrom shows whom the link confirms and spends it only on 确认接收', async () => {
    const fake = installFakeApi()
      .on('GET', '/api/pc/judgeInvalid', () =>
        ok({
          valid: true,
          validateType: 2,
          accountName: '星辰科技',
          fullName: '孙晓通',
          target: 'su***@example.cn',
          expireTime: '2026-11-27T04:00:00.000Z',
        }),
      )
      .on('POST', '/api/pc/updateValidateStatus', () => ok(null))
    const user = userEvent.setup()
    render(<ReceiverForm query={{ id: 'link-d', validateType: 2, effectiveTime: null }} />)
    expect(await screen.findByText('su***@example.cn')).toBeInTheDocument()
    expect(screen.getByText('星辰科技')).toBeInTheDocument()
    expect(screen.getByText('2026-11-27 12:00')).toBeInTheDocument()
    expect(fake.calls.map((c) => c.path)).toEqual(['/api/pc/judgeInvalid'])
    await user.click(screen.getByRole('button', { name: '确认接收' }))
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/receiver/pages/success/index' }),
    )
    expect(fake.calls.find((c) => c.path === '/api/pc/updateValidateStatus')?.body).toEqual({
      id: 'link-d',
      validateType: 2,
    })
  })

  it('/uesrfrom shows the timeout view for an invalid link', async () => {
    installFakeApi().on('GET', '/api/pc/judgeInvalid', () => ok({ valid: false }))
    render(<ReceiverForm query={{ id: 'link-e', validateType: 1, effectiveTime: null }} />)
    expect(await screen.findByText('添加超时 请重新获取验证')).toBeInTheDocument()
  })
})
