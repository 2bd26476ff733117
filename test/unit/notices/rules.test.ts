import {
  notMePath,
  attachments,
  detailRows,
  GENERAL_NOTICE,
  noticeChart,
  noticeTitle,
  noticeType,
  noticeTypeLabel,
  NOTICE_TYPES,
  parseNoticeId,
  PV_SERIES,
  readStatusLabel,
  readStatusQuery,
  safeHttpUrl,
  UV_SERIES,
} from '../../../src/features/notices/rules'

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

// account-area §9 "Message type codes", row by row, in the spec's words.
const SPEC_MESSAGE_TYPES: [string, number[], string][] = [
  ['2 site alarm', [2], '站点告警'],
  ['3 customer service reply', [3], '客服回复'],
  ['4 chart notice', [4], '访问统计'],
  ['5-7 and 59-64 site expiry or renewal', [...range(5, 7), ...range(59, 64)], '站点到期续费'],
  ['27-29 and 65-67 mini-program expiry', [...range(27, 29), ...range(65, 67)], '小程序到期续费'],
  ['9 and 26 admin set', [9, 26], '管理员设置'],
  ['10 guide', [10], '使用指引'],
  ['11 requirement pending', [11], '需求待确认'],
  ['12 WeChat authorised', [12], '微信授权'],
  ['14-17 delivery', range(14, 17), '交付通知'],
  ['20 refund', [20], '退款通知'],
  ['21-23 work order', range(21, 23), '工单通知'],
  ['24-25 mini-program delivery', range(24, 25), '小程序交付'],
  ['31-45 evaluation reminders', range(31, 45), '服务评价'],
  ['56-58 CDN traffic', range(56, 58), 'CDN流量提醒'],
  ['68 migration', [68], '站点迁移'],
]

describe('message types (account-area §9)', () => {
  it.each(SPEC_MESSAGE_TYPES)('%s', (_, codes, label) => {
    for (const code of codes) expect(noticeTypeLabel(code)).toBe(label)
  })

  it('the table holds exactly the spec rows: every code in one row only', () => {
    const specCodes = SPEC_MESSAGE_TYPES.flatMap(([, codes]) => codes).sort((a, b) => a - b)
    const tableCodes = NOTICE_TYPES.flatMap((row) =>
      row.codes.flatMap((code) => (Array.isArray(code) ? range(code[0], code[1]) : [code])),
    ).sort((a, b) => a - b)
    expect(tableCodes).toEqual(specCodes)
    expect(new Set(tableCodes).size).toBe(tableCodes.length)
  })

  it.each([1, 8, 13, 18, 19, 30, 46, 55, 69, 0, -1, NaN])('code %p is a plain 系统通知', (code) => {
    expect(noticeType(code)).toBe(GENERAL_NOTICE)
    expect(noticeTypeLabel(code)).toBe('系统通知')
  })

  it('reads codes sent as strings', () => {
    expect(noticeTypeLabel('4')).toBe('访问统计')
    expect(noticeTypeLabel(null)).toBe('系统通知')
  })

  it('renewal notices mention the 7-day window after expiry (§9)', () => {
    expect(noticeType(5).note).toContain('7天')
    expect(noticeType(66).note).toContain('7天')
    expect(noticeType(2).note).toBeUndefined()
  })
})

describe('notice list filter and labels (account-area §2)', () => {
  it.each([
    ['all', {}],
    ['read', { readStatus: 1 }],
    ['unread', { readStatus: 0 }],
  ] as const)('%s sends %j', (filter, query) => expect(readStatusQuery(filter)).toEqual(query))

  it('labels read status', () => {
    expect(readStatusLabel({ readStatus: 0 })).toBe('未读')
    expect(readStatusLabel({ readStatus: 1 })).toBe('已读')
  })

  it('titles a notice by its title, else its template title, else its type', () => {
    expect(noticeTitle({ type: 2, title: ' 告警 ', templateTitle: 'T' })).toBe('告警')
    expect(noticeTitle({ type: 2, title: '', templateTitle: '模板标题' })).toBe('模板标题')
    expect(noticeTitle({ type: 2, title: '', templateTitle: '' })).toBe('站点告警')
  })
})

describe('detail fields', () => {
  it('shows only present fields, the type’s own first, then the rest', () => {
    const rows = detailRows(21, {
      productName: '企业官网',
      workOrderTitle: '首页改版',
      workOrderNum: 'WO-1',
      workOrderProgress: '',
      workOrderOperator: undefined,
    })
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['工单编号', 'WO-1'],
      ['工单标题', '首页改版'],
      ['产品名称', '企业官网'],
    ])
  })

  it('formats times in UTC+8, masks the phone, and links only http(s) addresses', () => {
    const rows = detailRows(5, {
      expireTime: '2026-11-21T16:00:00Z',
      bindPhone: '13800000001',
      url: 'javascript:alert(1)',
      operateUrl: 'https://example.com/renew',
    })
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]))
    expect(byKey.expireTime.value).toBe('2026-11-22 00:00:00')
    expect(byKey.bindPhone.value).toBe('138****0001')
    expect(byKey.url).toMatchObject({ value: 'javascript:alert(1)', href: undefined })
    expect(byKey.operateUrl.href).toBe('https://example.com/renew')
  })

  it('has none without details', () => {
    expect(detailRows(2, null)).toEqual([])
  })

  it.each([
    ['https://a.cn/x', 'https://a.cn/x'],
    ['HTTP://a.cn', 'HTTP://a.cn'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,x', undefined],
    ['//evil.cn', undefined],
    ['', undefined],
  ])('safeHttpUrl(%j) = %j', (input, output) => expect(safeHttpUrl(input)).toBe(output))
})

describe('attachments', () => {
  it('resolves relative addresses against the API base and drops unsafe ones', () => {
    const list = attachments(
      {
        fileList: [
          { fileUrl: '/uploads/a.png', fileName: 'a.png', filetype: 'png', isPhoto: 1 },
          { fileUrl: 'https://cdn.cn/b.pdf', fileName: 'b.pdf', filetype: 'pdf', isPhoto: 0 },
          { fileUrl: 'javascript:alert(1)', fileName: 'c', filetype: '', isPhoto: 0 },
          { fileUrl: '//evil.cn/d.png', fileName: 'd', filetype: 'png', isPhoto: 1 },
        ],
      },
      'http://127.0.0.1:8080',
    )
    expect(list).toEqual([
      { name: 'a.png', url: 'http://127.0.0.1:8080/uploads/a.png', isImage: true },
      { name: 'b.pdf', url: 'https://cdn.cn/b.pdf', isImage: false },
    ])
  })

  it('is empty without a file list', () => {
    expect(attachments({})).toEqual([])
    expect(attachments(null)).toEqual([])
  })
})

describe('type 4 chart: page views and visitor IPs by date (account-area §2)', () => {
  const details = {
    domain: 'demo.site.cn',
    echartTitle: '近7日访问',
    xDate: ['11-20', '11-21'],
    pvList: [120, 98],
    uvList: [30, 21],
  }

  it('plots pvList and uvList over xDate with the site domain', () => {
    expect(noticeChart(4, details)).toEqual({
      title: '近7日访问',
      domain: 'demo.site.cn',
      categories: ['11-20', '11-21'],
      series: [
        { name: PV_SERIES, data: [120, 98] },
        { name: UV_SERIES, data: [30, 21] },
      ],
    })
  })

  it('is absent for other types and without dates', () => {
    expect(noticeChart(2, details)).toBeNull()
    expect(noticeChart(4, { ...details, xDate: [] })).toBeNull()
    expect(noticeChart(4, null)).toBeNull()
  })
})

describe('detail page id', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    [undefined, null],
  ])('?id=%j gives %j', (raw, id) => expect(parseNoticeId(raw)).toBe(id))
})

describe('不是我 on a new-device 账号安全提醒', () => {
  const alert = (content: string, type = 1) => ({ type, content })
  it('is the page its link names, only on a security notice', () => {
    const content = '<p>您的账号于…在新设备上登录。</p><p><a href="/accountManage?notMe=42">不是我</a></p>'
    expect(notMePath(alert(content))).toBe('/accountManage?notMe=42')
    expect(notMePath(alert(content, 5))).toBeNull()
    expect(notMePath(alert('<p>您的账号已开启二次验证。</p>'))).toBeNull()
    expect(notMePath(alert('<a href="https://evil.example/accountManage?notMe=1">不是我</a>'))).toBeNull()
  })
})
