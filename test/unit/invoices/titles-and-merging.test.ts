import {
  BILLING_MSG,
  emptyInvoiceForm,
  mailboxesError,
  mailboxesOf,
  validateInvoice,
} from '../../../src/core/validation/billing'
import {
  INVOICE_MSG,
  invoiceRefusal,
  mergedOrderCodes,
  reissueReasonError,
  sumOfAmounts,
  titleFill,
  validateInvoiceTitle,
  type InvoiceCandidate,
} from '../../../src/core/validation/invoices'
import type { InvoiceTitleRequest } from '../../../src/core/contract/invoices'

const enterprise: InvoiceTitleRequest = {
  subject: 2,
  title: '星辰科技有限公司',
  code: '91350100M000100Y43',
  enterpriseAddress: '',
  enterpriseTel: '',
  depositBank: '',
  depositBankCard: '',
  mailboxes: ['finance@xingchen-demo.cn'],
}

describe('receiving mailboxes (接收邮箱, several)', () => {
  it('splits on commas, semicolons (either width) and spaces, each mailbox once', () => {
    expect(mailboxesOf(' a@x.cn，b@x.cn; A@X.cn  c@x.cn；')).toEqual(['a@x.cn', 'b@x.cn', 'c@x.cn'])
    expect(mailboxesOf(undefined)).toEqual([])
  })

  it.each([
    [[], BILLING_MSG.mailInvalid],
    [['a@x.cn', 'nope'], BILLING_MSG.mailInvalid],
    [['a@x.cn', 'b@x.cn', 'c@x.cn', 'd@x.cn', 'e@x.cn'], null],
    [['a@x.cn', 'b@x.cn', 'c@x.cn', 'd@x.cn', 'e@x.cn', 'f@x.cn'], '最多填写5个接收邮箱'],
  ])('%j → %s', (mailboxes, message) => {
    expect(mailboxesError(mailboxes)).toBe(message)
  })

  it('the invoice form takes several mailboxes in 接收邮箱', () => {
    const form = {
      ...emptyInvoiceForm(2),
      title: '星辰科技有限公司',
      code: '91350100M000100Y43',
      applicant: '张星辰',
      applicantPhone: '13800000001',
      receiveMail: 'a@x.cn, b@x.cn',
    }
    expect(validateInvoice(form)).toEqual({})
    expect(validateInvoice({ ...form, receiveMail: 'a@x.cn, b@' }).receiveMail).toBe('请输入正确的邮箱')
  })
})

describe('a saved title (发票抬头)', () => {
  it('an enterprise title needs no company details; given ones are checked', () => {
    expect(validateInvoiceTitle(enterprise)).toEqual({})
    expect(validateInvoiceTitle({ ...enterprise, depositBankCard: '12ab' })).toEqual({
      depositBankCard: '请输入正确的开户银行卡号',
    })
    expect(validateInvoiceTitle({ ...enterprise, enterpriseAddress: '址'.repeat(201) })).toEqual({
      enterpriseAddress: '长度在 1 到 200 个字符',
    })
  })

  it.each([
    [{ subject: 0 }, 'subject', '请选择个人企业'],
    [{ title: '' }, 'title', '请输入发票抬头'],
    [{ code: '' }, 'code', '请输入纳税人识别号'],
    [{ subject: 1, code: '' }, 'code', '请输入身份证号'],
    [{ subject: 1, code: '110105194912310021' }, 'code', '身份证号格式有误'],
    [{ mailboxes: [] }, 'mailboxes', '请输入正确的邮箱'],
  ])('%j refuses %s: %s', (fields, field, message) => {
    expect(validateInvoiceTitle({ ...enterprise, ...fields })).toMatchObject({ [field]: message })
  })

  it('a chosen title fills the form: a person’s number goes to IdCard, the mailboxes joined', () => {
    expect(titleFill({ ...enterprise, mailboxes: ['a@x.cn', 'b@x.cn'] })).toMatchObject({
      subject: 2,
      code: '91350100M000100Y43',
      IdCard: '',
      receiveMail: 'a@x.cn, b@x.cn',
    })
    expect(titleFill({ ...enterprise, subject: 1, code: '11010519491231002X' })).toMatchObject({
      code: '',
      IdCard: '11010519491231002X',
    })
  })
})

describe('which orders may join an application (合并开票)', () => {
  const paid: InvoiceCandidate = {
    orderCode: 'A1',
    status: 1,
    salesChannel: 32,
    billStatus: 1,
    billedElsewhere: false,
  }

  it.each([
    ['a paid order that may apply', {}, null],
    ['a rejected one applies again', { billStatus: 5 }, null],
    ['refunded', { status: 2 }, '订单A1已退款，不能开票'],
    ['unpaid', { status: 3 }, '订单A1未支付，不能开票'],
    ['voided', { status: 4 }, '订单A1未支付，不能开票'],
    ['applied', { billStatus: 2 }, '订单A1已申请发票'],
    ['being issued', { billStatus: 3 }, '订单A1已申请发票'],
    ['issued', { billStatus: 4 }, '订单A1已开票'],
    ['another channel', { salesChannel: 31 }, '订单A1不能在此申请发票'],
    ['billed to the payer’s account', { billedElsewhere: true }, '订单A1不能在此申请发票'],
  ])('%s', (_name, fields, refusal) => {
    expect(invoiceRefusal({ ...paid, ...fields })).toBe(refusal)
  })

  it('order codes: trimmed, each once, at least one, at most 50', () => {
    expect(mergedOrderCodes([' A ', 'A', 'B'])).toEqual({ codes: ['A', 'B'], error: null })
    expect(mergedOrderCodes([' ']).error).toBe(INVOICE_MSG.ordersRequired)
    const many = Array.from({ length: 51 }, (_, i) => `C${i}`)
    expect(mergedOrderCodes(many).error).toBe('一次最多合并50个订单开票')
  })

  it('the amount is added in cents', () => {
    expect(sumOfAmounts(['0.10', '0.20', 1980])).toBe('1980.30')
    expect(sumOfAmounts([])).toBe('0.00')
  })
})

describe('换开 reason', () => {
  it.each([
    ['', '请填写换开原因'],
    ['  ', '请填写换开原因'],
    ['税号有误', null],
    ['长'.repeat(200), null],
    ['长'.repeat(201), '换开原因不能超过200个字'],
  ])('%j → %s', (reason, message) => {
    expect(reissueReasonError(reason)).toBe(message)
  })
})
