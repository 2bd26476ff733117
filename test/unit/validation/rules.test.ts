import { MSG } from '../../../src/core/validation/messages'
import {
  captchaMatches,
  isPhone,
  isStrongPassword,
  validatePasswordLogin,
  validatePasswordReset,
  validateRegistration,
  validateSmsLogin,
} from '../../../src/core/validation/rules'

describe('login validation (doc2 §5 Login and registration)', () => {
  it.each([
    ['13800000001', true],
    ['19912345678', true],
    [' 13800000001 ', true],
    ['23800000001', false],
    ['1380000000', false],
    ['138000000011', false],
    ['1380000000a', false],
  ])('phone %s valid: %s', (phone, ok) => expect(isPhone(phone)).toBe(ok))

  it.each([
    ['Demo@12345', true],
    ['demo12345!', true], // lower + digit + symbol
    ['DEMO12345a', true], // upper + digit + lower
    ['Abcdefgh', false], // two classes
    ['12345678', false],
    ['Ab1!', false], // too short
    ['  Ab1!xyz  ', false], // trimmed to 7 characters
    ['  Ab1!wxyz  ', true], // trimmed to 8
  ])('password %j strong: %s', (password, ok) => expect(isStrongPassword(password)).toBe(ok))

  it('reports each empty field with the spec text', () => {
    expect(validatePasswordLogin({ account: ' ', password: '', captcha: '' })).toEqual({
      account: MSG.accountRequired,
      password: '请输入登录密码',
      captcha: '请输入图形验证码',
    })
  })

  it('rejects a digits-only account that is not a phone', () => {
    expect(validatePasswordLogin({ account: '12345', password: 'Demo@12345', captcha: 'ab12' })).toEqual({
      account: '请输入正确的手机号',
    })
  })

  it('accepts a member account name', () => {
    expect(validatePasswordLogin({ account: 'demo_main', password: 'Demo@12345', captcha: 'ab12' })).toEqual(
      {},
    )
  })

  it('applies the password rule text', () => {
    expect(
      validatePasswordLogin({ account: '13800000001', password: 'abcdefgh', captcha: 'x' }).password,
    ).toBe('密码应该由英文大小写、数字、符号组成，不少于8位')
  })

  it('compares image captchas case-insensitively', () => {
    expect(captchaMatches('aB3k', 'AB3K')).toBe(true)
    expect(captchaMatches('aB3k', ' ab3k ')).toBe(true)
    expect(captchaMatches('aB3k', 'ab3x')).toBe(false)
  })
})

describe('SMS login, registration and reset (doc2 §5)', () => {
  it('requires a phone and a 6-character code', () => {
    expect(validateSmsLogin({ phone: '', code: '' })).toEqual({
      phone: '请输入手机号',
      code: '请输入手机号验证码',
    })
    expect(validateSmsLogin({ phone: '138', code: '12345' })).toEqual({
      phone: '请输入正确的手机号',
      code: '长度在 6个字符',
    })
    expect(validateSmsLogin({ phone: '13800000001', code: '123456' })).toEqual({})
  })

  const registration = {
    phone: '13800000009',
    code: '123456',
    password: 'Demo@12345',
    passwordAgain: 'Demo@12345',
    referralCode: '',
    agreed: true,
  }

  it('accepts a complete registration', () => {
    expect(validateRegistration(registration)).toEqual({})
  })

  it.each([
    ['passwordAgain', { passwordAgain: '' }, '请输入确认登录密码'],
    ['passwordAgain', { passwordAgain: 'Demo@12346' }, '两次密码不一致，请重新输入'],
    [
      'password',
      { password: 'short', passwordAgain: 'short' },
      '密码应该由英文大小写、数字、符号组成，不少于8位',
    ],
    ['referralCode', { referralCode: 'ABC1234' }, '推荐码不能超过6位'],
    ['agreed', { agreed: false }, '请先阅读并同意协议'],
  ])('refuses %s with the spec text (%j)', (field, change, message) => {
    expect(validateRegistration({ ...registration, ...change })).toEqual({ [field]: message })
  })

  it('checks a password reset like a registration without the agreement', () => {
    expect(
      validatePasswordReset({ phone: '13800000001', code: '', password: 'Demo@12345', passwordAgain: 'x' }),
    ).toEqual({ code: '请输入手机号验证码', passwordAgain: '两次密码不一致，请重新输入' })
  })
})
