import Taro from '@tarojs/taro'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { CustomerCard } from '../../../src/features/customer/components/CustomerCard'
import { ActivationForm } from '../../../src/features/sub-accounts/components/ActivationForm'
import { fail, installFakeApi, ok } from '../support/fake-api'

// jsdom has no canvas: the adapter records what it is asked to draw and save.
const mockDrawn: { width: number; height: number }[] = []
const mockSaved: string[] = []
jest.mock('../../../src/core/platform/save-image', () => ({
  PngCanvas: () => null,
  drawPng: async (_id: string, width: number, height: number) => {
    mockDrawn.push({ width, height })
    return 'data:image/png;base64,CARD'
  },
  saveImage: async (src: string, fileName: string) => {
    mockSaved.push(`${fileName}:${src}`)
    return 'saved'
  },
}))

const BASE = '/api/app/account'
const toasts = () => useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`)
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement

beforeEach(() => {
  useToasts.setState({ toasts: [] })
  useSession.getState().clear()
  jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

const pending = {
  phone: '13800000005',
  maskedPhone: '138****0005',
  fullName: '王东华',
  accountName: '星辰科技',
  activeState: 0,
}

describe('activation page (account-area §2, §4, §5, §8)', () => {
  it('shows the masked phone, asks for the code, then logs in and goes to /index with 激活成功', async () => {
    const api = installFakeApi()
      .on('GET', `${BASE}/getAccountInfoByActiveCode`, () => ok(pending))
      .on('POST', `${BASE}/activeAccountByActiveCode`, () =>
        ok({ token: 'sub-token', accountId: 1, subAccountId: 9, role: 1 }),
      )
    const user = userEvent.setup()
    render(<ActivationForm activeCode='abc' />)
    expect(await screen.findByLabelText('手机号')).toHaveProperty('textContent', '138****0005')
    await user.click(screen.getByRole('button', { name: '确认激活' }))
    expect(screen.getByText('请输入手机号验证码')).toBeInTheDocument()
    await user.type(input('activation-code'), '123456')
    await user.click(screen.getByRole('button', { name: '确认激活' }))
    await waitFor(() => expect(useSession.getState().token).toBe('sub-token'))
    expect(useSession.getState()).toMatchObject({ id: 1, role: 1, subAccountId: 9 })
    expect(api.calls.find((c) => c.path.endsWith('activeAccountByActiveCode'))?.body).toEqual({
      activeCode: 'abc',
      code: '123456',
      phone: '13800000005',
    })
    expect(toasts()).toContain('success:激活成功')
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it('shows 非法参数 for a bad or expired link', async () => {
    installFakeApi().on('GET', `${BASE}/getAccountInfoByActiveCode`, () => fail(400, '非法参数'))
    render(<ActivationForm activeCode='bad' />)
    expect(await screen.findByText('非法参数')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '确认激活' })).not.toBeInTheDocument()
  })

  it('tells an already active account so and goes to /login after 1 s', async () => {
    jest.useFakeTimers()
    installFakeApi().on('GET', `${BASE}/getAccountInfoByActiveCode`, () =>
      ok({ ...pending, phone: '', activeState: 1 }),
    )
    render(<ActivationForm activeCode='used' />)
    expect(await screen.findByText('当前账户已被激活，请直接进行登录！')).toBeInTheDocument()
    expect(Taro.reLaunch).not.toHaveBeenCalled()
    act(() => jest.advanceTimersByTime(1000))
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
  })

  it('keeps the typed code and shows a wrong code’s message', async () => {
    installFakeApi()
      .on('GET', `${BASE}/getAccountInfoByActiveCode`, () => ok(pending))
      .on('POST', `${BASE}/activeAccountByActiveCode`, () => fail(400, '请输入正确的手机号和验证码'))
    const user = userEvent.setup()
    render(<ActivationForm activeCode='abc' />)
    await screen.findByLabelText('手机号')
    await user.type(input('activation-code'), '654321')
    await user.click(screen.getByRole('button', { name: '确认激活' }))
    expect(await screen.findByText('请输入正确的手机号和验证码')).toBeInTheDocument()
    expect(input('activation-code').value).toBe('654321')
    expect(useSession.getState().token).toBe('')
  })
})

describe('customer page (account-area §2 customer page)', () => {
  beforeEach(() => {
    mockDrawn.length = 0
    mockSaved.length = 0
  })

  it('shows the manager’s QR and saves a generated card as PNG', async () => {
    const api = installFakeApi()
      .on('GET', `${BASE}/accountVipServer`, () => ok({ name: '陈经理', qrCode: 'demo-qr' }))
      .on('GET', '/api/user/getUrlByQrcode', () => ok('data:image/png;base64,QR'))
    const user = userEvent.setup()
    render(<CustomerCard userId='1' accountId='1' />)
    expect(await screen.findByText('陈经理')).toBeInTheDocument()
    const qr = screen.getByLabelText('企业微信二维码')
    expect(qr.querySelector('img') ?? qr).toHaveAttribute('src', 'data:image/png;base64,QR')
    expect(api.calls.find((c) => c.path.endsWith('accountVipServer'))?.body).toEqual({
      userId: '1',
      accountId: '1',
    })
    await user.click(screen.getByRole('button', { name: '生成名片' }))
    await waitFor(() => expect(mockSaved).toEqual(['客户经理名片.png:data:image/png;base64,CARD']))
    expect(mockDrawn[0].width).toBe(600)
    expect(toasts()).toContain('success:名片已保存')
  })

  it('says 当前客服尚未绑定企微 when the manager has no QR', async () => {
    const api = installFakeApi().on('GET', `${BASE}/accountVipServer`, () =>
      ok({ name: '刘经理', qrCode: '' }),
    )
    render(<CustomerCard userId='2' accountId='2' />)
    expect(await screen.findByText('当前客服尚未绑定企微')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '生成名片' })).not.toBeInTheDocument()
    expect(api.calls.some((c) => c.path === '/api/user/getUrlByQrcode')).toBe(false)
  })

  it('shows the server’s refusal with a retry', async () => {
    installFakeApi().on('GET', `${BASE}/accountVipServer`, () => fail(400, '非法参数'))
    render(<CustomerCard userId='9' accountId='1' />)
    expect(await screen.findByText('非法参数')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })
})
