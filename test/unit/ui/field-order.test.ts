import { APPLY_TYPE, INVOICE_SUBJECT } from '../../../src/core/contract/invoices'
import {
  billTypesFor,
  emptyContractForm,
  emptyInvoiceForm,
  validateContract,
  validateInvoice,
} from '../../../src/core/validation/billing'
import { firstInvalidField } from '../../../src/core/ui/field-order'
import { CONTRACT_FIELD_ORDER } from '../../../src/features/esign/rules'
import { INVOICE_FIELD_ORDER } from '../../../src/features/invoices/rules'

// A refused 提交 brings the first refused field into view (core/ui FormSheet): the first in the
// order the form draws them, whatever order the rules found them in.

describe('firstInvalidField', () => {
  it('takes the drawn order, not the order the errors were found in', () => {
    expect(firstInvalidField(['title', 'applicant', 'mobile'], { mobile: 'x', applicant: 'y' })).toBe(
      'applicant',
    )
  })

  it('is null when nothing drawn is refused', () => {
    expect(firstInvalidField(['title'], {})).toBeNull()
    expect(firstInvalidField(['title'], { title: null })).toBeNull()
  })
})

describe('申请发票: every field the rules can refuse is in the drawn order', () => {
  const cases = [INVOICE_SUBJECT.personal, INVOICE_SUBJECT.enterprise].flatMap((subject) =>
    billTypesFor(subject).flatMap((billType) =>
      [
        { province: 0, city: 0 },
        { province: 440000, city: 0 },
        { province: 440000, city: 440300 },
      ].map((region) => ({ ...emptyInvoiceForm(subject), billType, ...region })),
    ),
  )
  it.each(cases)('subject $subject, type $billType, province $province, city $city', (form) => {
    const refused = Object.keys(validateInvoice(form)).filter((f) => f !== 'subject' && f !== 'billType')
    expect(refused.length).toBeGreaterThan(0)
    expect(INVOICE_FIELD_ORDER).toEqual(expect.arrayContaining(refused))
    expect(firstInvalidField(INVOICE_FIELD_ORDER, validateInvoice(form))).toBe('title')
  })

  it('with 发票抬头 given, an enterprise is shown 纳税人识别号 next', () => {
    const form = { ...emptyInvoiceForm(INVOICE_SUBJECT.enterprise), title: '星辰科技有限公司' }
    expect(firstInvalidField(INVOICE_FIELD_ORDER, validateInvoice(form))).toBe('code')
  })
})

describe('申请合同: every field the rules can refuse is in the drawn order', () => {
  it.each([APPLY_TYPE.personal, APPLY_TYPE.enterprise])('apply type %s', (applyType) => {
    const errors = validateContract(emptyContractForm(applyType))
    expect(CONTRACT_FIELD_ORDER).toEqual(expect.arrayContaining(Object.keys(errors)))
    expect(firstInvalidField(CONTRACT_FIELD_ORDER, errors)).toBe('name')
  })

  it('with 合同抬头 given, an enterprise is shown 单位名称 next', () => {
    const form = { ...emptyContractForm(APPLY_TYPE.enterprise), name: '星辰科技有限公司' }
    expect(firstInvalidField(CONTRACT_FIELD_ORDER, validateContract(form))).toBe('orgName')
  })
})
