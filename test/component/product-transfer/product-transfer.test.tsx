import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Taro from '@tarojs/taro'
import { ToastHost } from '../../../src/core/ui/ToastHost'
import { ProductTransfer } from '../../../src/features/product-transfer/components/ProductTransfer'
import { TRANSFER_SCOPE } from '../../../src/features/product-transfer/rules'
import { fail, installFakeApi, ok } from '../support/fake-api'
import { signInAsDemoOwner } from '../support/session'

// 产品移交 (account-area §2, §4 Transfer, §5, §9): the three steps against a fake server.
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const button = (name: string) => screen.getByRole('button', { name })
const PRODUCTS = [
  { id: 11, secondDomain: 'xingchen', productName: '企业官网', companyName: '星辰科技官网' },
  { id: 12, secondDomain: 'xcshop', productName: '小程序', companyName: '' },
]

beforeEach(() => {
  signInAsDemoOwner()
})

afterEach(() => jest.useRealTimers())

function transferApi() {
  return installFakeApi()
    .on('POST', '/api/pc/checkCodeByAccountId', () => ok(null))
    .on('GET', '/api/pc/getProductListByAccountId', () => ok(PRODUCTS))
    .on('POST', '/api/pc/transfer/confirmProducts', () => ok(null))
    .on('POST', '/api/wechat/moveBusiness', () => ok(null))
}

/** Step 1 comes once the products are read (an account with none is told so instead). */
const stepOne = () => screen.findByRole('form', { name: '安全验证' })

async function passStepOne(user: ReturnType<typeof userEvent.setup>) {
  await stepOne()
  await user.click(button('下一步'))
  expect(await screen.findByText('请输入短信验证码')).toBeInTheDocument()
  await user.type(input('transfer-verify-code'), '123456')
  await user.click(button('下一步'))
  expect(await screen.findByRole('list', { name: '可移交的产品' })).toBeInTheDocument()
}

it('walks the three steps and moves the chosen products, then goes to /accountManage', async () => {
  const api = transferApi()
  const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
  const user = userEvent.setup()
  render(
    <>
      <ProductTransfer />
      <ToastHost />
    </>,
  )
  await passStepOne(user)
  expect(api.calls.find((c) => c.path === '/api/pc/checkCodeByAccountId')?.body).toEqual({
    phone: '13800000001',
    code: '123456',
  })
  expect(screen.getByText('星辰科技官网 · xingchen')).toBeInTheDocument()

  await user.click(button('下一步'))
  expect(await screen.findByText('您尚未选择移交的产品')).toBeInTheDocument()
  expect(api.calls.filter((c) => c.path === '/api/pc/transfer/confirmProducts')).toHaveLength(0)
  await user.click(screen.getByRole('checkbox', { name: '小程序 xcshop' }))
  await user.click(screen.getByRole('checkbox', { name: '企业官网 xingchen' }))
  await user.click(button('下一步'))

  expect(await screen.findByRole('form', { name: '绑定新手机' })).toBeInTheDocument()
  await user.click(button('确认转移'))
  expect(await screen.findByText('请输入新手机号码')).toBeInTheDocument()
  expect(screen.getByText('请输入短信验证码')).toBeInTheDocument()
  await user.type(input('transfer-phone'), '13800000003')
  await user.type(input('transfer-code'), '654321')
  await user.click(button('确认转移'))
  // Asked first: 取消 sends nothing, 确定 moves.
  expect(await screen.findByText(/确定将所选的 2 个产品转移至 138\*\*\*\*0003 的账号吗/)).toBeInTheDocument()
  await user.click(screen.getByText('取消'))
  expect(api.calls.some((c) => c.path === '/api/wechat/moveBusiness')).toBe(false)
  await user.click(button('确认转移'))
  await user.click(await screen.findByText('确定'))

  await waitFor(() => expect(redirect).toHaveBeenCalledWith({ url: '/pages/accountManage/index' }))
  expect(screen.getByText('产品转移成功')).toBeInTheDocument()
  expect(api.calls.find((c) => c.path === '/api/wechat/moveBusiness')?.body).toEqual({
    phone: '13800000001',
    bindPhone: '13800000003',
    code: '654321',
    businessIds: [11, 12],
  })
}, 15_000)

it('keeps a refused code as typed and shows why', async () => {
  installFakeApi()
    .on('GET', '/api/pc/getProductListByAccountId', () => ok(PRODUCTS))
    .on('POST', '/api/pc/checkCodeByAccountId', () => fail(400, '验证码错误，请重新输入'))
  const user = userEvent.setup()
  render(<ProductTransfer />)
  await stepOne()
  await user.type(input('transfer-verify-code'), '000000')
  await user.click(button('下一步'))
  expect(await screen.findByText('验证码错误，请重新输入')).toBeInTheDocument()
  expect(input('transfer-verify-code').value).toBe('000000')
})

it('sends step 2 back to step 1 after 30 s unconfirmed (fake timers)', async () => {
  jest.useFakeTimers({ advanceTimers: true })
  transferApi()
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  render(
    <>
      <ProductTransfer />
      <ToastHost />
    </>,
  )
  await stepOne()
  await user.type(input('transfer-verify-code'), '123456')
  await user.click(button('下一步'))
  // The products were read before step 1: step 2 shows them at once, its 30 s start with them.
  expect(await screen.findByRole('list', { name: '可移交的产品' })).toBeInTheDocument()
  expect(screen.getByRole('timer').textContent).toContain('30')
  act(() => jest.advanceTimersByTime(29_000))
  expect(screen.getByRole('list', { name: '可移交的产品' })).toBeInTheDocument()
  act(() => jest.advanceTimersByTime(1_000))
  expect(await screen.findByRole('form', { name: '安全验证' })).toBeInTheDocument()
  expect(screen.getByText('安全验证已超时，请重新验证')).toBeInTheDocument()
})

it('goes back to step 1 when the server says the verification is gone', async () => {
  transferApi().on('POST', '/api/pc/transfer/confirmProducts', () => fail(400, '安全验证已失效，请重新验证'))
  const user = userEvent.setup()
  render(<ProductTransfer />)
  await stepOne()
  await user.type(input('transfer-verify-code'), '123456')
  await user.click(button('下一步'))
  await user.click(await screen.findByRole('checkbox', { name: '企业官网 xingchen' }))
  await user.click(button('下一步'))
  expect(await screen.findByRole('form', { name: '安全验证' })).toBeInTheDocument()
})

it('an account with no products is told 暂无可移交的产品 before any slider or code; a failed list offers 重试', async () => {
  const api = installFakeApi().on('GET', '/api/pc/getProductListByAccountId', () => ok([]))
  const { unmount } = render(<ProductTransfer />)
  expect(await screen.findByText('暂无可移交的产品')).toBeInTheDocument()
  expect(screen.queryByRole('form', { name: '安全验证' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: '获取验证码' })).not.toBeInTheDocument()
  expect(api.calls.map((c) => c.path)).toEqual(['/api/pc/getProductListByAccountId'])
  unmount()

  installFakeApi().on('GET', '/api/pc/getProductListByAccountId', () => fail(500, '服务器繁忙，请稍后重试'))
  render(<ProductTransfer />)
  expect(await screen.findByText('服务器繁忙，请稍后重试')).toBeInTheDocument()
  expect(button('重试')).toBeTruthy()
  expect(screen.queryByRole('form', { name: '安全验证' })).not.toBeInTheDocument()
})

it('says on step 2 what moves to the receiver and what stays with the account that paid', async () => {
  transferApi()
  const user = userEvent.setup()
  render(<ProductTransfer />)
  await passStepOne(user)
  const scope = screen.getByRole('note', { name: '移交范围' })
  expect(scope.textContent).toContain(TRANSFER_SCOPE.moves)
  expect(scope.textContent).toContain(TRANSFER_SCOPE.stays)
  expect(scope.textContent).toContain('发票、合同')
  expect(scope.textContent).toContain(TRANSFER_SCOPE.openWorkOrders)
})
