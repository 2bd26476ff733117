import { OPERATION_PROTECTION_MSG, protectionError } from '../../src/core/contract/operation-protection'
import { reverifyMethodOf } from '../../src/features/account/fresh-session'
import {
  PROTECTION_WINDOW_OPTIONS,
  protectionMethodOptions,
  protectionSummary,
} from '../../src/features/account/operation-protection-rules'

describe('操作保护 settings as submitted (protectionError)', () => {
  it.each([
    ['sms', 10, false],
    ['sms', 5, false],
    ['sms', 30, false],
    ['sms', 25, false],
    ['totp', 15, true],
  ])('method %s with %i minutes (totp available: %s) may be saved', (method, windowMinutes, totp) => {
    expect(protectionError({ method, windowMinutes }, totp)).toBe('')
  })

  it.each([undefined, '', 'wechat', 'SMS'])('method %j is refused with 请选择验证方式', (method) => {
    expect(protectionError({ method, windowMinutes: 10 }, true)).toBe(OPERATION_PROTECTION_MSG.method)
  })

  it('the authenticator app without 二次验证 is refused with 请先开启二次验证', () => {
    expect(protectionError({ method: 'totp', windowMinutes: 10 }, false)).toBe(
      OPERATION_PROTECTION_MSG.totpUnavailable,
    )
  })

  it.each([4, 31, 0, -10, 10.5, Number.NaN, undefined])(
    'a window of %s minutes is refused with 验证有效期须为5到30分钟',
    (windowMinutes) => {
      expect(protectionError({ method: 'sms', windowMinutes }, false)).toBe(
        OPERATION_PROTECTION_MSG.windowRange,
      )
    },
  )

  it('a window sent as text is refused', () => {
    const form = { method: 'sms', windowMinutes: '10' as unknown as number }
    expect(protectionError(form, false)).toBe(OPERATION_PROTECTION_MSG.windowRange)
  })
})

describe('操作保护 as the section shows it', () => {
  it('one line: the method and the window', () => {
    expect(protectionSummary({ method: 'sms', windowMinutes: 10 })).toBe('短信验证码 · 10分钟内免验证')
    expect(protectionSummary({ method: 'totp', windowMinutes: 30 })).toBe(
      '身份验证器动态验证码 · 30分钟内免验证',
    )
  })

  it('without 二次验证 the app option says to turn it on first', () => {
    expect(protectionMethodOptions(false).map((o) => o.label)).toEqual([
      '短信验证码',
      '身份验证器动态验证码（请先开启二次验证）',
    ])
    expect(protectionMethodOptions(true).map((o) => o.label)).toEqual(['短信验证码', '身份验证器动态验证码'])
  })

  it('the windows offered are 5, 10, 15, 20 and 30 minutes', () => {
    expect(PROTECTION_WINDOW_OPTIONS.map((o) => o.label)).toEqual([
      '5分钟',
      '10分钟',
      '15分钟',
      '20分钟',
      '30分钟',
    ])
  })
})

describe('how a REVERIFY_CODE refusal says to re-verify (reverifyMethodOf)', () => {
  it.each(['sms', 'totp', 'relogin'])('data.method %s is followed', (method) => {
    expect(reverifyMethodOf({ method })).toBe(method)
  })

  it.each([null, undefined, {}, { method: 'wechat' }, { method: 1 }, 'totp'])(
    '%j names no method (an older server: the SMS step)',
    (data) => {
      expect(reverifyMethodOf(data)).toBeUndefined()
    },
  )
})
