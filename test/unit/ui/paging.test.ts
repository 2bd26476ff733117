import {
  defaultPageSize,
  fallbackPage,
  hasMorePages,
  normalisePage,
  PAGE_SIZE_OPTIONS,
  pageCount,
  pagerItems,
} from '../../../src/core/ui/paging'

describe('list paging (account-area §9)', () => {
  it('pages 10 on PC and 5 on mobile, with options 10/20/50/100', () => {
    expect(defaultPageSize('pages')).toBe(10)
    expect(defaultPageSize('more')).toBe(5)
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 50, 100])
  })

  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [101, 50, 3],
  ])('%i rows at %i a page make %i pages', (total, size, pages) => expect(pageCount(total, size)).toBe(pages))

  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, '…', 5]],
    [2, 5, [1, 2, 3, 4, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [6, 12, [1, '…', 5, 6, 7, '…', 12]],
    [12, 12, [1, '…', 11, 12]],
    [4, 12, [1, 2, 3, 4, 5, '…', 12]],
    [1, 0, []],
  ])('page %i of %i shows %j', (current, pages, items) => expect(pagerItems(current, pages)).toEqual(items))

  it('knows when a load-more list has more', () => {
    expect(hasMorePages({ total: 12, pages: 3 }, 1, 5)).toBe(true)
    expect(hasMorePages({ total: 12, pages: 3 }, 3, 12)).toBe(false)
    expect(hasMorePages({ total: 0, pages: 0 }, 1, 0)).toBe(false)
  })

  it('steps back when a page came back empty but the list is not', () => {
    expect(fallbackPage(3, { total: 20, pages: 2, data: [] })).toBe(2)
    expect(fallbackPage(5, { total: 3, pages: 1, data: [] })).toBe(1)
    expect(fallbackPage(1, { total: 0, pages: 0, data: [] })).toBeNull()
    expect(fallbackPage(2, { total: 0, pages: 0, data: [] })).toBeNull()
    expect(fallbackPage(2, { total: 20, pages: 2, data: [1] })).toBeNull()
  })

  it('normalises what a list call returned', () => {
    expect(normalisePage(null)).toEqual({ data: [], total: 0, pages: 0 })
    expect(normalisePage({ data: [1], total: '1' as unknown as number, pages: 1 })).toEqual({
      data: [1],
      total: 1,
      pages: 1,
    })
  })
})
