import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useToasts } from '../../../src/core/ui/toast'
import { InvoiceDialog } from '../../../src/features/invoices/components/InvoiceDialog'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

const TREE = [
  {
    id: 440000,
    name: '广东省',
    children: [{ id: 440300, name: '深圳市', children: [{ id: 440305, name: '南山区' }] }],
  },
]

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const form = () => screen.getByRole('form', { name: '申请发票' })
const choose = (group: string, option: string) =>
  within(within(form()).getByRole('radiogroup', { name: group })).getByRole('radio', { name: option })

// jsdom draws nothing: record which element a refused 提交 asks the browser to bring into view.
const revealed: Element[] = []
beforeEach(() => {
  revealed.length = 0
  Element.prototype.scrollIntoView = function (this: Element) {
    revealed.push(this)
  }
})
/** The input inside the last element brought into view. */
const lastRevealedInput = () => revealed.at(-1)?.querySelector('input')?.name

let api: FakeApi
function setup(
  payAmount = 5800,
  apply: (body: Record<string, unknown>) => unknown = () => ({ code: 200, message: '申请成功', data: null }),
) {
  api = installFakeApi()
    .on('GET', '/api/pc/getTreeAddress', () => ok(TREE))
    .on('GET', '/api/pc/getInvoiceTitles', () => ok([]))
    .on('POST', '/api/pc/applyBill', apply)
  const onApplied = jest.fn()
  const onClose = jest.fn()
  render(
    <InvoiceDialog order={{ id: 9, orderCode: 'MC9', payAmount }} onApplied={onApplied} onClose={onClose} />,
  )
  return { user: userEvent.setup(), onApplied, onClose }
}
/**
 * The paper-invoice confirmation, and whether it is showing: it mounts when first asked, and once
 * asked a closed AtModal stays in the DOM.
 */
const paperConfirm = () => screen.getByText(/纸质发票金额不足200元/).closest('.at-modal') as HTMLElement
const paperConfirmOpen = () =>
  screen.queryByText(/纸质发票金额不足200元/) !== null &&
  paperConfirm().classList.contains('at-modal--active')
const toasts = () => useToasts.getState().toasts.map((t) => t.message)
const applications = () => api.calls.filter((c) => c.path === '/api/pc/applyBill').map((c) => c.body)

async function fillPersonal(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('title'), '张星辰')
  await user.type(input('IdCard'), '11010519491231002X')
  await user.type(input('applicant'), '张星辰')
  await user.type(input('applicantPhone'), '13800000001')
}

describe('invoice dialog (doc2 §3-§5 Invoice)', () => {
  it('shows the fixed content and the read-only amount; every empty field’s message; nothing is sent', async () => {
    const { user } = setup()
    expect(input('content').value).toBe('技术服务费')
    expect(input('content').disabled).toBe(true)
    expect(input('amount').value).toBe('¥5800.00')
    expect(input('amount').disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: '提交' }))
    for (const message of [
      '请输入发票抬头',
      '请输入身份证号',
      '请输入申请人名称',
      '请输入手机号',
      '请输入正确的邮箱',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(applications()).toHaveLength(0)
  })

  it('提交 brings the first refused field into view, in the order drawn, on every 提交', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(lastRevealedInput()).toBe('title'))
    await user.type(input('title'), '张星辰')
    await user.type(input('IdCard'), '11010519491231002X')
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(lastRevealedInput()).toBe('applicant'))
    // The same field again: asked again, though nothing else changed.
    const count = revealed.length
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(revealed.length).toBe(count + 1))
    expect(lastRevealedInput()).toBe('applicant')
    expect(input('title').value).toBe('张星辰')
  })

  it('a bad ID number and a bad phone keep what was typed and show the spec messages', async () => {
    const { user } = setup()
    await user.type(input('IdCard'), '110105194912310021')
    await user.type(input('applicantPhone'), '1380000')
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(await screen.findByText('身份证号格式有误')).toBeInTheDocument()
    expect(screen.getByText('请输入正确的手机号')).toBeInTheDocument()
    expect(input('IdCard').value).toBe('110105194912310021')
  })

  it('changing the subject clears the form and resets the type to electronic (doc2 §4)', async () => {
    const { user } = setup()
    await user.type(input('title'), '张星辰')
    await user.click(choose('发票类型', '纸质普通发票'))
    expect(input('receiveName')).toBeTruthy()
    await user.click(choose('发票主体', '企业'))
    expect(input('title').value).toBe('')
    expect(choose('发票类型', '电子普通发票')).toHaveAttribute('aria-checked', 'true')
    expect(input('receiveName')).toBeNull()
    expect(input('code')).toBeTruthy()
    expect(input('IdCard')).toBeNull()
    // Enterprises also get special invoices; the special paper one asks for the company's details.
    await user.click(choose('发票类型', '纸质专用发票'))
    await user.click(screen.getByRole('button', { name: '提交' }))
    for (const message of [
      '请输入纳税人识别号',
      '请输入企业地址',
      '请输入企业电话',
      '请输入开户银行',
      '请输入正确的开户银行卡号',
      '请输入收件人姓名',
      '请选择省',
      '请输入详细地址',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
  })

  it('sends an electronic invoice: 申请成功, then the list reloads', async () => {
    const { user, onApplied } = setup()
    await fillPersonal(user)
    await user.type(input('receiveMail'), 'owner@xingchen-demo.cn')
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(onApplied).toHaveBeenCalled())
    expect(applications()[0]).toMatchObject({
      orderId: 9,
      orderCode: 'MC9',
      subject: 1,
      billType: 1,
      code: '11010519491231002X',
      content: '技术服务费',
      amount: 5800,
      receiveMail: 'owner@xingchen-demo.cn',
    })
    expect(toasts()).toContain('申请成功')
  })

  it('a paper invoice under 200 asks first; cancelling sends nothing, confirming sends the address', async () => {
    const { user, onApplied } = setup(150)
    await fillPersonal(user)
    await user.click(choose('发票类型', '纸质普通发票'))
    await user.type(input('receiveName'), '张星辰')
    await user.type(input('receivePhone'), '13800000001')
    await user.click(await within(form()).findByRole('radio', { name: '广东省' }))
    await user.click(choose('市', '深圳市'))
    await user.click(choose('区', '南山区'))
    await user.type(input('address'), '科技园1号')
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(paperConfirmOpen()).toBe(true))
    expect(applications()).toHaveLength(0)
    await user.click(within(paperConfirm()).getByText('取消'))
    await waitFor(() => expect(paperConfirmOpen()).toBe(false))
    expect(applications()).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(paperConfirmOpen()).toBe(true))
    await user.click(within(paperConfirm()).getByText('确定'))
    await waitFor(() => expect(onApplied).toHaveBeenCalled())
    expect(applications()[0]).toMatchObject({
      billType: 2,
      province: 440000,
      city: 440300,
      area: 440305,
      receiveAddress: '广东省深圳市科技园1号',
    })
  })

  it('a paper invoice of 200 or more is sent without asking', async () => {
    const { user, onApplied } = setup(200)
    await fillPersonal(user)
    await user.click(choose('发票类型', '纸质普通发票'))
    await user.type(input('receiveName'), '张星辰')
    await user.type(input('receivePhone'), '13800000001')
    await user.click(await within(form()).findByRole('radio', { name: '广东省' }))
    await user.click(choose('市', '深圳市'))
    await user.click(choose('区', '南山区'))
    await user.type(input('address'), '科技园1号')
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(onApplied).toHaveBeenCalled())
    expect(paperConfirmOpen()).toBe(false)
  })

  it('shows the server’s refusal in the dialog and keeps the form', async () => {
    const { user, onApplied } = setup(5800, () => fail(400, '该订单当前不能申请发票'))
    await fillPersonal(user)
    await user.type(input('receiveMail'), 'owner@xingchen-demo.cn')
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '该订单当前不能申请发票')
    expect(input('title').value).toBe('张星辰')
    expect(onApplied).not.toHaveBeenCalled()
  })
})
