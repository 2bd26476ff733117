import { maskMailbox, maskPhone, maskWechatId } from '../../../src/core/format/mask'
import { yuan } from '../../../src/core/format/money'
import { formatBeijingTime } from '../../../src/core/format/time'

describe('formatting', () => {
  it.each([
    ['1980', '¥1980.00'],
    [3960.5, '¥3960.50'],
    ['x', '¥0.00'],
    [null, '¥0.00'],
  ])('%s yuan shows as %s', (amount, text) => {
    expect(yuan(amount)).toBe(text)
  })

  it('masks a phone keeping the first 3 and last 4 digits', () => {
    expect(maskPhone('13800000001')).toBe('138****0001')
    expect(maskPhone('')).toBe('')
    expect(maskPhone(null)).toBe('')
  })

  it('masks a mailbox keeping two characters and the domain', () => {
    expect(maskMailbox('notify13900000500@example.cn')).toBe('no***@example.cn')
    expect(maskMailbox('a@example.cn')).toBe('a***@example.cn')
    expect(maskMailbox('no-at-sign')).toBe('***')
    expect(maskMailbox('')).toBe('')
  })

  it('names a bound WeChat by its openid with the middle hidden, never whole', () => {
    expect(maskWechatId('oAbCdEfGhIjKlMn123')).toBe('oAbC****n123')
    expect(maskWechatId('wx-demo-main')).toBe('wx-d****main')
    expect(maskWechatId('short')).toBe('s****')
    expect(maskWechatId(null)).toBe('')
    expect(maskWechatId('')).toBe('')
  })

  it('shows times in UTC+8 whatever the zone of the input', () => {
    expect(formatBeijingTime('2026-11-21T16:30:00Z')).toBe('2026-11-22 00:30:00')
    expect(formatBeijingTime('2026-11-22T08:00:00+08:00', 'YYYY-MM-DD HH:mm')).toBe('2026-11-22 08:00')
    expect(formatBeijingTime(null)).toBe('--')
    expect(formatBeijingTime('not a date')).toBe('--')
  })
})
