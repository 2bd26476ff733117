import {
  isRecoveryCode,
  isTotpCode,
  normaliseRecoveryCode,
  SECOND_FACTOR_MSG,
  secondFactorCodeError,
} from '../../src/core/contract/second-factor'

describe('二次验证 codes as typed', () => {
  it.each(['000000', '123456', '987654'])('%s is a 6-digit app code', (text) => {
    expect(isTotpCode(text)).toBe(true)
  })

  it.each(['', '12345', '1234567', '12345a', ' 123456', '１２３４５６'])(
    '"%s" is not an app code',
    (text) => {
      expect(isTotpCode(text)).toBe(false)
    },
  )

  it('a recovery code is taken with any case, spaces and the dash', () => {
    expect(normaliseRecoveryCode(' AB12-CD34 ')).toBe('ab12cd34')
    expect(normaliseRecoveryCode('ab12 cd34')).toBe('ab12cd34')
    expect(isRecoveryCode('AB12-CD34')).toBe(true)
    expect(isRecoveryCode('ab12cd34')).toBe(true)
  })

  it.each(['', 'ab12-cd3', 'ab12-cd345', 'ab12_cd34', '中文中文-中文中文'])(
    '"%s" is not a recovery code',
    (text) => {
      expect(isRecoveryCode(text)).toBe(false)
    },
  )

  it('the field asks for 6 digits, or a recovery code in the recovery mode', () => {
    expect(secondFactorCodeError('')).toBe(SECOND_FACTOR_MSG.codeFormat)
    expect(secondFactorCodeError('12345')).toBe(SECOND_FACTOR_MSG.codeFormat)
    expect(secondFactorCodeError(' 123456 ')).toBe('')
    expect(secondFactorCodeError('123456', true)).toBe(SECOND_FACTOR_MSG.recoveryFormat)
    expect(secondFactorCodeError('ab12-cd34', true)).toBe('')
  })
})
