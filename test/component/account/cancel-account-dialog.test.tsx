import Taro from '@tarojs/taro'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CancellationCheck } from '../../../src/core/contract/cancellation'
import { CancelAccountDialog } from '../../../src/features/account/components/CancelAccountDialog'
import { CancellationBanner } from '../../../src/features/account/components/CancellationBanner'
import { installFakeApi, ok } from '../support/fake-api'

const CHECK = '/api/pc/cancellationCheck'
const CANCEL = '/api/pc/cancelAccount'
const WITHDRAW = '/api/pc/withdrawCancellation'
const button = (name: string) => screen.getByRole('button', { name })
const callsTo = (api: ReturnType<typeof installFakeApi>, path: string) =>
  api.calls.filter((c) => c.path === path)

const CLEAR: CancellationCheck = { subAdmin: false, blockers: [], cancellation: null, otherAccounts: [] }
const DUE = new Date(Date.now() + 4 * 86_400_000 - 60_000).toISOString()
const PENDING: CancellationCheck = {
  ...CLEAR,
  cancellation: { requestedAt: new Date().toISOString(), dueAt: DUE },
}

beforeEach(() => jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' }))
afterEach(() => jest.restoreAllMocks())

describe('注销账号 dialog', () => {
  it('shows each blocker with a link to where it is fixed, and never cancels', async () => {
    const api = installFakeApi().on('GET', CHECK, () =>
      ok({
        ...CLEAR,
        blockers: [
          { kind: 'products', count: 2, text: '有2个未到期的产品', path: '/index' },
          { kind: 'subAdmins', count: 1, text: '有1个子管理员', path: '/subAccountManage' },
        ],
      }),
    )
    const user = userEvent.setup()
    const onClose = jest.fn()
    render(<CancelAccountDialog onCancelled={jest.fn()} onClose={onClose} />)
    expect(await screen.findByText('以下事项处理完成后才能注销账号：')).toBeInTheDocument()
    expect(screen.getByText('有2个未到期的产品')).toBeInTheDocument()
    expect(screen.getByText('有1个子管理员')).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: '确认注销？' })).not.toBeInTheDocument()

    await user.click(screen.getAllByRole('button', { name: '去处理' })[1])
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: expect.stringContaining('subAccountManage') })
    await user.click(button('知道了'))
    expect(onClose).toHaveBeenCalled()
    expect(callsTo(api, CANCEL)).toHaveLength(0)
  })

  it('explains the 7 days, needs 确认注销？, asks once more, then shows 注销中', async () => {
    let state = CLEAR
    const api = installFakeApi()
      .on('GET', CHECK, () => ok(state))
      .on('POST', CANCEL, () => {
        state = PENDING
        return ok(null)
      })
    const onCancelled = jest.fn()
    const user = userEvent.setup()
    render(<CancelAccountDialog onCancelled={onCancelled} onClose={jest.fn()} />)
    expect(await screen.findByText(/7天冷静期内登录可撤销注销/)).toBeInTheDocument()
    await user.click(button('注销'))
    expect(await screen.findByText('请先勾选确认注销选项')).toBeInTheDocument()
    expect(callsTo(api, CANCEL)).toHaveLength(0)

    await user.click(screen.getByRole('checkbox', { name: '确认注销？' }))
    await user.click(button('注销'))
    expect(await screen.findByText('确定注销该账号吗？7天后将无法恢复。')).toBeInTheDocument()
    expect(callsTo(api, CANCEL)).toHaveLength(0)
    await user.click(screen.getByText('确定注销'))

    expect(await screen.findByText(/^账号注销中，将于 .+ 注销（剩余4天）$/)).toBeInTheDocument()
    expect(callsTo(api, CANCEL)[0].body).toEqual({ confirmed: true })
    expect(onCancelled).not.toHaveBeenCalled()
  })

  it('asks an owner who is a sub-admin elsewhere first, and says so in the request', async () => {
    const api = installFakeApi()
      .on('GET', CHECK, () => ok({ ...CLEAR, otherAccounts: ['云帆贸易'] }))
      .on('POST', CANCEL, () => ok(null))
    const user = userEvent.setup()
    render(<CancelAccountDialog onCancelled={jest.fn()} onClose={jest.fn()} />)
    const question = await screen.findByRole('checkbox', { name: /你同时是「云帆贸易」的子管理员/ })
    await user.click(screen.getByRole('checkbox', { name: '确认注销？' }))
    await user.click(button('注销'))
    expect(await screen.findByText('请先确认：你同时是其他账号的子管理员')).toBeInTheDocument()

    await user.click(question)
    await user.click(button('注销'))
    await user.click(await screen.findByText('确定注销'))
    await waitFor(() => expect(callsTo(api, CANCEL)).toHaveLength(1))
    expect(callsTo(api, CANCEL)[0].body).toEqual({ confirmed: true, keepOtherRoles: true })
  })

  it('offers 撤销注销 while 注销中, after a confirmation', async () => {
    let state = PENDING
    const api = installFakeApi()
      .on('GET', CHECK, () => ok(state))
      .on('POST', WITHDRAW, () => {
        state = CLEAR
        return ok(null)
      })
    const user = userEvent.setup()
    render(<CancelAccountDialog onCancelled={jest.fn()} onClose={jest.fn()} />)
    expect(await screen.findByText(/^账号注销中/)).toBeInTheDocument()
    await user.click(button('撤销注销'))
    expect(await screen.findByText('确定撤销注销吗？撤销后账号恢复正常使用。')).toBeInTheDocument()
    expect(callsTo(api, WITHDRAW)).toHaveLength(0)
    await user.click(screen.getAllByText('撤销注销').at(-1)!)
    expect(await screen.findByRole('checkbox', { name: '确认注销？' })).toBeInTheDocument()
    expect(callsTo(api, WITHDRAW)).toHaveLength(1)
  })

  it('lets a sub-admin leave at once', async () => {
    installFakeApi()
      .on('GET', CHECK, () => ok({ ...CLEAR, subAdmin: true }))
      .on('POST', CANCEL, () => ok(null))
    const onCancelled = jest.fn()
    const user = userEvent.setup()
    render(<CancelAccountDialog onCancelled={onCancelled} onClose={jest.fn()} />)
    await user.click(await screen.findByRole('checkbox', { name: '确认注销？' }))
    expect(screen.queryByText(/冷静期/)).not.toBeInTheDocument()
    await user.click(button('注销'))
    await user.click(await screen.findByText('确定注销'))
    await waitFor(() => expect(onCancelled).toHaveBeenCalled())
  })

  it('shows the loading failure with 重试', async () => {
    installFakeApi().on('GET', CHECK, () => ({ code: 500, message: '加载失败，请重试', data: null }))
    render(<CancelAccountDialog onCancelled={jest.fn()} onClose={jest.fn()} />)
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument()
  })
})

describe('注销中 banner', () => {
  it('shows the due date and withdraws after a confirmation', async () => {
    let state = PENDING
    const api = installFakeApi()
      .on('GET', CHECK, () => ok(state))
      .on('POST', WITHDRAW, () => {
        state = CLEAR
        return ok(null)
      })
    const onWithdrawn = jest.fn()
    const user = userEvent.setup()
    render(<CancellationBanner onWithdrawn={onWithdrawn} />)
    expect(await screen.findByText(/^账号注销中，将于 .+ 注销（剩余4天）$/)).toBeInTheDocument()
    await user.click(button('撤销注销'))
    await user.click(screen.getAllByText('撤销注销').at(-1)!)
    await waitFor(() => expect(onWithdrawn).toHaveBeenCalled())
    expect(screen.queryByText(/^账号注销中/)).not.toBeInTheDocument()
    expect(callsTo(api, WITHDRAW)).toHaveLength(1)
  })

  it('shows nothing when the account is not being cancelled', async () => {
    const api = installFakeApi().on('GET', CHECK, () => ok(CLEAR))
    const { container } = render(<CancellationBanner />)
    await waitFor(() => expect(callsTo(api, CHECK)).toHaveLength(1))
    expect(container.textContent).toBe('')
  })
})
