// The rules both ends apply to wire data (src/core/contract).
import { noticeLink } from '../../src/core/contract/notices'
import { isOrderType, ORDER_TYPE } from '../../src/core/contract/orders'

describe('noticeLink: the one rule for the addresses a notice carries', () => {
  it.each([
    ['https://a.cn/x', { kind: 'web', url: 'https://a.cn/x' }],
    ['  HTTP://a.cn  ', { kind: 'web', url: 'HTTP://a.cn' }],
    ['/__dev/notice-files/a.png', { kind: 'server', url: '/__dev/notice-files/a.png' }],
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['//evil.cn/a.png', null],
    ['/a path/with spaces', null],
    ['https:// no-host', null],
    ['', null],
    [42, null],
    [undefined, null],
    [{ url: 'https://a.cn' }, null],
  ])('noticeLink(%j) = %j', (input, expected) => expect(noticeLink(input)).toEqual(expected))
})

describe('isOrderType', () => {
  it('takes exactly the three order types', () => {
    expect(Object.values(ORDER_TYPE).every(isOrderType)).toBe(true)
    expect([0, 4, -1, 1.5, NaN].some(isOrderType)).toBe(false)
  })
})
