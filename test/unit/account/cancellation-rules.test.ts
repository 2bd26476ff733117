import {
  otherAccountsQuestion,
  pendingCancellationText,
} from '../../../src/features/account/cancellation-rules'

describe('otherAccountsQuestion', () => {
  it('names each account where the owner is a sub-admin', () => {
    expect(otherAccountsQuestion(['云帆贸易', '星河'])).toBe(
      '你同时是「云帆贸易」、「星河」的子管理员。注销只结束本账号，你仍可以子管理员身份登录上述账号，我确认继续注销',
    )
  })
})

describe('pendingCancellationText', () => {
  it('gives the due time in Beijing time and the days left', () => {
    expect(
      pendingCancellationText({ dueAt: '2026-12-08T10:00:00.000Z' }, new Date('2026-12-05T09:00:00Z')),
    ).toBe('账号注销中，将于 2026-12-08 18:00:00 注销（剩余4天）')
  })
})
