import Taro from '@tarojs/taro'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ProblemTemplate } from '../../../src/core/contract/work-orders'
import { pickFiles, sendFile } from '../../../src/core/platform/upload'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { SubmitWorkOrder } from '../../../src/features/work-orders/components/SubmitWorkOrder'
import { installFakeApi, ok, type FakeApi } from '../support/fake-api'

jest.mock('../../../src/core/platform/upload', () => ({ pickFiles: jest.fn(), sendFile: jest.fn() }))
const mockPick = pickFiles as jest.MockedFunction<typeof pickFiles>
const mockSend = sendFile as jest.MockedFunction<typeof sendFile>

const template: ProblemTemplate = {
  id: 7,
  workType: 2,
  taskName: '网站无法访问',
  fieldChild: [
    { fieldName: '问题描述', fieldCode: 'description', required: true, sort: 3 },
    { fieldName: '联系方式', fieldCode: 'telPhone', required: true, sort: 2 },
    { fieldName: '咨询订单', fieldCode: 'orderCode', required: true, sort: 1 },
    { fieldName: '营业执照', fieldCode: 'businessLicense', required: true, sort: 4 },
  ],
}

const maintenanceTemplate: ProblemTemplate = {
  id: 9,
  workType: 4,
  taskName: '服务项目申请',
  fieldChild: [{ fieldName: '问题描述', fieldCode: 'description', required: false, sort: 1 }],
}

const serviceItem = (code: string, projectName: string, isInputBox: 0 | 1, resisueNum: number) => ({
  code,
  projectName,
  unit: isInputBox ? '个' : '',
  inputNum: 0,
  resisueNum,
  isInputBox,
  isDisplay: 1,
  isSelected: 0,
  isUpdate: 0,
})

function serve(options: { maintenance?: boolean; unfinished?: boolean; blockedBy?: string | null } = {}) {
  return installFakeApi()
    .on('GET', '/api/app/websiteButler/getServiceProjectList', () =>
      ok([serviceItem('pageAdjust', '页面调整', 1, 2), serviceItem('seoSettings', 'SEO设置', 0, 1)]),
    )
    .on('GET', '/api/app/websiteButler/getDaiweiOrderList', () =>
      ok(
        options.maintenance
          ? [
              { orderCode: 'DW1', productVersion: '基础版', websiteDomain: 'a.example', termYear: 1 },
              { orderCode: 'DW2', productVersion: '标准版', websiteDomain: 'b.example', termYear: 1 },
            ]
          : [],
      ),
    )
    .on('GET', '/api/acWorkOrder/getIsExistWaitFinishWorkOrder', () =>
      ok(
        options.blockedBy !== undefined
          ? { exist: true, workOrderId: null, number: '20260077', submittedBy: options.blockedBy }
          : { exist: Boolean(options.unfinished), workOrderId: options.unfinished ? 77 : null },
      ),
    )
    .on('GET', '/api/acWorkOrder/getWorkList', (q) =>
      ok(
        q.workType === '4'
          ? [maintenanceTemplate]
          : [template, { id: 8, workType: 2, taskName: '其他', fieldChild: [] }],
      ),
    )
    .on('POST', '/api/acWorkOrder/getOrderList', () =>
      ok([
        {
          orderCode: 'MC100',
          productName: '企业官网',
          productVersion: '标准版',
          createTime: '2026-01-01T00:00:00Z',
          payAmount: '1999.00',
        },
      ]),
    )
    .on('POST', '/api/acWorkOrder/createWorkOrder', () => ok({ id: 31, number: '20260031' }))
    .on('POST', '/api/appWorkOrderCommunicationRecords/updRecordLook', () => ok(null))
}

const posted = (api: FakeApi, path: string) => api.calls.filter((c) => c.path === path).map((c) => c.body)
const radio = (group: string, name: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name })
const fieldNow = (name: string) =>
  document.querySelector(`input[name="${name}"], textarea[name="${name}"]`) as HTMLInputElement
/** Taro's inputs render their inner element asynchronously (custom elements): wait for it. */
const field = (name: string) =>
  waitFor(() => {
    const element = fieldNow(name)
    if (!element) throw new Error(`no field ${name}`)
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
  mockPick.mockReset()
  mockSend.mockReset()
})
afterEach(() => jest.restoreAllMocks())

describe('/submitWorkOrder step 1 (doc2 §2)', () => {
  it('offers 售后咨询 and 会员账号, and 代维管家 only with a maintenance order', async () => {
    serve()
    const { unmount } = render(<SubmitWorkOrder />)
    expect(await screen.findByRole('button', { name: '售后咨询' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '会员账号' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('button', { name: '代维管家' })).not.toBeInTheDocument())
    unmount()
    serve({ maintenance: true })
    render(<SubmitWorkOrder />)
    expect(await screen.findByRole('button', { name: '代维管家' })).toBeInTheDocument()
  })

  it('an unfinished maintenance work order blocks a second one', async () => {
    serve({ maintenance: true, unfinished: true })
    const user = userEvent.setup()
    render(<SubmitWorkOrder />)
    await user.click(await screen.findByRole('button', { name: '代维管家' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('您有尚未完结的代维管家工单，请先前往该工单确认完结。')
    expect(within(alert).getByRole('button', { name: '前往该工单' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: '工单信息' })).not.toBeInTheDocument()
  })
  it.each([
    [null, '该工单（编号 20260077）由主账号提交，请联系主账号确认完结。'],
    ['王五', '该工单（编号 20260077）由子账号王五提交，请联系王五或主账号确认完结。'],
  ])(
    "a sub-admin blocked by another member's order (%s) is told which one and who can confirm it",
    async (by, text) => {
      serve({ maintenance: true, blockedBy: by })
      const user = userEvent.setup()
      render(<SubmitWorkOrder />)
      await user.click(await screen.findByRole('button', { name: '代维管家' }))
      const alert = await screen.findByRole('alert')
      expect(alert.textContent).toContain('您有尚未完结的代维管家工单，请先前往该工单确认完结。')
      expect(alert.textContent).toContain(text)
      expect(within(alert).queryByRole('button', { name: '前往该工单' })).not.toBeInTheDocument()
    },
  )
})

describe('/submitWorkOrder step 2 (doc2 §2, §3, §5)', () => {
  it('type=2 opens the form; every required message, fields in sort order, the masked phone prefilled', async () => {
    const api = serve()
    const user = userEvent.setup()
    render(<SubmitWorkOrder type='2' />)
    await user.click(await screen.findByRole('button', { name: '提交' }))
    expect(await screen.findByText('请选择问题细类')).toBeInTheDocument()

    await user.click(radio('问题细类', '网站无法访问'))
    const form = screen.getByRole('form', { name: '工单信息' })
    const labels = [...form.querySelectorAll('.labelled-field__label')].map((l) => l.textContent)
    expect(labels).toEqual(['*问题细类', '*咨询订单', '*联系方式', '*问题描述', '*营业执照'])
    await waitFor(() => expect(fieldNow('telPhone')?.value).toBe('138****0001'))

    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(await screen.findByText('请选择要咨询的订单')).toBeInTheDocument()
    expect(screen.getByText('请输入问题描述')).toBeInTheDocument()
    expect(screen.getByText('请上传营业执照扫描件')).toBeInTheDocument()

    await user.clear(await field('telPhone'))
    await user.type(await field('telPhone'), '1380000')
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(await screen.findByText('请输入正确的联系方式')).toBeInTheDocument()
    expect(posted(api, '/api/acWorkOrder/createWorkOrder')).toEqual([])
  })

  it('refuses a file over 5 MB before sending it, uploads a good one, submits, then opens the detail', async () => {
    const api = serve()
    const user = userEvent.setup()
    mockPick.mockResolvedValueOnce([
      { name: 'big.pdf', size: 5 * 1024 * 1024 + 1, source: 'x' },
      { name: 'licence.png', size: 1000, source: 'y' },
    ])
    mockSend.mockImplementation(async (file, options) => {
      options.onProgress?.(100)
      return ok({ fileId: 'F1', url: '/files/F1', fileName: file.name, fileSize: file.size })
    })
    render(<SubmitWorkOrder type='2' />)
    await user.click(await screen.findByRole('radio', { name: '网站无法访问' }))
    await user.click(await screen.findByRole('combobox', { name: '咨询订单' }))
    await user.click(screen.getByRole('option', { name: 'MC100 企业官网（标准版） 2026-01-01 ¥1999.00' }))
    await user.type(await field('description'), '  首页打不开  ')
    await user.click(
      within(screen.getByRole('group', { name: '营业执照' })).getByRole('button', { name: '上传附件' }),
    )
    expect(await screen.findByText('licence.png')).toBeInTheDocument()
    expect(toasts()).toContain('上传文件大小不能超过5MB!')
    expect(mockSend).toHaveBeenCalledTimes(1)
    expect(mockSend.mock.calls[0][1]).toMatchObject({ token: 't1' })

    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(posted(api, '/api/acWorkOrder/createWorkOrder')).toHaveLength(1))
    expect(posted(api, '/api/acWorkOrder/createWorkOrder')[0]).toEqual({
      type: 2,
      templateId: 7,
      source: 1,
      acWorkOrderDataPos: [
        { fieldCode: 'orderCode', fieldValue: 'MC100', sort: 1 },
        { fieldCode: 'telPhone', fieldValue: '138****0001', sort: 2 },
        { fieldCode: 'description', fieldValue: '首页打不开', sort: 3 },
      ],
      acWorkOrderFilePos: [{ fileId: 'F1', type: 3 }],
      productVersion: '标准版',
    })
    const dialog = await screen.findByRole('dialog', { name: '提交成功' })
    expect(dialog.textContent).toContain('已为您分配专属工程师')
    // One announcement and one clear choice: no toast repeating the title, no 取消.
    expect(toasts()).not.toContain('提交成功')
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['继续提交', '查看工单'])
    // What was sent stays behind the dialog until the choice.
    expect(fieldNow('description')?.value).toBe('  首页打不开  ')
    await user.click(within(dialog).getByRole('button', { name: '查看工单' }))
    await waitFor(() =>
      expect(posted(api, '/api/appWorkOrderCommunicationRecords/updRecordLook')).toEqual([
        { workOrderId: 31 },
      ]),
    )
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/workorders/pages/detail/index?id=31' }),
    )
  })

  it('继续提交 after a submit leaves a fresh form of the category and opens nothing', async () => {
    const api = serve()
    const user = userEvent.setup()
    render(<SubmitWorkOrder type='2' />)
    await user.click(await screen.findByRole('radio', { name: '其他' }))
    await user.click(screen.getByRole('button', { name: '提交' }))
    const dialog = await screen.findByRole('dialog', { name: '提交成功' })
    expect(screen.getByRole('radio', { name: '其他' })).toHaveAttribute('aria-checked', 'true')

    await user.click(within(dialog).getByRole('button', { name: '继续提交' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '提交成功' })).not.toBeInTheDocument())
    expect(screen.getByRole('form', { name: '工单信息' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: '其他' })).toHaveAttribute('aria-checked', 'false')
    expect(screen.queryByText('已恢复上次未提交的内容')).not.toBeInTheDocument()
    expect(Taro.redirectTo).not.toHaveBeenCalled()
    expect(posted(api, '/api/appWorkOrderCommunicationRecords/updRecordLook')).toEqual([])
  })

  it('keeps what was typed as a draft of this member only, until 丢弃草稿', async () => {
    serve()
    const user = userEvent.setup()
    const first = render(<SubmitWorkOrder type='2' />)
    await user.click(await screen.findByRole('radio', { name: '网站无法访问' }))
    await user.type(await field('description'), '草稿内容')
    first.unmount()

    // Another member on this device sees an empty form.
    useSession.getState().setUserinfo({ memberId: 12, bindPhone: '13900000002', role: 0 } as never)
    const other = render(<SubmitWorkOrder type='2' />)
    await screen.findByRole('radio', { name: '网站无法访问' })
    expect(screen.queryByText('已恢复上次未提交的内容')).not.toBeInTheDocument()
    other.unmount()

    useSession.getState().setUserinfo({ memberId: 11, bindPhone: '13800000001', role: 0 } as never)
    render(<SubmitWorkOrder type='2' />)
    expect(await screen.findByText('已恢复上次未提交的内容')).toBeInTheDocument()
    await waitFor(() => expect(fieldNow('description')?.value).toBe('草稿内容'))
    await user.click(screen.getByRole('button', { name: '丢弃草稿' }))
    await waitFor(() => expect(fieldNow('description')).toBeNull())
    expect(Taro.getStorageInfoSync().keys.filter((k: string) => k.startsWith('mc-wo-draft'))).toEqual([])
  })
})

describe('/submitWorkOrder: 代维管家 (doc2 §3, §5)', () => {
  it('site and order pickers, service items whole numbers up to what remains, at least one asked for', async () => {
    const api = serve({ maintenance: true })
    const user = userEvent.setup()
    render(<SubmitWorkOrder />)
    await user.click(await screen.findByRole('button', { name: '代维管家' }))
    await user.click(await screen.findByRole('radio', { name: '服务项目申请' }))
    // Choosing the order fills its domain.
    await user.click(await screen.findByRole('radio', { name: 'DW1（基础版，a.example）' }))
    expect(screen.getByRole('radio', { name: 'a.example' })).toHaveAttribute('aria-checked', 'true')
    // Another domain with this order is explained at the order field at once.
    await user.click(screen.getByRole('radio', { name: 'b.example' }))
    const orderGroup = screen
      .getByRole('radiogroup', { name: '代维订单' })
      .closest('.labelled-field') as HTMLElement
    expect(
      within(orderGroup).getByText('所选代维订单不属于该网站域名，请重新选择代维订单'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(posted(api, '/api/acWorkOrder/createWorkOrder')).toHaveLength(0)
    await user.click(screen.getByRole('radio', { name: 'a.example' }))
    expect(
      within(orderGroup).queryByText('所选代维订单不属于该网站域名，请重新选择代维订单'),
    ).not.toBeInTheDocument()
    const pages = await field('service-pageAdjust')
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(await screen.findByText('服务项目请填写至少一项')).toBeInTheDocument()

    await user.type(pages, '3')
    expect(pages.value).toBe('')
    await user.type(pages, '2')
    expect(pages.value).toBe('2')
    await user.click(screen.getByRole('checkbox', { name: 'SEO设置' }))
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(posted(api, '/api/acWorkOrder/createWorkOrder')).toHaveLength(1))
    expect(api.calls.find((c) => c.path === '/api/app/websiteButler/getServiceProjectList')?.body).toEqual({
      orderCode: 'DW1',
      productVersion: '基础版',
    })
    expect(posted(api, '/api/acWorkOrder/createWorkOrder')[0]).toMatchObject({
      type: 4,
      templateId: 9,
      productVersion: '基础版',
      acWorkOrderDataPos: [
        { fieldCode: 'websiteDomain', fieldValue: 'a.example', sort: -2 },
        { fieldCode: 'dwServiceOrder', fieldValue: 'DW1', sort: -1 },
      ],
      serviceProject: [
        { code: 'pageAdjust', inputNum: 2 },
        { code: 'seoSettings', inputNum: 1 },
      ],
    })
  })
})
