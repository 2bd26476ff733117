import { ApiError } from '../../../src/core/http/api-error'
import { liveDeadline, secondsUntil } from '../../../src/core/ui/deadline'
import { SMS_RESEND_SECONDS, smsWaitKey, waitAfterRefusal } from '../../../src/core/ui/sms-wait'

const TOO_SOON = '发送过于频繁，请60秒后再试'

describe('the SMS resend wait', () => {
  it('is 60 s after a code went out', () => {
    expect(SMS_RESEND_SECONDS).toBe(60)
  })

  it.each([
    ['42 s left', new ApiError(429, TOO_SOON, { retryAfter: 42 }), 42],
    ['a fraction rounds up', new ApiError(429, TOO_SOON, { retryAfter: 0.2 }), 1],
    ['never more than the 60 s', new ApiError(429, TOO_SOON, { retryAfter: 3600 }), 60],
  ])('发送过于频繁 with retryAfter counts down what the server says is left (%s)', (_, failure, seconds) => {
    expect(waitAfterRefusal(failure)).toBe(seconds)
  })

  it.each([
    ['发送过于频繁 without retryAfter', new ApiError(429, TOO_SOON)],
    ['a retryAfter that is no number', new ApiError(429, TOO_SOON, { retryAfter: '42' })],
    ['a spent wait', new ApiError(429, TOO_SOON, { retryAfter: 0 })],
    ['发送次数过多 (the hourly limit)', new ApiError(429, '发送次数过多，请1小时后再试', null)],
    ['another refusal with the same data', new ApiError(400, '请先完成滑块验证', { retryAfter: 42 })],
    ['a thrown bug', new Error('boom')],
  ])('any other refusal waits for nothing: %s', (_, failure) => {
    expect(waitAfterRefusal(failure)).toBe(0)
  })

  it('is kept per phone (the server counts it per phone, whatever the code is for)', () => {
    expect(smsWaitKey(' 13800000001 ')).toBe(smsWaitKey('13800000001'))
    expect(smsWaitKey('13800000001')).not.toBe(smsWaitKey('13800000002'))
  })

  it("a send to the bound phone is kept under the form's name", () => {
    expect(smsWaitKey(null)).toBe(smsWaitKey(null, 'bound'))
    expect(smsWaitKey(null, 'transfer-verify')).not.toBe(smsWaitKey(null))
    expect(smsWaitKey(null, 'bound')).not.toBe(smsWaitKey('bound'))
  })
})

describe('the countdown', () => {
  it.each([
    [60_000, 0, 60],
    [60_000, 18_000, 42],
    [60_000, 59_001, 1],
    [60_000, 60_000, 0],
    [60_000, 90_000, 0],
  ])('a deadline at %i ms, seen at %i ms, shows %i s', (deadline, now, seconds) => {
    expect(secondsUntil(deadline, now)).toBe(seconds)
  })

  it.each([
    ['a deadline ahead', 60_000, 60_000],
    ['a passed deadline', 10_000, 0],
    ['nothing kept', '', 0],
    ['something else kept', '60000', 0],
    ['not a number', Number.NaN, 0],
  ])('a kept deadline counts while it is ahead: %s', (_, stored, live) => {
    expect(liveDeadline(stored, 20_000)).toBe(live)
  })
})
