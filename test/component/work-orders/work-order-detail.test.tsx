import Taro from '@tarojs/taro'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WorkOrderDetail, WorkOrderStatus } from '../../../src/core/contract/work-orders'
import { previewImages } from '../../../src/core/platform/image-preview'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { Header } from '../../../src/features/shell/components/Header'
import { WorkOrderDetailView } from '../../../src/features/work-orders/components/WorkOrderDetailView'
import { installFakeApi, ok, type FakeApi } from '../support/fake-api'

jest.mock('../../../src/core/platform/image-preview', () => ({ previewImages: jest.fn() }))

const file = (fileId: string, fileName: string) => ({
  fileId,
  fileName,
  fileUrl: `https://files.example/${fileId}?sig=1`,
  fileSize: 10,
  type: 0 as const,
})

function detail(status: WorkOrderStatus, extra: Partial<WorkOrderDetail> = {}): WorkOrderDetail {
  return {
    id: 5,
    number: '20260005',
    type: 2,
    description: '首页打不开',
    submitTime: '2026-11-21T16:30:00Z',
    lastUpdateTime: '2026-11-22T01:00:00Z',
    status,
    readState: 0,
    isUrgent: 0,
    source: 1,
    templateId: 7,
    taskName: '网站无法访问',
    productVersion: '标准版',
    termYear: 1,
    orderCode: 'MC100',
    acWorkOrderDataPos: [
      {
        fieldCode: 'description',
        name: '问题描述',
        fieldValue: '<p>首页<img src=x onerror="alert(1)">打不开</p>',
        sort: 2,
      },
      { fieldCode: 'telPhone', name: '联系方式', fieldValue: '138****0001', sort: 1 },
    ],
    acWorkOrderFilePos: [file('F1', 'shot.png'), file('F2', 'log.zip')],
    licenseList: [],
    identityList: [],
    recordsDtos: [
      {
        id: 1,
        role: 1,
        title: '',
        content: '<p>请尽快</p><script>alert(1)</script>',
        createTime: '2026-11-21T16:31:00Z',
        userTelPhone: '13800000001',
        serviceProject: null,
        acWorkOrderFilePos: [],
      },
      {
        id: 2,
        role: 2,
        title: '工程师回复',
        content: '<b>已处理</b>',
        createTime: '2026-11-21T17:00:00Z',
        userTelPhone: null,
        serviceProject: null,
        acWorkOrderFilePos: [],
      },
    ],
    serviceProject: null,
    urgedAt: null,
    ...extra,
  }
}

let current: WorkOrderDetail
function serve(order: WorkOrderDetail, evaluation: unknown = null) {
  current = order
  return installFakeApi()
    .on('GET', '/api/acWorkOrder/getWorkDetail', () => ok(current))
    .on('POST', '/api/appWorkOrderCommunicationRecords/updRecordLook', () => ok(null))
    .on('GET', '/api/acWorkOrder/judgeIsEvalaute', () => ok(evaluation))
    .on('POST', '/api/acWorkOrder/closeWorkOrder', (b) => {
      current = { ...current, status: b.isClose === 1 ? 4 : 3 }
      return ok(null)
    })
    .on('POST', '/api/acWorkOrder/openWorkOrder', (b) => {
      current = { ...current, status: b.communicateReason ? 0 : 2 }
      return ok(null)
    })
    .on('POST', '/api/acWorkOrder/urgentWorkOrder', () => {
      current = { ...current, urgedAt: '2026-11-22T00:00:00Z', isUrgent: 1 }
      return ok(null)
    })
    .on('POST', '/api/appWorkOrderCommunicationRecords/saveRecords', () => ok(null))
    .on('POST', '/api/acWorkOrder/deleteWorkOrder', () => ok(null))
}

const posted = (api: FakeApi, path: string) => api.calls.filter((c) => c.path === path).map((c) => c.body)
/** A textarea of the page, once the page has rendered it. */
const textareaNow = (name: string) =>
  document.querySelector(`textarea[name="${name}"]`) as HTMLTextAreaElement
const textarea = (name: string) =>
  waitFor(() => {
    const element = textareaNow(name)
    if (!element) throw new Error(`no textarea ${name}`)
    return element
  })
const toasts = () => useToasts.getState().toasts.map((t) => t.message)

beforeEach(() => {
  Taro.clearStorageSync()
  useToasts.setState({ toasts: [] })
  useSession.getState().signIn({ token: 't1', accountId: 101, subAccountId: 0, role: 0 })
  useSession.getState().setUserinfo({ memberId: 11, bindPhone: '13800000001', role: 0 } as never)
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
})
afterEach(() => jest.restoreAllMocks())

describe('/workOrderDetail (doc2 §2, §4)', () => {
  it('marks the replies viewed, shows fields, files and records sanitised, the member phone masked', async () => {
    const api = serve(detail(0))
    render(<WorkOrderDetailView id='5' />)
    expect(await screen.findByText('工单编号：20260005')).toBeInTheDocument()
    expect(posted(api, '/api/appWorkOrderCommunicationRecords/updRecordLook')).toEqual([{ workOrderId: 5 }])
    expect(screen.getByText('已分配')).toHaveClass('wo-status--green')
    expect(document.body.innerHTML).not.toContain('onerror')
    expect(document.body.innerHTML).not.toContain('<script')
    const records = screen.getByRole('list', { name: '沟通记录' })
    expect(records.textContent).toContain('我（138****0001）')
    expect(records.textContent).not.toContain('13800000001')
    const user = userEvent.setup()
    await user.click(screen.getByLabelText('预览 shot.png'))
    expect(previewImages).toHaveBeenCalledWith(
      ['https://files.example/F1?sig=1'],
      'https://files.example/F1?sig=1',
    )
    expect(screen.getByRole('link', { name: '打开 log.zip' })).toBeInTheDocument()
  })

  it('shows typed line breaks in the description and the records, still sanitised', async () => {
    const order = detail(2)
    order.acWorkOrderDataPos[0].fieldValue = '首页打不开\n换浏览器也一样<img src=x onerror="alert(1)">'
    order.recordsDtos[0].content = '继续咨询：\n第一点\n第二点'
    serve(order)
    render(<WorkOrderDetailView id='5' />)
    const records = await screen.findByRole('list', { name: '沟通记录' })
    expect(records.innerHTML).toMatch(/继续咨询：<br\/?>第一点<br\/?>第二点/)
    const info = screen.getByLabelText('工单信息')
    expect(info.innerHTML).toMatch(/首页打不开<br\/?>换浏览器也一样/)
    expect(info.innerHTML).not.toContain('onerror')
  })

  it('keeps typed line breaks in every multi-line field (退款原因, 合作意向, 主营业务…), sanitised', async () => {
    const order = detail(2, {
      acWorkOrderDataPos: [
        { fieldCode: 'drawbackReason', name: '退款原因', fieldValue: '重复购买\n多付了一笔', sort: 1 },
        { fieldCode: 'collaborationMessage', name: '合作意向', fieldValue: '代理\n华东区', sort: 2 },
        {
          fieldCode: 'mainBusiness',
          name: '主营业务',
          fieldValue: '建材\n家居<img src=x onerror="alert(1)">',
          sort: 3,
        },
        { fieldCode: 'duties', name: '职务', fieldValue: '总经理\n法人', sort: 4 },
        { fieldCode: 'corporateName', name: '公司名称', fieldValue: '星辰科技', sort: 5 },
      ],
    })
    serve(order)
    render(<WorkOrderDetailView id='5' />)
    await screen.findByText('工单编号：20260005')
    const info = screen.getByLabelText('工单信息')
    expect(info.innerHTML).toMatch(/重复购买<br\/?>多付了一笔/)
    expect(info.innerHTML).toMatch(/代理<br\/?>华东区/)
    expect(info.innerHTML).toMatch(/建材<br\/?>家居/)
    expect(info.innerHTML).toMatch(/总经理<br\/?>法人/)
    expect(info.innerHTML).not.toContain('onerror')
    expect(within(info).getByText('星辰科技')).toBeInTheDocument()
  })

  it('names each group of files under 工单信息 and shows the names of documents', async () => {
    serve(
      detail(2, {
        acWorkOrderFilePos: [file('F1', 'shot.png'), file('F2', '日志.zip')],
        licenseList: [file('L1', '营业执照.pdf')],
        identityList: [file('I1', 'id-front.jpg'), file('I2', '身份证反面.docx')],
      }),
    )
    render(<WorkOrderDetailView id='5' />)
    await screen.findByText('工单编号：20260005')
    const info = screen.getByLabelText('工单信息')
    const group = (label: string) => {
      const heading = within(info).getByText(label, { selector: '.wo-detail__label' })
      return heading.parentElement as HTMLElement
    }
    expect(within(group('附件')).getByLabelText('预览 shot.png')).toBeInTheDocument()
    expect(within(group('附件')).getByText('日志.zip')).toBeInTheDocument()
    expect(within(group('营业执照扫描件')).getByText('营业执照.pdf')).toBeInTheDocument()
    expect(within(group('联系人身份证扫描件')).getByLabelText('预览 id-front.jpg')).toBeInTheDocument()
    expect(within(group('联系人身份证扫描件')).getByText('身份证反面.docx')).toBeInTheDocument()
    expect(within(group('联系人身份证扫描件')).queryByText('营业执照.pdf')).not.toBeInTheDocument()
  })

  it('the reply box says 请先填写完整留言！ when empty and sends the trimmed message', async () => {
    const api = serve(detail(2))
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await user.click(await screen.findByRole('button', { name: '发送' }))
    expect(await screen.findByText('请先填写完整留言！')).toBeInTheDocument()
    await user.type(await textarea('reply'), '  补充截图  ')
    await user.click(screen.getByRole('button', { name: '发送' }))
    await waitFor(() =>
      expect(posted(api, '/api/appWorkOrderCommunicationRecords/saveRecords')).toEqual([
        { workOrderId: 5, content: '补充截图', acWorkOrderFilePos: [] },
      ]),
    )
  })

  it.each([0, 1, 2, 5] as const)('offers the reply box at open status %i', async (status) => {
    serve(detail(status))
    render(<WorkOrderDetailView id='5' />)
    const form = await screen.findByRole('form', { name: '留言' })
    expect(within(form).getByRole('button', { name: '发送' })).toBeInTheDocument()
  })

  it.each([3, 4] as const)('offers no reply box once closed (%i)', async (status) => {
    serve(detail(status))
    render(<WorkOrderDetailView id='5' />)
    expect(await screen.findByRole('button', { name: '继续服务' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: '留言' })).not.toBeInTheDocument()
  })

  it('at status 1 a message is sent as a message (no reopen), 继续咨询 stays beside it', async () => {
    const api = serve(detail(1))
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    const form = await screen.findByRole('form', { name: '留言' })
    expect(form.textContent).toContain('留言不会改变工单状态')
    expect(screen.getByRole('button', { name: '继续咨询' })).toBeInTheDocument()
    await user.type(await textarea('reply'), '邮件是昨天下午发的')
    await user.click(within(form).getByRole('button', { name: '发送' }))
    await waitFor(() =>
      expect(posted(api, '/api/appWorkOrderCommunicationRecords/saveRecords')).toEqual([
        { workOrderId: 5, content: '邮件是昨天下午发的', acWorkOrderFilePos: [] },
      ]),
    )
    expect(posted(api, '/api/acWorkOrder/openWorkOrder')).toEqual([])
  })

  it('close needs one of the seven reasons: 请选择关闭工单的原因, then 当前工单已关闭！', async () => {
    const api = serve(detail(2))
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await user.click(await screen.findByRole('button', { name: '关闭工单' }))
    const dialog = screen.getByRole('dialog', { name: '关闭工单' })
    expect(within(dialog).getAllByRole('radio')).toHaveLength(7)
    await user.click(within(dialog).getByRole('button', { name: '确认关闭' }))
    expect(await within(dialog).findByText('请选择关闭工单的原因')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: '响应太慢' }))
    await user.click(within(dialog).getByRole('button', { name: '确认关闭' }))
    await waitFor(() =>
      expect(posted(api, '/api/acWorkOrder/closeWorkOrder')).toEqual([
        { id: 5, closeReason: '响应太慢', isClose: 1 },
      ]),
    )
    expect(toasts()).toContain('当前工单已关闭！')
    expect(await screen.findByRole('button', { name: '继续服务' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '发送' })).not.toBeInTheDocument()
  })

  it('at status 1: 继续咨询 needs a message (请输入); 确认完结 asks first, then closeWorkOrder isClose 0', async () => {
    const api = serve(detail(1))
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    expect(await screen.findByText('待您确认')).toHaveClass('wo-status--orange')
    await user.click(screen.getByRole('button', { name: '继续咨询' }))
    const dialog = screen.getByRole('dialog', { name: '继续咨询' })
    await user.click(within(dialog).getByRole('button', { name: '提交' }))
    expect(await within(dialog).findByText('请输入')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: '取消' }))

    await user.click(screen.getByRole('button', { name: '确认完结' }))
    expect(posted(api, '/api/acWorkOrder/closeWorkOrder')).toEqual([])
    expect(await screen.findByText('请确认该工单是否已完结？')).toBeInTheDocument()
    await user.click(screen.getByText('确定'))
    await waitFor(() =>
      expect(posted(api, '/api/acWorkOrder/closeWorkOrder')).toEqual([
        { id: 5, closeReason: '', isClose: 0 },
      ]),
    )
  })

  it('reopen after closing: reason and description required, the 2-hour note, back to assigned', async () => {
    const api = serve(detail(4))
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await user.click(await screen.findByRole('button', { name: '继续服务' }))
    const dialog = screen.getByRole('dialog', { name: '重开服务' })
    expect(dialog.textContent).toContain('2小时内处理')
    await user.click(within(dialog).getByRole('button', { name: '提交' }))
    expect(await within(dialog).findByText('请选择重开服务的原因')).toBeInTheDocument()
    expect(within(dialog).getByText('请输入问题描述')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: '问题未解决' }))
    await user.type(await textarea('问题描述'), '还是打不开')
    await user.click(within(dialog).getByRole('button', { name: '提交' }))
    await waitFor(() =>
      expect(posted(api, '/api/acWorkOrder/openWorkOrder')).toEqual([
        { id: 5, content: '还是打不开', communicateReason: '问题未解决' },
      ]),
    )
    expect(await screen.findByText('已分配')).toBeInTheDocument()
  })

  it('urgent once; delete only when closed, after a confirmation; 立即评价 at status 3', async () => {
    const api = serve(detail(3), { evaluateStatus: 0, url: '/evaluate?uuId=abc' })
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    expect(await screen.findByRole('button', { name: '立即评价' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '申请加急' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '删除' }))
    expect(posted(api, '/api/acWorkOrder/deleteWorkOrder')).toEqual([])
    await user.click(await screen.findByText('确定'))
    await waitFor(() => expect(posted(api, '/api/acWorkOrder/deleteWorkOrder')).toEqual([{ id: 5 }]))
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/workorders/pages/my/index' }))
  })

  it('urgent is offered until it was asked for once', async () => {
    const api = serve(detail(0))
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await user.click(await screen.findByRole('button', { name: '申请加急' }))
    await waitFor(() => expect(posted(api, '/api/acWorkOrder/urgentWorkOrder')).toEqual([{ id: 5 }]))
    await waitFor(() => expect(screen.queryByRole('button', { name: '申请加急' })).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument()
  })

  it('the product detail dialog', async () => {
    serve(detail(2))
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await user.click(await screen.findByRole('button', { name: '产品详情' }))
    const dialog = screen.getByRole('dialog', { name: '产品详情' })
    expect(dialog.textContent).toContain('MC100')
    expect(dialog.textContent).toContain('标准版')
  })
})

describe('the reply box draft', () => {
  it('survives leaving the page and a cleared session, and goes once sent', async () => {
    const api = serve(detail(2))
    const user = userEvent.setup()
    const first = render(<WorkOrderDetailView id='5' />)
    await screen.findByRole('button', { name: '发送' })
    await user.type(await textarea('reply'), '写到一半')
    first.unmount()
    // An idle logout or a 996 clears the session store only; the same member logs in again.
    useSession.getState().clear()
    useSession.getState().signIn({ token: 't2', accountId: 101, subAccountId: 0, role: 0 })
    useSession.getState().setUserinfo({ memberId: 11, bindPhone: '13800000001', role: 0 } as never)
    render(<WorkOrderDetailView id='5' />)
    await waitFor(() => expect(textareaNow('reply')?.value).toBe('写到一半'))
    await user.click(screen.getByRole('button', { name: '发送' }))
    await waitFor(() =>
      expect(posted(api, '/api/appWorkOrderCommunicationRecords/saveRecords')).toHaveLength(1),
    )
    await waitFor(() => expect(textareaNow('reply')?.value).toBe(''))
    expect(Taro.getStorageInfoSync().keys.filter((k: string) => k.startsWith('mc-wo-draft'))).toEqual([])
  })
})

describe('header badge and maintenance items', () => {
  it('opening the detail marks its replies viewed and the header 工单 badge drops; the badge opens /myWorkOrder', async () => {
    let unread = 2
    serve(detail(2))
      .on('GET', '/api/pc/getUnReadCount', () => ok(0))
      .on('GET', '/api/appWorkOrderCommunicationRecords/getRecordCount', () => ok(unread))
      .on('POST', '/api/appWorkOrderCommunicationRecords/updRecordLook', () => {
        unread = 0
        return ok(null)
      })
    const user = userEvent.setup()
    const view = render(<Header />)
    expect(await screen.findByRole('link', { name: '工单 2' })).toBeInTheDocument()
    view.rerender(
      <>
        <Header />
        <WorkOrderDetailView id='5' />
      </>,
    )
    await screen.findByText('工单编号：20260005')
    expect(await screen.findByRole('link', { name: '工单' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: '工单' }))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/workorders/pages/my/index' })
  })

  it('调整服务项目 starts from the current request, counts up to what remains plus what the order holds, sends every item', async () => {
    const item = (
      code: string,
      projectName: string,
      isInputBox: 0 | 1,
      inputNum: number,
      resisueNum: number,
    ) => ({
      code: code as 'pageAdjust',
      projectName,
      unit: isInputBox ? '张' : '',
      inputNum,
      resisueNum,
      isInputBox,
      isDisplay: 1 as const,
      isSelected: (inputNum > 0 ? 1 : 0) as 0 | 1,
      isUpdate: 0 as const,
    })
    const api = serve(
      detail(2, {
        type: 4,
        serviceProject: [
          item('posterDesign', '海报设计', 1, 2, 1),
          item('contentUpload', '内容上传', 1, 0, 100),
          item('seoSettings', 'SEO设置', 0, 1, 0),
          item('onlineMap', '在线地图', 0, 0, 0),
        ],
      }),
    )
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await user.click(await screen.findByRole('button', { name: '调整服务项目' }))
    const dialog = screen.getByRole('dialog', { name: '调整服务项目' })
    const input = (code: string) =>
      waitFor(() => {
        const element = dialog.querySelector(`input[name="service-${code}"]`) as HTMLInputElement | null
        if (!element) throw new Error('no input')
        return element
      })
    const posters = await input('posterDesign')
    // What the order asks now is filled in; the switch it holds stays on and can be turned off.
    expect(posters.value).toBe('2')
    // 2 held by this order and 1 remaining: its own use is not counted as left.
    expect(within(dialog).getByText('本单 2 张 · 剩余 1 张')).toBeInTheDocument()
    const seo = within(dialog).getByRole('checkbox', { name: 'SEO设置' })
    expect(seo).toHaveAttribute('aria-checked', 'true')
    expect(seo.getAttribute('aria-disabled')).not.toBe('true')
    expect(within(dialog).getByRole('checkbox', { name: '在线地图' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    // 2 held + 1 remaining: 4 is cleared, 3 is kept.
    await user.clear(posters)
    await user.type(posters, '4')
    expect(posters.value).toBe('')
    await user.type(posters, '3')
    await user.type(await input('contentUpload'), '10')
    await user.click(within(dialog).getByRole('button', { name: '提交' }))
    await waitFor(() =>
      expect(posted(api, '/api/acWorkOrder/openWorkOrder')).toEqual([
        {
          id: 5,
          content: '服务项目调整',
          communicateReason: '',
          serviceProject: [
            { code: 'posterDesign', inputNum: 3 },
            { code: 'contentUpload', inputNum: 10 },
            { code: 'seoSettings', inputNum: 1 },
            { code: 'onlineMap', inputNum: 0 },
          ],
        },
      ]),
    )
  })

  it('调整服务项目 with everything turned off says 服务项目请填写至少一项', async () => {
    const api = serve(
      detail(2, {
        type: 4,
        serviceProject: [
          {
            code: 'seoSettings',
            projectName: 'SEO设置',
            unit: '',
            inputNum: 1,
            resisueNum: 0,
            isInputBox: 0,
            isDisplay: 1,
            isSelected: 1,
            isUpdate: 0,
          },
        ],
      }),
    )
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await user.click(await screen.findByRole('button', { name: '调整服务项目' }))
    const dialog = screen.getByRole('dialog', { name: '调整服务项目' })
    await user.click(within(dialog).getByRole('checkbox', { name: 'SEO设置' }))
    await user.click(within(dialog).getByRole('button', { name: '提交' }))
    expect(await within(dialog).findByText('服务项目请填写至少一项')).toBeInTheDocument()
    expect(posted(api, '/api/acWorkOrder/openWorkOrder')).toEqual([])
  })
})
