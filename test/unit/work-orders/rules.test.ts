import { IN_SERVICE_STATUS_QUERY, type TemplateField } from '../../../src/core/contract/work-orders'
import {
  createRequest,
  listQuery,
  recordRoleLabel,
  sortedFields,
  statusView,
  submitCategories,
  tabLabel,
  typeFromQuery,
  EMPTY_FILTER,
  serviceRequest,
  visibleServiceItems,
  adjustableServiceItems,
  serviceItemLeft,
  typedFromRequest,
  emptySubmitDraft,
  isEmptySubmitDraft,
  fileCounts,
  listOf,
  consultableOrderLabel,
  consultedOrder,
  withMaintenancePickers,
  maintenanceOrderLabel,
  maintenanceDomains,
  withMaintenanceOrder,
  maintenancePairError,
  dateFilterRange,
} from '../../../src/features/work-orders/rules'
import { adjustedRequest } from '../../../server/services/work-orders/work-order-maintenance'

describe('work-order status view (doc2 §4)', () => {
  it.each([
    [0, '已分配', 'green'],
    [1, '待您确认', 'orange'],
    [2, '处理中', 'blue'],
    [5, '处理中', 'blue'],
    [3, '已完结', 'grey'],
    [4, '已关闭', 'grey'],
  ])('status %i is %s in %s', (status, label, tone) => {
    expect(statusView(status)).toEqual({ label, tone })
  })

  it('an unknown status shows -- in grey', () => {
    expect(statusView(9)).toEqual({ label: '--', tone: 'grey' })
  })

  it('labels record roles 0-4', () => {
    expect([0, 1, 2, 3, 4].map(recordRoleLabel)).toEqual([
      '系统消息',
      '我',
      '工程师回复',
      '加急申请',
      '工程师备注',
    ])
  })
})

describe('/myWorkOrder filters and tabs (doc2 §2)', () => {
  it('sends only what was filled, the number as digits (8 at most), the description trimmed', () => {
    const built = listQuery(
      { ...EMPTY_FILTER, number: '12a3456789', description: '  无法登录 ', status: '4' },
      'all',
      false,
    )
    expect(built).toEqual({ query: { orderNum: '12345678', description: '无法登录', status: '4' } })
  })

  it('处理中 asks for 2 and 5; the 服务中 tab asks for 0, 1, 2, 5, narrowed by the status filter', () => {
    expect(listQuery({ ...EMPTY_FILTER, status: '2,5' }, 'all', false)).toEqual({ query: { status: '2,5' } })
    expect(listQuery(EMPTY_FILTER, 'inService', false)).toEqual({
      query: { status: IN_SERVICE_STATUS_QUERY },
    })
    expect(listQuery({ ...EMPTY_FILTER, status: '2,5' }, 'inService', false)).toEqual({
      query: { status: '2,5' },
    })
    expect(listQuery({ ...EMPTY_FILTER, status: '3' }, 'inService', false)).toEqual({
      query: { status: '3' },
    })
    expect(tabLabel('inService', 3)).toBe('服务中（3）')
    expect(tabLabel('all', 3)).toBe('全部')
  })

  it('phones need both dates; everywhere the start may not be after the end', () => {
    const start = { ...EMPTY_FILTER, start: '2026-11-01' }
    expect(listQuery(start, 'all', true)).toEqual({ error: '请选择开始日期和结束日期' })
    expect(listQuery(start, 'all', false)).toEqual({
      query: { submitTimeStartDate: '2026-11-01' },
    })
    expect(listQuery({ ...start, end: '2026-10-01' }, 'all', false)).toEqual({
      error: '开始日期不能晚于结束日期',
    })
  })

  it("the date wheels end on today's date in Beijing", () => {
    // 2026-11-27 17:30 UTC is already the 28th in Beijing.
    expect(dateFilterRange(Date.UTC(2026, 10, 27, 17, 30))).toEqual({
      start: '2000-01-01',
      end: '2026-11-28',
    })
    expect(dateFilterRange(Date.UTC(2026, 10, 27, 15, 59))).toEqual({
      start: '2000-01-01',
      end: '2026-11-27',
    })
  })
})

describe('submitting a work order (doc2 §2, §3)', () => {
  it('offers 代维管家 only with a maintenance order', () => {
    expect(submitCategories(false)).toEqual([2, 3])
    expect(submitCategories(true)).toEqual([2, 3, 4])
  })

  it('?type=2|3 opens step 2, anything else step 1', () => {
    expect(typeFromQuery('2')).toBe(2)
    expect(typeFromQuery('3')).toBe(3)
    expect(['0', '4', '', undefined, 'x'].map(typeFromQuery)).toEqual([null, null, null, null, null])
  })

  const fields: TemplateField[] = [
    { fieldName: '附件', fieldCode: 'file', required: false, sort: 4 },
    { fieldName: '问题描述', fieldCode: 'description', required: true, sort: 2 },
    { fieldName: '联系方式', fieldCode: 'telPhone', required: true, sort: 1 },
    { fieldName: '营业执照', fieldCode: 'businessLicense', required: true, sort: 3 },
  ]

  it('shows template fields in sort order', () => {
    expect(
      sortedFields({ id: 1, workType: 2, taskName: 't', fieldChild: fields }).map((f) => f.fieldCode),
    ).toEqual(['telPhone', 'description', 'businessLicense', 'file'])
    expect(sortedFields(null)).toEqual([])
  })

  it('builds the create payload: trimmed values, empty ones left out, files with their type codes', () => {
    const request = createRequest(
      {
        type: 2,
        templateId: 7,
        values: { telPhone: '138****0001', description: '  网站打不开 ', city: 'ignored' },
        files: {
          file: [{ fileId: 'f1', fileName: 'a.png', url: 'u' }],
          businessLicense: [{ fileId: 'f2', fileName: 'b.pdf', url: 'u' }],
        },
        services: {},
      },
      sortedFields({ id: 7, workType: 2, taskName: 't', fieldChild: fields }),
      { productVersion: '标准版' },
    )
    expect(request).toEqual({
      type: 2,
      templateId: 7,
      source: 1,
      acWorkOrderDataPos: [
        { fieldCode: 'telPhone', fieldValue: '138****0001', sort: 1 },
        { fieldCode: 'description', fieldValue: '网站打不开', sort: 2 },
      ],
      acWorkOrderFilePos: [
        { fileId: 'f2', type: 3 },
        { fileId: 'f1', type: 0 },
      ],
      productVersion: '标准版',
    })
  })

  it('turns typed service items into the request and hides items the order does not show', () => {
    const item = (code: string, isInputBox: 0 | 1, isDisplay: 0 | 1 = 1) =>
      ({
        code,
        projectName: code,
        unit: '',
        inputNum: 0,
        resisueNum: 2,
        isInputBox,
        isDisplay,
        isSelected: 0,
        isUpdate: 0,
      }) as never
    const items = [item('seoSettings', 0), item('pageAdjust', 1), item('visitorData', 0, 0)]
    expect(visibleServiceItems(items).map((i: { code: string }) => i.code)).toEqual([
      'pageAdjust',
      'seoSettings',
    ])
    expect(serviceRequest(items, { pageAdjust: '2', seoSettings: '1', visitorData: '' })).toEqual([
      { code: 'seoSettings', inputNum: 1 },
      { code: 'pageAdjust', inputNum: 2 },
      { code: 'visitorData', inputNum: 0 },
    ])
  })
})

describe('调整服务项目 (doc2 §4)', () => {
  const item = (code: string, isInputBox: 0 | 1, inputNum: number, resisueNum: number) =>
    ({
      code,
      projectName: code,
      unit: '',
      inputNum,
      resisueNum,
      isInputBox,
      isDisplay: 1,
      isSelected: inputNum > 0 ? 1 : 0,
      isUpdate: 1,
    }) as never
  const items = [item('pageAdjust', 1, 2, 1), item('seoSettings', 0, 1, 0), item('onlineMap', 0, 0, 1)]

  it('starts from what the order asks now', () => {
    expect(typedFromRequest(items)).toEqual({ pageAdjust: '2', seoSettings: '1' })
  })

  it('each item goes up to what remains plus what this order holds', () => {
    expect(adjustableServiceItems(items).map((i: { resisueNum: number }) => i.resisueNum)).toEqual([3, 1, 1])
  })

  it.each([
    [2, '1', '张', '本单 1 张 · 剩余 1 张'],
    [2, '', '张', '剩余 2 张'],
    [2, '0', '张', '剩余 2 张'],
    [3, '3', '张', '本单 3 张 · 剩余 0 张'],
    [100, '10', '', '本单 10 · 剩余 90'],
  ])('of %i this order may take, %j typed shows %s (its own use is not left)', (max, typed, unit, text) => {
    expect(serviceItemLeft(max, typed, unit)).toBe(text)
  })

  it('the server changes exactly the items named and keeps the others', () => {
    const previous = [
      { code: 'pageAdjust' as const, inputNum: 2 },
      { code: 'seoSettings' as const, inputNum: 1 },
    ]
    expect(adjustedRequest(previous, [{ code: 'pageAdjust', inputNum: 0 }])).toEqual([
      { code: 'seoSettings', inputNum: 1 },
      { code: 'pageAdjust', inputNum: 0 },
    ])
    expect(adjustedRequest(previous, [])).toEqual(previous)
    expect(adjustedRequest([], [{ code: 'onlineMap', inputNum: 1 }])).toEqual([
      { code: 'onlineMap', inputNum: 1 },
    ])
  })
})

describe("step 2's form, kept as a draft (doc2 §2, §3)", () => {
  const prefill = '138****0001'

  it('a new form of the category has nothing chosen or typed', () => {
    expect(emptySubmitDraft(3)).toEqual({ type: 3, templateId: null, values: {}, files: {}, services: {} })
    expect(isEmptySubmitDraft(emptySubmitDraft(3), prefill)).toBe(true)
  })

  it('the prefilled contact phone alone is no draft; another phone, a template, a file or an item is', () => {
    const draft = emptySubmitDraft(2)
    expect(isEmptySubmitDraft({ ...draft, values: { telPhone: prefill, description: '' } }, prefill)).toBe(
      true,
    )
    expect(isEmptySubmitDraft({ ...draft, values: { telPhone: '13900000002' } }, prefill)).toBe(false)
    expect(isEmptySubmitDraft({ ...draft, templateId: 7 }, prefill)).toBe(false)
    expect(
      isEmptySubmitDraft(
        { ...draft, files: { file: [{ fileId: 'f1', fileName: 'a.png', url: 'u' }] } },
        prefill,
      ),
    ).toBe(false)
    expect(isEmptySubmitDraft({ ...draft, files: { file: [] } }, prefill)).toBe(true)
    expect(isEmptySubmitDraft({ ...draft, services: { pageAdjust: '1' } }, prefill)).toBe(false)
    expect(isEmptySubmitDraft({ ...draft, services: { pageAdjust: '' } }, prefill)).toBe(true)
  })

  it('counts the files of each upload field for the checks', () => {
    const file = { fileId: 'f1', fileName: 'a.png', url: 'u' }
    expect(fileCounts({ file: [file, file], businessLicense: [] })).toEqual({ file: 2, businessLicense: 0 })
  })

  it('an answer that is not a list shows as an empty one', () => {
    expect(listOf([1, 2])).toEqual([1, 2])
    expect(listOf(null)).toEqual([])
    expect(listOf(undefined)).toEqual([])
    expect(listOf({} as never)).toEqual([])
  })

  const order = (orderCode: string, productVersion: string) => ({
    orderCode,
    productName: '企业官网',
    productVersion,
    createTime: '2026-01-01T00:00:00Z',
    payAmount: '199.00',
  })

  it('offers an order as its code, product and version (no brackets without a version)', () => {
    expect(consultableOrderLabel(order('MC100', '标准版'))).toBe('MC100 企业官网（标准版）')
    expect(consultableOrderLabel(order('MC101', ''))).toBe('MC101 企业官网')
  })

  it("sends the version of the order chosen in the template's first order field that has one", () => {
    const fields: TemplateField[] = [
      { fieldName: '咨询订单', fieldCode: 'orderCode', required: false, sort: 1 },
      { fieldName: '新购订单', fieldCode: 'newOrderCode', required: false, sort: 2 },
    ]
    const orders = { orderCode: [order('MC100', '标准版')], newOrderCode: [order('MC200', '旗舰版')] }
    expect(consultedOrder(fields, orders, { newOrderCode: 'MC200' })?.productVersion).toBe('旗舰版')
    expect(
      consultedOrder(fields, orders, { orderCode: 'MC100', newOrderCode: 'MC200' })?.productVersion,
    ).toBe('标准版')
    expect(consultedOrder(fields, orders, { orderCode: 'gone' })).toBeUndefined()
    expect(consultedOrder(fields, {}, { orderCode: 'MC100' })).toBeUndefined()
  })
})

describe('代维管家 pickers (doc2 §3, §5)', () => {
  const maintenance = [
    { orderCode: 'DW1', productVersion: '基础版', websiteDomain: 'a.example', termYear: 1 },
    { orderCode: 'DW2', productVersion: '标准版', websiteDomain: 'b.example', termYear: 1 },
    { orderCode: 'DW3', productVersion: '标准版', websiteDomain: 'a.example', termYear: 2 },
  ]

  it('asks 网站域名 and 代维订单 first when the template does not list them', () => {
    const description: TemplateField = {
      fieldName: '问题描述',
      fieldCode: 'description',
      required: false,
      sort: 1,
    }
    expect(withMaintenancePickers([description])).toEqual([
      { fieldName: '网站域名', fieldCode: 'websiteDomain', required: true, sort: -2 },
      { fieldName: '代维订单', fieldCode: 'dwServiceOrder', required: true, sort: -1 },
      description,
    ])
    const listed: TemplateField[] = [
      { fieldName: '站点', fieldCode: 'websiteDomain', required: true, sort: 1 },
      { fieldName: '订单', fieldCode: 'dwServiceOrder', required: true, sort: 2 },
    ]
    expect(withMaintenancePickers(listed)).toEqual(listed)
  })

  it('offers each maintained site once, and each order with its version and site', () => {
    expect(maintenanceDomains(maintenance)).toEqual(['a.example', 'b.example'])
    expect(maintenanceOrderLabel(maintenance[1])).toBe('DW2（标准版，b.example）')
  })

  it('choosing the 代维订单 fills its 网站域名', () => {
    expect(
      withMaintenanceOrder({ websiteDomain: 'b.example', description: 'x' }, maintenance, 'DW3'),
    ).toEqual({
      websiteDomain: 'a.example',
      dwServiceOrder: 'DW3',
      description: 'x',
    })
    expect(withMaintenanceOrder({ websiteDomain: 'b.example' }, maintenance, 'DW9')).toEqual({
      websiteDomain: 'b.example',
      dwServiceOrder: 'DW9',
    })
  })

  it('an order and a site that do not belong together are said at the order field', () => {
    expect(maintenancePairError(maintenance, { dwServiceOrder: 'DW1', websiteDomain: 'b.example' })).toBe(
      '所选代维订单不属于该网站域名，请重新选择代维订单',
    )
    expect(
      maintenancePairError(maintenance, { dwServiceOrder: 'DW1', websiteDomain: 'a.example' }),
    ).toBeNull()
    expect(maintenancePairError(maintenance, { dwServiceOrder: 'DW1' })).toBeNull()
    expect(maintenancePairError(maintenance, { websiteDomain: 'b.example' })).toBeNull()
  })
})
