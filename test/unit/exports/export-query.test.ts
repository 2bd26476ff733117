// The client side of 导出: the query a list's filters make, the file name a download is saved under.
import { workOrderExportFilters } from '../../../src/core/contract/exports'
import { fileNameOf } from '../../../src/core/format/content-disposition'
import { exportQueryString } from '../../../src/features/exports/rules'

describe('exportQueryString', () => {
  it('sends the format and the filters that are set, encoded', () => {
    expect(exportQueryString('xlsx')).toBe('format=xlsx')
    expect(
      exportQueryString('csv', {
        status: '2,5',
        description: ' 首页 打不开 ',
        orderNum: '',
        from: undefined,
      }),
    ).toBe('format=csv&status=2%2C5&description=%E9%A6%96%E9%A1%B5%20%E6%89%93%E4%B8%8D%E5%BC%80')
  })
})

describe('workOrderExportFilters', () => {
  it('names the list’s submit dates from and to', () => {
    expect(
      workOrderExportFilters({
        status: '0',
        orderNum: '2026',
        submitTimeStartDate: '2026-11-01',
        submitTimeEndDate: '2026-11-30',
      }),
    ).toEqual({ status: '0', orderNum: '2026', from: '2026-11-01', to: '2026-11-30' })
  })
})

describe('fileNameOf (Content-Disposition)', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      fileNameOf(
        `attachment; filename="orders_a_20261207.xlsx"; filename*=UTF-8''%E8%AE%A2%E5%8D%95_a_20261207.xlsx`,
        'export.xlsx',
      ),
    ).toBe('订单_a_20261207.xlsx')
  })

  it('falls back to the plain name, then to the fallback', () => {
    expect(fileNameOf('attachment; filename="orders.csv"', 'export.csv')).toBe('orders.csv')
    expect(fileNameOf('attachment; filename=orders.csv', 'export.csv')).toBe('orders.csv')
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'export.csv')).toBe('export.csv')
    expect(fileNameOf(null, 'export.csv')).toBe('export.csv')
  })

  it('never names a folder', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''..%2F..%2Fevil.xlsx`, 'x')).toBe('.._.._evil.xlsx')
  })
})
