import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ContractDialog } from '../../../src/features/esign/components/ContractDialog'
import { installFakeApi, type FakeApi } from '../support/fake-api'

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const form = () => screen.getByRole('form', { name: '申请合同' })
const choose = (group: string, option: string) =>
  within(within(form()).getByRole('radiogroup', { name: group })).getByRole('radio', { name: option })
const docs = { docs: [{ fileName: '合同-MC9.pdf', fileUrl: 'http://localhost/__dev/esign/files/a.pdf' }] }

// jsdom draws nothing: record which element a refused 提交 asks the browser to bring into view.
const revealed: Element[] = []
beforeEach(() => {
  revealed.length = 0
  Element.prototype.scrollIntoView = function (this: Element) {
    revealed.push(this)
  }
})
const lastRevealedInput = () => revealed.at(-1)?.querySelector('input')?.name

let api: FakeApi
function setup() {
  api = installFakeApi().on('POST', '/api/esign/applyContract', () => ({
    code: 200,
    message: '申请成功',
    data: docs,
  }))
  const onSigned = jest.fn()
  render(<ContractDialog orderId={9} onClose={jest.fn()} onSigned={onSigned} />)
  return { user: userEvent.setup(), onSigned }
}
const sent = () => api.calls.filter((c) => c.path === '/api/esign/applyContract').map((c) => c.body)
const submit = () => screen.getByRole('button', { name: '提交' })

describe('contract dialog (doc2 §3-§5 Contract)', () => {
  it('personal: the empty messages, then the format message of each document type', async () => {
    const { user } = setup()
    await user.click(submit())
    expect(await screen.findByText('请输入合同抬头')).toBeInTheDocument()
    expect(screen.getByText('请输入证件号码')).toBeInTheDocument()
    expect(screen.getByText('请输入联系人')).toBeInTheDocument()
    expect(screen.getByText('请输入手机号码')).toBeInTheDocument()
    await user.type(input('idNumber'), 'A1')
    await user.type(input('mobile'), '1380000')
    for (const [type, message] of [
      ['大陆身份证', '大陆身份证格式有误'],
      ['台湾来往大陆通行证', '台湾来往大陆通行证格式有误'],
      ['澳门来往大陆通行证', '澳门来往大陆通行证格式有误'],
      ['香港来往大陆通行证', '香港来往大陆通行证格式有误'],
      ['护照', '护照格式有误'],
    ]) {
      await user.click(choose('证件类型', type))
      await user.click(submit())
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(screen.getByText('手机号码格式有误')).toBeInTheDocument()
    expect(sent()).toHaveLength(0)
  })

  it('enterprise: organisation code, legal representative and contact messages', async () => {
    const { user } = setup()
    await user.click(choose('签署主体', '企业'))
    await user.click(submit())
    for (const message of [
      '请输入合同抬头',
      '请输入单位名称',
      '请输入证件号码',
      '请输入法定代表人证件号',
      '请输入手机号码',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    await user.type(input('facNumber'), '91350100M000100Y44')
    await user.click(submit())
    expect(await screen.findByText('统一社会信用代码格式有误')).toBeInTheDocument()
    await user.click(choose('单位证件类型', '工商注册号'))
    await user.click(submit())
    expect(await screen.findByText('工商注册号格式有误')).toBeInTheDocument()
  })

  it('a complete enterprise application is sent with the type names and hands over the file', async () => {
    const { user, onSigned } = setup()
    await user.click(choose('签署主体', '企业'))
    await user.type(input('name'), '星辰科技有限公司')
    await user.type(input('orgName'), '星辰科技有限公司')
    await user.type(input('facNumber'), '91350100M000100Y43')
    await user.type(input('orgLegalName'), '张星辰')
    await user.type(input('orgLegalIdNumber'), '11010519491231002X')
    await user.type(input('contacts'), '李子管')
    await user.type(input('mobile'), '13800000001')
    await user.click(submit())
    await waitFor(() => expect(onSigned).toHaveBeenCalledWith(docs))
    expect(sent()[0]).toMatchObject({
      orderId: 9,
      applyType: 1,
      idType: 'CRED_ORG_USCC',
      idTypeName: '统一社会信用代码',
      orgLegalIdType: 'CRED_PSN_CH_IDCARD',
      orgLegalIdTypeName: '大陆身份证',
      facNumber: '91350100M000100Y43',
    })
  })

  it('a personal application names its contact too', async () => {
    const { user, onSigned } = setup()
    await user.type(input('name'), '张星辰')
    await user.type(input('idNumber'), '11010519491231002X')
    await user.type(input('mobile'), '13800000001')
    await user.click(submit())
    expect(await screen.findByText('请输入联系人')).toBeInTheDocument()
    expect(sent()).toHaveLength(0)
    await user.type(input('contacts'), '张星辰')
    await user.click(submit())
    await waitFor(() => expect(onSigned).toHaveBeenCalledWith(docs))
    expect(sent()[0]).toMatchObject({ applyType: 0, contacts: '张星辰', idTypeName: '大陆身份证' })
  })

  it('提交 brings the first refused field into view and keeps what was typed', async () => {
    const { user } = setup()
    await user.click(choose('签署主体', '企业'))
    await user.type(input('contacts'), '李子管')
    await user.click(submit())
    await waitFor(() => expect(lastRevealedInput()).toBe('name'))
    expect(screen.getByText('请输入合同抬头')).toBeInTheDocument()
    await user.type(input('name'), '星辰科技有限公司')
    await user.click(submit())
    await waitFor(() => expect(lastRevealedInput()).toBe('orgName'))
    expect(input('contacts').value).toBe('李子管')
    expect(sent()).toHaveLength(0)
  })

  it('查看合同样本 opens the sample PDF in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null)
    const { user } = setup()
    await user.click(screen.getByRole('link', { name: '查看合同样本' }))
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/\/api\/esign\/contractSample$/),
      '_blank',
      'noopener,noreferrer',
    )
    open.mockRestore()
  })
})
