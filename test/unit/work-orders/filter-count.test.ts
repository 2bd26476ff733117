import { activeFilterCount, EMPTY_FILTER } from '../../../src/features/work-orders/rules'

// The phone's 筛选 button counts the /myWorkOrder filters in use (doc2 §2's four filters).
describe('activeFilterCount', () => {
  it.each([
    ['nothing chosen', EMPTY_FILTER, 0],
    ['工单编号', { ...EMPTY_FILTER, number: '2026' }, 1],
    ['工单编号 without a digit counts for nothing (none is sent)', { ...EMPTY_FILTER, number: 'ab' }, 0],
    ['问题描述', { ...EMPTY_FILTER, description: '打不开' }, 1],
    ['问题描述 of blanks counts for nothing', { ...EMPTY_FILTER, description: '   ' }, 0],
    ['状态', { ...EMPTY_FILTER, status: '2,5' as const }, 1],
    ['提交时间 with one date', { ...EMPTY_FILTER, end: '2026-11-01' }, 1],
    [
      '提交时间 with both dates is one filter',
      { ...EMPTY_FILTER, start: '2026-10-01', end: '2026-11-01' },
      1,
    ],
    [
      'all four',
      { number: '1', description: 'x', status: '4' as const, start: '2026-10-01', end: '2026-11-01' },
      4,
    ],
  ])('%s', (_name, filter, count) => {
    expect(activeFilterCount(filter)).toBe(count)
  })
})
