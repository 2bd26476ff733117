import { type InvoiceForm } from '../../../src/core/contract/invoices'
import {
  BILLING_MSG,
  billTypesFor,
  emptyInvoiceForm,
  idCardCheckChar,
  isBankCard,
  isMainlandIdCard,
  needsPaperConfirmation,
  validateInvoice,
} from '../../../src/core/validation/billing'
import { isMailbox } from '../../../src/core/validation/rules'
import {
  changeSubject,
  childrenOf,
  invoiceFields,
  invoicePayload,
  receiveAddress,
} from '../../../src/features/invoices/rules'

const TREE = [
  {
    id: 440000,
    name: '广东省',
    children: [{ id: 440300, name: '深圳市', children: [{ id: 440305, name: '南山区' }] }],
  },
]

describe('mainland ID numbers (doc2 §5 身份证号格式有误)', () => {
  it.each([
    ['11010519491231002X', true, 'the GB 11643 example, check X'],
    ['11010519491231002x', true, 'lower-case x'],
    ['11010119900307803X', true, 'another real check X'],
    ['110101900307803', true, 'the old 15 digits'],
    ['110105194912310021', false, 'wrong check digit'],
    ['11010519491331002X', false, 'month 13'],
    ['11010519490230002X', false, '30 February'],
    ['1101051949123100', false, '16 digits'],
    ['01010519491231002X', false, 'leading 0'],
    ['110101901307803', false, '15 digits with month 13'],
    ['', false, 'empty'],
  ])('%s is %p (%s)', (id, valid) => {
    expect(isMainlandIdCard(id)).toBe(valid)
  })

  it('computes the ISO 7064 MOD 11-2 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X')
    expect(idCardCheckChar('44030519900101123')).toBe('X') // sum 200, 200 % 11 = 2
    expect(idCardCheckChar('44030519900101124')).toBe('8') // sum 202, 202 % 11 = 4
    expect(isMainlandIdCard('440305199001011248')).toBe(true)
  })
})

describe('bank card and e-mail', () => {
  it.each([
    ['62220212', true],
    ['12345', true],
    ['1234', false],
    ['1'.repeat(30), true],
    ['1'.repeat(31), false],
    ['6222 0212', false],
    ['6222abc', false],
  ])('bank card %s is %p (5-30 digits)', (card, valid) => {
    expect(isBankCard(card)).toBe(valid)
  })

  it.each([
    ['owner@xingchen-demo.cn', true],
    ['a.b+c@mail.example.com', true],
    ['owner@', false],
    ['owner@cn', false],
    ['owner xingchen@demo.cn', false],
    ['', false],
    // One field is one mailbox: nothing a mail library would read as a list or a display name.
    ['a,victim@example.com', false],
    ['a;victim@example.com', false],
    ['"a"@example.com', false],
    ['Name <victim@example.com>', false],
    ['a\r\nBcc:x@example.com', false],
    ['owner@exa_mple.com', false],
    [`${'a'.repeat(64)}@example.com`, true],
    [`${'a'.repeat(65)}@example.com`, false],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.cn`, true],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(58)}.cn`, false],
  ])('e-mail %j is %p', (mail, valid) => {
    expect(isMailbox(mail)).toBe(valid)
  })
})

const personal = (fields: Partial<InvoiceForm> = {}): InvoiceForm => ({
  ...emptyInvoiceForm(1),
  title: '张星辰',
  IdCard: '11010519491231002X',
  applicant: '张星辰',
  applicantPhone: '13800000001',
  receiveMail: 'owner@xingchen-demo.cn',
  ...fields,
})

const enterprise = (fields: Partial<InvoiceForm> = {}): InvoiceForm => ({
  ...emptyInvoiceForm(2),
  title: '星辰科技有限公司',
  code: '91350100M000100Y43',
  applicant: '张星辰',
  applicantPhone: '13800000001',
  receiveMail: 'owner@xingchen-demo.cn',
  ...fields,
})

const paper = {
  receiveName: '张星辰',
  receivePhone: '13800000001',
  province: 440000,
  city: 440300,
  area: 440305,
  address: '科技园1号',
}

describe('invoice form (doc2 §5 Invoice)', () => {
  it('a complete personal electronic invoice and an enterprise special paper invoice pass', () => {
    expect(validateInvoice(personal())).toEqual({})
    expect(
      validateInvoice(
        enterprise({
          billType: 3,
          receiveMail: '',
          ...paper,
          enterpriseAddress: '深圳市南山区科技园1号',
          enterpriseTel: '0755-12345678',
          depositBank: '招商银行深圳分行',
          depositBankCard: '6225880212345678',
        }),
      ),
    ).toEqual({})
  })

  it('an empty personal form shows each required message', () => {
    expect(validateInvoice(emptyInvoiceForm(1))).toEqual({
      title: BILLING_MSG.titleRequired,
      IdCard: '请输入身份证号',
      applicant: '请输入申请人名称',
      applicantPhone: '请输入手机号',
      receiveMail: '请输入正确的邮箱',
    })
  })

  it.each([
    ['subject', { subject: 0 }, '请选择个人企业'],
    ['billType', { billType: 0 }, '请选择类型'],
    ['billType', { billType: 3 }, '请选择类型'],
    ['IdCard', { IdCard: '110105194912310021' }, '身份证号格式有误'],
    ['applicantPhone', { applicantPhone: '12345' }, '请输入正确的手机号'],
    ['receiveMail', { receiveMail: 'owner@' }, '请输入正确的邮箱'],
    ['title', { title: 'x'.repeat(101) }, '长度在 1 到 100 个字符'],
    ['applicant', { applicant: '   ' }, '请输入申请人名称'],
  ])('personal: %s %p -> %s', (field, fields, message) => {
    expect(validateInvoice(personal(fields as Partial<InvoiceForm>))[field as keyof InvoiceForm]).toBe(
      message,
    )
  })

  it.each([
    ['code', { code: '' }, '请输入纳税人识别号'],
    ['code', { code: '9'.repeat(101) }, '长度在 1 到 100 个字符'],
    ['enterpriseAddress', { billType: 3, ...paper }, '请输入企业地址'],
    ['enterpriseTel', { billType: 3, ...paper }, '请输入企业电话'],
    ['depositBank', { billType: 3, ...paper }, '请输入开户银行'],
    ['depositBankCard', { billType: 3, ...paper }, '请输入正确的开户银行卡号'],
    ['depositBankCard', { billType: 3, ...paper, depositBankCard: '1234' }, '请输入正确的开户银行卡号'],
    ['receiveName', { billType: 2 }, '请输入收件人姓名'],
    ['receivePhone', { billType: 2 }, '请输入手机号'],
    ['receivePhone', { billType: 2, receivePhone: '2380000000' }, '请输入正确的手机号'],
    ['province', { billType: 2 }, '请选择省'],
    ['city', { billType: 2, province: 440000 }, '请选择市'],
    ['area', { billType: 2, province: 440000, city: 440300 }, '请选择区'],
    ['address', { billType: 4, ...paper }, undefined],
    ['address', { billType: 2, ...paper, address: '' }, '请输入详细地址'],
    ['address', { billType: 2, ...paper, address: '路'.repeat(201) }, '长度在 1 到 200 个字符'],
    ['receiveMail', { billType: 4, receiveMail: '' }, '请输入正确的邮箱'],
    ['receiveMail', { billType: 2, ...paper, receiveMail: '' }, undefined],
  ])('enterprise: %s %p -> %s', (field, fields, message) => {
    expect(validateInvoice(enterprise(fields as Partial<InvoiceForm>))[field as keyof InvoiceForm]).toBe(
      message,
    )
  })

  it('special invoices are for enterprises: types 1/2 for persons, 1/4/2/3 for enterprises', () => {
    expect(billTypesFor(1)).toEqual([1, 2])
    expect(billTypesFor(2)).toEqual([1, 4, 2, 3])
  })

  it.each([
    [
      { subject: 1, billType: 1 },
      { taxId: false, idCard: true, companyDetails: false, mail: true, receiver: false },
    ],
    [
      { subject: 1, billType: 2 },
      { taxId: false, idCard: true, companyDetails: false, mail: false, receiver: true },
    ],
    [
      { subject: 2, billType: 4 },
      { taxId: true, idCard: false, companyDetails: false, mail: true, receiver: false },
    ],
    [
      { subject: 2, billType: 3 },
      { taxId: true, idCard: false, companyDetails: true, mail: false, receiver: true },
    ],
  ])('fields shown for %p', (form, fields) => {
    expect(invoiceFields(form)).toEqual(fields)
  })

  it('changing the subject clears the form and resets the type to electronic (doc2 §4)', () => {
    expect(changeSubject(2)).toEqual({ ...emptyInvoiceForm(2), billType: 1 })
    expect(changeSubject(1).title).toBe('')
  })

  it.each([
    [2, 199.99, true],
    [3, 100, true],
    [2, 200, false],
    [1, 100, false],
    [4, 50, false],
  ])('bill type %i for ¥%p asks confirmation: %p (paper under 200)', (billType, amount, asks) => {
    expect(needsPaperConfirmation(billType, amount)).toBe(asks)
  })

  it('regions: children by path and receiveAddress = province + city + detail', () => {
    expect(childrenOf(TREE).map((r) => r.name)).toEqual(['广东省'])
    expect(childrenOf(TREE, 440000).map((r) => r.name)).toEqual(['深圳市'])
    expect(childrenOf(TREE, 440000, 440300).map((r) => r.name)).toEqual(['南山区'])
    expect(childrenOf(TREE, 1)).toEqual([])
    expect(receiveAddress(TREE, { province: 440000, city: 440300, address: ' 科技园1号 ' })).toBe(
      '广东省深圳市科技园1号',
    )
  })

  it('the payload carries the fixed content, the order amount and, for a person, the ID number as code', () => {
    const payload = invoicePayload(
      { id: 3, orderCode: 'MC1', payAmount: 150 },
      personal({ billType: 2, ...paper }),
      TREE,
    )
    expect(payload).toMatchObject({
      orderId: 3,
      orderCode: 'MC1',
      content: '技术服务费',
      amount: 150,
      code: '11010519491231002X',
      receiveAddress: '广东省深圳市科技园1号',
    })
  })
})
