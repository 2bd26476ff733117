import {
  CLOSE_REASONS,
  REOPEN_REASONS,
  workOrderActions,
  type WorkOrderStatus,
} from '../../../src/core/contract/work-orders'
import {
  WORK_ORDER_MSG,
  closeReasonError,
  continueError,
  dataFieldError,
  dateRangeError,
  fileFieldError,
  numberQuery,
  reopenErrors,
  replyError,
  serviceInputValue,
  serviceRequestError,
  uploadError,
  validateWorkOrderForm,
} from '../../../src/core/validation/work-orders'

const RECENT = '2026-11-01T10:00:00+08:00'

function actionsAt(status: WorkOrderStatus, extra: Partial<Parameters<typeof workOrderActions>[0]> = {}) {
  return workOrderActions({ status, type: 2, lastUpdateTime: RECENT, urgedAt: null, ...extra })
}

describe('work-order state table (doc2 §4)', () => {
  it.each([0, 1, 2, 5] as const)('open status %i offers the reply box (a message any time)', (status) => {
    expect(actionsAt(status).reply).toBe(true)
  })
  it.each([3, 4] as const)('closed status %i has no reply box', (status) => {
    expect(actionsAt(status).reply).toBe(false)
  })
  it('awaiting confirmation (1) offers continue and confirm completion', () => {
    expect(actionsAt(1).confirmOrContinue).toBe(true)
    expect(actionsAt(2).confirmOrContinue).toBe(false)
  })
  it.each([0, 1, 2, 5] as const)(
    'open status %i can be closed and urged, not deleted or reopened',
    (status) => {
      expect(actionsAt(status)).toMatchObject({ close: true, urgent: true, remove: false, reopen: false })
    },
  )
  it.each([3, 4] as const)('closed status %i can be deleted and reopened, not closed or urged', (status) => {
    expect(actionsAt(status)).toMatchObject({ close: false, urgent: false, remove: true, reopen: true })
  })
  it('urgency is asked once', () => {
    expect(actionsAt(0, { urgedAt: RECENT }).urgent).toBe(false)
  })
  it('service items are adjusted on open maintenance orders only', () => {
    expect(actionsAt(2, { type: 4 }).adjustServiceItems).toBe(true)
    expect(actionsAt(2).adjustServiceItems).toBe(false)
    expect(actionsAt(3, { type: 4 }).adjustServiceItems).toBe(false)
  })
  it('evaluation is asked at 3 for orders updated from 2023-07-02 (Beijing time)', () => {
    expect(actionsAt(3).askEvaluation).toBe(true)
    expect(actionsAt(4).askEvaluation).toBe(false)
    expect(actionsAt(3, { lastUpdateTime: '2023-07-01T23:59:59+08:00' }).askEvaluation).toBe(false)
    expect(actionsAt(3, { lastUpdateTime: '2023-07-02T00:00:00+08:00' }).askEvaluation).toBe(true)
  })
})

describe('work-order form (doc2 §5)', () => {
  const field = (fieldCode: Parameters<typeof dataFieldError>[0]['fieldCode'], required = true) => ({
    fieldCode,
    fieldName: fieldCode,
    required,
    sort: 1,
  })

  it.each([
    ['orderCode', '', WORK_ORDER_MSG.orderRequired],
    ['telPhone', '', WORK_ORDER_MSG.contactRequired],
    ['telPhone', '1380000000', WORK_ORDER_MSG.contactInvalid],
    ['telPhone', 'abc', WORK_ORDER_MSG.contactInvalid],
    ['telPhone', '13800000001', null],
    ['telPhone', '138****0001', null],
    ['description', '   ', WORK_ORDER_MSG.descriptionRequired],
    ['description', 'x'.repeat(500), null],
    ['description', 'x'.repeat(501), WORK_ORDER_MSG.tooLong],
    ['mainBusiness', 'y'.repeat(501), WORK_ORDER_MSG.tooLong],
    ['contactEmail', 'a@b', WORK_ORDER_MSG.emailInvalid],
    ['contactEmail', 'a@b.cn', null],
    ['duties', '', WORK_ORDER_MSG.fieldRequired],
  ] as const)('%s = %j → %s', (code, value, message) => {
    expect(dataFieldError(field(code), value)).toBe(message)
  })

  it('an optional empty field passes', () => {
    expect(dataFieldError(field('city', false), '')).toBeNull()
  })

  it.each([
    ['file', WORK_ORDER_MSG.fileRequired],
    ['businessLicense', WORK_ORDER_MSG.licenseRequired],
    ['identityDocument', WORK_ORDER_MSG.identityRequired],
  ] as const)('a required %s upload says %s', (code, message) => {
    expect(fileFieldError(field(code), 0)).toBe(message)
    expect(fileFieldError(field(code), 1)).toBeNull()
    expect(fileFieldError(field(code), 6)).toBe(WORK_ORDER_MSG.tooManyFiles)
  })

  it('the whole form reports each field once, with the template first', () => {
    const errors = validateWorkOrderForm([field('orderCode'), field('telPhone'), field('file')], {
      templateId: null,
      values: { telPhone: '12' },
      fileCounts: {},
      serviceProject: [{ code: 'pageAdjust', inputNum: 0 }],
    })
    expect(errors).toEqual({
      templateId: WORK_ORDER_MSG.templateRequired,
      orderCode: WORK_ORDER_MSG.orderRequired,
      telPhone: WORK_ORDER_MSG.contactInvalid,
      file: WORK_ORDER_MSG.fileRequired,
      serviceProject: WORK_ORDER_MSG.serviceProjectRequired,
    })
  })
})

describe('records and dialogs', () => {
  it('a reply needs content or a file, at most 500 characters', () => {
    expect(replyError('  ', 0)).toBe(WORK_ORDER_MSG.replyRequired)
    expect(replyError('', 1)).toBeNull()
    expect(replyError('x'.repeat(501), 0)).toBe(WORK_ORDER_MSG.tooLong)
  })
  it('continue needs a message (请输入)', () => {
    expect(continueError(' ')).toBe('请输入')
    expect(continueError('还有问题')).toBeNull()
  })
  it('closing needs one of the seven reasons', () => {
    expect(closeReasonError('', CLOSE_REASONS)).toBe('请选择关闭工单的原因')
    expect(closeReasonError('随便', CLOSE_REASONS)).toBe('请选择关闭工单的原因')
    expect(closeReasonError('自己已解决', CLOSE_REASONS)).toBeNull()
  })
  it('reopening needs a reason and a description', () => {
    expect(reopenErrors('', '', REOPEN_REASONS)).toEqual({
      reason: '请选择重开服务的原因',
      description: '请输入问题描述',
    })
    expect(reopenErrors('其他', '还是打不开', REOPEN_REASONS)).toEqual({})
  })
})

describe('attachments (doc2 §5, §9)', () => {
  it.each([
    [{ name: 'a.PDF', size: 10 }, 0, null],
    [{ name: 'scan.jpeg', size: 5 * 1024 * 1024 }, 4, null],
    [{ name: 'scan.jpeg', size: 5 * 1024 * 1024 + 1 }, 0, '上传文件大小不能超过5MB!'],
    [{ name: 'tool.exe', size: 10 }, 0, '文件格式不支持'],
    [{ name: 'noext', size: 10 }, 0, '文件格式不支持'],
    [{ name: 'a.png', size: 10 }, 5, '当前限制最多上传 5 个文件'],
  ])('%j with %i already → %s', (file, already, message) => {
    expect(uploadError(file, already)).toBe(message)
  })
})

describe('service items (doc2 §5 integer inputs)', () => {
  it.each([
    ['3', 5, '3'],
    ['5', 5, '5'],
    ['6', 5, ''],
    ['-1', 5, ''],
    ['1.5', 5, ''],
    ['abc', 5, ''],
    ['0', 0, '0'],
    ['1', 0, ''],
  ])('%j with %i remaining → %j', (raw, remaining, value) => {
    expect(serviceInputValue(raw, remaining)).toBe(value)
  })

  const available = [
    { code: 'pageAdjust' as const, resisueNum: 2, isInputBox: 1 as const },
    { code: 'seoSettings' as const, resisueNum: 1, isInputBox: 0 as const },
  ]
  it('the server takes requests within what remains', () => {
    expect(serviceRequestError([{ code: 'pageAdjust', inputNum: 2 }], available)).toBeNull()
    expect(serviceRequestError([{ code: 'seoSettings', inputNum: 1 }], available)).toBeNull()
  })
  it.each([
    [[{ code: 'pageAdjust' as const, inputNum: 0 }]],
    [[{ code: 'pageAdjust' as const, inputNum: 3 }]],
    [[{ code: 'seoSettings' as const, inputNum: 2 }]],
    [[{ code: 'posterDesign' as const, inputNum: 1 }]],
    [[{ code: 'pageAdjust' as const, inputNum: 1.5 }]],
  ])('and refuses %j with 服务项目请填写至少一项', (requested) => {
    expect(serviceRequestError(requested, available)).toBe('服务项目请填写至少一项')
  })
})

describe('list filters', () => {
  it('the number keeps at most eight digits', () => {
    expect(numberQuery('12a34-5678 90')).toBe('12345678')
  })
  it('phones need both dates; the start is never after the end', () => {
    expect(dateRangeError('', '', true)).toBeNull()
    expect(dateRangeError('2026-11-01', '', true)).toBe('请选择开始日期和结束日期')
    expect(dateRangeError('2026-11-01', '', false)).toBeNull()
    expect(dateRangeError('2026-11-02', '2026-11-01', false)).toBe('开始日期不能晚于结束日期')
    expect(dateRangeError('2026-11-01', '2026-11-01', true)).toBeNull()
  })
})
