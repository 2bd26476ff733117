// An export's format, its range of Beijing days and its file name.
import { EXPORT_MESSAGES } from '../../../src/core/contract/exports'
import {
  contentDisposition,
  createdRangeOf,
  exportFileNames,
  exportFormatOf,
  exportKindOf,
} from '../../../server/services/exports/export-rules'
import { exportLogContent } from '../../../server/services/exports/exports'

describe('exportKindOf', () => {
  it('takes the five lists and refuses anything else with 非法参数', () => {
    expect(exportKindOf('workOrders')).toBe('workOrders')
    expect(() => exportKindOf('users')).toThrow('非法参数')
  })
})

describe('exportFormatOf', () => {
  it.each([
    ['xlsx', 'xlsx'],
    ['CSV', 'csv'],
    [' xlsx ', 'xlsx'],
  ])('takes %j as %s', (text, format) => expect(exportFormatOf(text)).toBe(format))

  it.each([undefined, '', 'pdf', 'xls'])('refuses %j with 请选择导出格式', (text) => {
    expect(() => exportFormatOf(text)).toThrow(EXPORT_MESSAGES.badFormat)
  })
})

describe('createdRangeOf: Beijing days, both ends included', () => {
  it('starts at the first day’s Beijing midnight and ends before the day after the last', () => {
    expect(createdRangeOf('2026-12-01', '2026-12-06')).toEqual({
      start: new Date('2026-11-30T16:00:00Z'),
      end: new Date('2026-12-06T16:00:00Z'),
    })
  })

  it('leaves a side open when it is not given', () => {
    expect(createdRangeOf(undefined, '')).toEqual({ start: null, end: null })
    expect(createdRangeOf('2026-12-01', undefined).end).toBeNull()
  })

  it.each([
    ['2026-02-30', undefined],
    ['2026-12-1', undefined],
    [undefined, 'today'],
    ['2026-12-06', '2026-12-05'],
  ])('refuses %j to %j with 请选择正确的日期范围', (from, to) => {
    expect(() => createdRangeOf(from, to)).toThrow(EXPORT_MESSAGES.badRange)
  })

  it('takes one day as from and to alike', () => {
    const { start, end } = createdRangeOf('2024-02-29', '2024-02-29')
    expect(end!.getTime() - start!.getTime()).toBe(86_400_000)
  })
})

describe('file names', () => {
  // 2026-12-06 17:00 UTC is already 12-07 in Beijing.
  const now = new Date('2026-12-06T17:00:00Z')

  it('names the list, the account and the Beijing day, with an ASCII twin', () => {
    expect(exportFileNames('orders', '13800000000', 'xlsx', now)).toEqual({
      name: '订单_13800000000_20261207.xlsx',
      ascii: 'orders_13800000000_20261207.xlsx',
    })
    expect(exportFileNames('loginHistory', '张三 "x"', 'csv', now).ascii).toBe(
      'loginHistory_____x__20261207.csv',
    )
  })

  it('sends the real name percent-encoded beside the ASCII one (RFC 6266)', () => {
    expect(
      contentDisposition({ name: '工单_a(1)_20261207.csv', ascii: 'workOrders_a_1__20261207.csv' }),
    ).toBe(
      `attachment; filename="workOrders_a_1__20261207.csv"; filename*=UTF-8''%E5%B7%A5%E5%8D%95_a%281%29_20261207.csv`,
    )
  })
})

describe('the operation log’s words', () => {
  it('names what was exported, the range, the format and the rows', () => {
    expect(exportLogContent('订单', 'xlsx', 12, true, '2026-11-01', '2026-11-30')).toBe(
      '导出订单（XLSX，2026-11-01 至 2026-11-30）：12 条',
    )
    expect(exportLogContent('操作日志', 'csv', 3, false)).toBe('导出操作日志（CSV）：3 条，未完成')
  })
})
