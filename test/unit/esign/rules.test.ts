import { type ContractForm } from '../../../src/core/contract/invoices'
import {
  BILLING_MSG,
  emptyContractForm,
  isHongKongPermit,
  isMacaoPermit,
  isPassport,
  isRegistrationNumber,
  isTaiwanPermit,
  isUscc,
  usccCheckChar,
  validateContract,
} from '../../../src/core/validation/billing'
import { contractPayload, idTypesFor } from '../../../src/features/esign/rules'

describe('unified social credit code (统一社会信用代码格式有误)', () => {
  it.each([
    ['91350100M000100Y43', true, 'the GB 32100 example'],
    ['91110000600037341L', true, 'a real code with check L'],
    ['91350100m000100y43', true, 'lower case'],
    ['91350100M000100Y44', false, 'wrong check character'],
    ['91350100M000100Y4', false, '17 characters'],
    ['91350100M000100I43', false, 'I is not in the alphabet'],
    ['9135010AM000100Y43', false, 'letters in the region code'],
  ])('%s is %p (%s)', (code, valid) => {
    expect(isUscc(code)).toBe(valid)
  })

  it('computes the check character (mod 31)', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3')
    expect(usccCheckChar('91110000600037341')).toBe('L')
  })
})

describe('other documents', () => {
  it.each([
    [isRegistrationNumber, '110108000000016', true],
    [isRegistrationNumber, '11010800000001', false],
    [isRegistrationNumber, '11010800000001A', false],
    [isTaiwanPermit, '12345678', true],
    [isTaiwanPermit, 'A123456789', true],
    [isTaiwanPermit, '1234567', false],
    [isTaiwanPermit, 'A1234567-9', false],
    [isHongKongPermit, 'H12345678', true],
    [isHongKongPermit, 'H1234567890', true],
    [isHongKongPermit, 'M12345678', false],
    [isHongKongPermit, 'H1234567', false],
    [isMacaoPermit, 'M12345678', true],
    [isMacaoPermit, 'H12345678', false],
    [isPassport, 'E12345678', true],
    [isPassport, 'AB123', true],
    [isPassport, 'AB12', false],
    [isPassport, 'A'.repeat(17), true],
    [isPassport, 'A'.repeat(18), false],
    [isPassport, 'E1234-678', false],
  ])('%p(%s) is %p', (check, value, valid) => {
    expect(check(value)).toBe(valid)
  })
})

const person = (fields: Partial<ContractForm> = {}): ContractForm => ({
  ...emptyContractForm(0),
  name: '张星辰',
  idNumber: '11010519491231002X',
  contacts: '张星辰',
  mobile: '13800000001',
  ...fields,
})

const company = (fields: Partial<ContractForm> = {}): ContractForm => ({
  ...emptyContractForm(1),
  name: '星辰科技有限公司',
  orgName: '星辰科技有限公司',
  facNumber: '91350100M000100Y43',
  orgLegalName: '张星辰',
  orgLegalIdNumber: '11010519491231002X',
  contacts: '李子管',
  mobile: '13800000001',
  ...fields,
})

describe('contract form (doc2 §5 Contract)', () => {
  it('complete personal and enterprise forms pass', () => {
    expect(validateContract(person())).toEqual({})
    expect(validateContract(company())).toEqual({})
    expect(validateContract(company({ idType: 'CRED_ORG_REGCODE', facNumber: '110108000000016' }))).toEqual(
      {},
    )
  })

  it('empty forms show the spec’s empty messages', () => {
    expect(validateContract(emptyContractForm(0))).toEqual({
      name: '请输入合同抬头',
      idNumber: '请输入证件号码',
      contacts: BILLING_MSG.contactsRequired,
      mobile: '请输入手机号码',
    })
    expect(validateContract(emptyContractForm(1))).toEqual({
      name: '请输入合同抬头',
      orgName: BILLING_MSG.orgNameRequired,
      facNumber: '请输入证件号码',
      orgLegalIdNumber: '请输入法定代表人证件号',
      orgLegalName: BILLING_MSG.legalNameRequired,
      contacts: BILLING_MSG.contactsRequired,
      mobile: '请输入手机号码',
    })
  })

  it.each([
    ['CRED_PSN_CH_IDCARD', '110105194912310021', '大陆身份证格式有误'],
    ['CRED_PSN_CH_TWCARD', '1234567', '台湾来往大陆通行证格式有误'],
    ['CRED_PSN_CH_MACAO', 'H12345678', '澳门来往大陆通行证格式有误'],
    ['CRED_PSN_CH_HONGKONG', 'M12345678', '香港来往大陆通行证格式有误'],
    ['CRED_PSN_PASSPORT', 'E12', '护照格式有误'],
  ])('personal %s %s -> %s', (idType, idNumber, message) => {
    expect(validateContract(person({ idType, idNumber })).idNumber).toBe(message)
  })

  it.each([
    ['CRED_PSN_CH_IDCARD', '11010519491231002X'],
    ['CRED_PSN_CH_TWCARD', '12345678'],
    ['CRED_PSN_CH_MACAO', 'M12345678'],
    ['CRED_PSN_CH_HONGKONG', 'H12345678'],
    ['CRED_PSN_PASSPORT', 'E12345678'],
  ])('personal %s %s is accepted', (idType, idNumber) => {
    expect(validateContract(person({ idType, idNumber }))).toEqual({})
  })

  it.each([
    [{ idType: 'CRED_ORG_USCC', facNumber: '91350100M000100Y44' }, 'facNumber', '统一社会信用代码格式有误'],
    [{ idType: 'CRED_ORG_REGCODE', facNumber: '91350100M000100Y43' }, 'facNumber', '工商注册号格式有误'],
    [{ idType: 'CRED_PSN_CH_IDCARD' }, 'idType', '请选择证件类型'],
    [{ orgLegalIdNumber: '' }, 'orgLegalIdNumber', '请输入法定代表人证件号'],
    [{ orgLegalIdNumber: '110105194912310021' }, 'orgLegalIdNumber', '大陆身份证格式有误'],
    [{ orgLegalIdType: 'CRED_PSN_PASSPORT', orgLegalIdNumber: 'E1' }, 'orgLegalIdNumber', '护照格式有误'],
    [{ orgLegalIdType: 'x' }, 'orgLegalIdType', BILLING_MSG.legalIdTypeRequired],
    [{ mobile: '1380000000' }, 'mobile', '手机号码格式有误'],
    [{ mobile: '' }, 'mobile', '请输入手机号码'],
  ])('enterprise %p: %s -> %s', (fields, field, message) => {
    expect(validateContract(company(fields))[field as keyof ContractForm]).toBe(message)
  })

  it('id types per apply type and the payload’s type names', () => {
    expect(idTypesFor(0).map((t) => t.name)).toEqual([
      '大陆身份证',
      '台湾来往大陆通行证',
      '澳门来往大陆通行证',
      '香港来往大陆通行证',
      '护照',
    ])
    expect(idTypesFor(1).map((t) => t.name)).toEqual(['统一社会信用代码', '工商注册号'])
    expect(contractPayload(company({ name: ' 星辰 ' }))).toMatchObject({
      name: '星辰',
      idTypeName: '统一社会信用代码',
      orgLegalIdTypeName: '大陆身份证',
    })
    expect(contractPayload(person())).toMatchObject({ idTypeName: '大陆身份证', orgLegalIdTypeName: '' })
  })
})
