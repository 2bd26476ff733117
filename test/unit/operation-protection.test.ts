import { OPERATION_PROTECTION_MSG, protectionError } from '../../src/core/contract/operation-protection'
import { reverifyRequirementOf } from '../../src/features/account/fresh-session'
import {
  PROTECTION_WINDOW_OPTIONS,
  protectionMethodOptions,
  protectionSummary,
} from '../../src/features/account/operation-protection-rules'
import { endNotice, endOfPoll } from '../../src/features/account/wechat-reverify-rules'

describe('操作保护 settings as submitted (protectionError)', () => {
  const NONE = { totpAvailable: false, wechatAvailable: false }
  const ALL = { totpAvailable: true, wechatAvailable: true }

  it.each([
    ['sms', 10, NONE],
    ['sms', 5, NONE],
    ['sms', 30, NONE],
    ['sms', 25, NONE],
    ['totp', 15, { totpAvailable: true, wechatAvailable: false }],
    ['wechat', 20, { totpAvailable: false, wechatAvailable: true }],
  ])('method %s with %i minutes (available: %j) may be saved', (method, windowMinutes, available) => {
    expect(protectionError({ method, windowMinutes }, available)).toBe('')
  })

  it.each([undefined, '', 'WECHAT', 'SMS', 'relogin'])(
    'method %j is refused with 请选择验证方式',
    (method) => {
      expect(protectionError({ method, windowMinutes: 10 }, ALL)).toBe(OPERATION_PROTECTION_MSG.method)
    },
  )

  it('the authenticator app without 二次验证 is refused with 请先开启二次验证', () => {
    expect(protectionError({ method: 'totp', windowMinutes: 10 }, { ...ALL, totpAvailable: false })).toBe(
      OPERATION_PROTECTION_MSG.totpUnavailable,
    )
  })

  it('WeChat confirmation without a bound WeChat is refused with 请先绑定微信', () => {
    expect(protectionError({ method: 'wechat', windowMinutes: 10 }, { ...ALL, wechatAvailable: false })).toBe(
      OPERATION_PROTECTION_MSG.wechatUnavailable,
    )
  })

  it.each([4, 31, 0, -10, 10.5, Number.NaN, undefined])(
    'a window of %s minutes is refused with 验证有效期须为5到30分钟',
    (windowMinutes) => {
      expect(protectionError({ method: 'sms', windowMinutes }, NONE)).toBe(
        OPERATION_PROTECTION_MSG.windowRange,
      )
    },
  )

  it('a window sent as text is refused', () => {
    const form = { method: 'sms', windowMinutes: '10' as unknown as number }
    expect(protectionError(form, NONE)).toBe(OPERATION_PROTECTION_MSG.windowRange)
  })
})

describe('操作保护 as the section shows it', () => {
  it('one line: the method and the window', () => {
    expect(protectionSummary({ method: 'sms', windowMinutes: 10 })).toBe('短信验证码 · 10分钟内免验证')
    expect(protectionSummary({ method: 'totp', windowMinutes: 30 })).toBe(
      '身份验证器动态验证码 · 30分钟内免验证',
    )
  })

  it('a method that cannot be used yet says what to do first', () => {
    expect(
      protectionMethodOptions({ totpAvailable: false, wechatAvailable: false }).map((o) => o.label),
    ).toEqual(['短信验证码', '身份验证器动态验证码（请先开启二次验证）', '微信确认（请先绑定微信）'])
    expect(
      protectionMethodOptions({ totpAvailable: true, wechatAvailable: true }).map((o) => o.label),
    ).toEqual(['短信验证码', '身份验证器动态验证码', '微信确认'])
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

describe('how a REVERIFY_CODE refusal says to re-verify (reverifyRequirementOf)', () => {
  it.each(['sms', 'totp', 'wechat', 'relogin'])('data.method %s is followed', (method) => {
    expect(reverifyRequirementOf({ method }).method).toBe(method)
  })

  it.each([null, undefined, {}, { method: 'qq' }, { method: 1 }, 'totp'])(
    '%j names no method (an older server: the SMS step)',
    (data) => {
      expect(reverifyRequirementOf(data)).toEqual({ method: undefined, action: undefined })
    },
  )

  it('the refused action is kept for the WeChat confirmation', () => {
    expect(reverifyRequirementOf({ method: 'wechat', action: '修改密码' })).toEqual({
      method: 'wechat',
      action: '修改密码',
    })
    expect(reverifyRequirementOf({ method: 'wechat', action: 7 }).action).toBeUndefined()
  })
})

describe('the WeChat confirmation QR as it ends (wechat-reverify-rules)', () => {
  it('waits while waiting, goes on when confirmed, ends when expired or cancelled', () => {
    expect(endOfPoll('waiting')).toBeNull()
    expect(endOfPoll('confirmed')).toBeNull()
    expect(endOfPoll('expired')).toBe('expired')
    expect(endOfPoll('cancelled')).toBe('cancelled')
  })

  it('covers the QR with what happened and a way to a new one', () => {
    expect(endNotice('expired')).toEqual({ message: '二维码已过期', action: '刷新二维码' })
    expect(endNotice('cancelled')).toEqual({ message: '已在小程序中取消本次确认', action: '重新获取' })
    expect(endNotice('failed', '服务繁忙')).toEqual({ message: '服务繁忙', action: '重新获取' })
    expect(endNotice('failed').message).toBe('获取二维码失败')
  })
})
