// The total beside a page (services/shared/paging.ts): a short page tells it, and the count query
// runs only when it does not.
import { totalBeside } from '../../server/services/shared/paging'

describe('totalBeside', () => {
  it('answers a short page from its own rows, without counting', async () => {
    const count = jest.fn(async () => 999)
    expect(await totalBeside(3, { pageNum: 1, pageSize: 10 }, count)).toBe(3)
    expect(await totalBeside(4, { pageNum: 3, pageSize: 10 }, count)).toBe(24)
    expect(await totalBeside(0, { pageNum: 1, pageSize: 10 }, count)).toBe(0)
    expect(count).not.toHaveBeenCalled()
  })

  it('counts a full page and an empty page past the first', async () => {
    const count = jest.fn(async () => 57)
    expect(await totalBeside(10, { pageNum: 1, pageSize: 10 }, count)).toBe(57)
    expect(await totalBeside(0, { pageNum: 9, pageSize: 10 }, count)).toBe(57)
    expect(count).toHaveBeenCalledTimes(2)
  })
})
