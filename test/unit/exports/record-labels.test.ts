// Every code of the record lists has its Chinese label (what screens and exported files show).
import { OPERATE_STATUS, OPERATE_TYPE } from '../../../src/core/contract/operate-log'
import { BILL_STATUS, ORDER_STATUS } from '../../../src/core/contract/orders'
import {
  BILL_STATUS_LABEL,
  labelOf,
  OPERATE_STATUS_LABEL,
  OPERATE_TYPE_LABEL,
  ORDER_STATUS_LABEL,
  WORK_ORDER_STATUS_LABEL,
} from '../../../src/core/contract/record-labels'
import { WORK_ORDER_STATUS } from '../../../src/core/contract/work-orders'

describe('record labels', () => {
  it.each([
    ['operation log types', OPERATE_TYPE, OPERATE_TYPE_LABEL],
    ['operation log statuses', OPERATE_STATUS, OPERATE_STATUS_LABEL],
    ['order statuses', ORDER_STATUS, ORDER_STATUS_LABEL],
    ['invoice states', BILL_STATUS, BILL_STATUS_LABEL],
    ['work-order statuses', WORK_ORDER_STATUS, WORK_ORDER_STATUS_LABEL],
  ])('label every one of the %s', (_name, codes, labels) => {
    for (const code of Object.values(codes)) expect((labels as Record<number, string>)[code]).toBeTruthy()
  })

  it('names 导出 in the log, and shows -- for a code it does not know', () => {
    expect(labelOf(OPERATE_TYPE_LABEL, OPERATE_TYPE.exportRecords)).toBe('导出')
    expect(labelOf(ORDER_STATUS_LABEL, 99)).toBe('--')
    expect(labelOf(ORDER_STATUS_LABEL, null)).toBe('--')
  })
})
