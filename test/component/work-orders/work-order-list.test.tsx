import Taro from '@tarojs/taro'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WorkOrderSummary } from '../../../src/core/contract/work-orders'
import { previewImages } from '../../../src/core/platform/image-preview'
import { useToasts } from '../../../src/core/ui/toast'
import { WorkOrderList } from '../../../src/features/work-orders/components/WorkOrderList'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

let mockDesktop = true
jest.mock('../../../src/core/platform/image-preview', () => ({ previewImages: jest.fn() }))
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))
// The page is hidden (another page opened on top of it) and shown again through this.
let mockSetShown: (shown: boolean) => void = () => undefined
jest.mock('../../../src/core/ui/usePageShown', () => ({
  usePageShown: () => {
    const [shown, setShown] = jest.requireActual('react').useState(true)
    mockSetShown = setShown
    return shown
  },
}))

const order = (id: number, status: WorkOrderSummary['status']): WorkOrderSummary => ({
  id,
  number: String(20260000 + id),
  type: 2,
  description: `问题${id}`,
  submitTime: '2026-11-21T16:30:00Z',
  lastUpdateTime: '2026-11-22T01:00:00Z',
  status,
  readState: 1,
  isUrgent: 0,
})

function serve(all: WorkOrderSummary[], inService = 2) {
  let rows = [...all]
  return installFakeApi()
    .on('GET', '/api/acWorkOrder/getMyWorkOrderList', (q) => {
      const asked = q.status === undefined ? null : String(q.status).split(',').map(Number)
      const filtered = rows.filter((o) => !asked || asked.includes(o.status))
      const size = Number(q.pageSize)
      const start = (Number(q.pageNum) - 1) * size
      return ok({
        data: filtered.slice(start, start + size),
        total: filtered.length,
        pages: Math.ceil(filtered.length / size),
      })
    })
    .on('GET', '/api/acWorkOrder/getMyWorkOrderCount', () => ok(inService))
    .on('POST', '/api/acWorkOrder/deleteWorkOrder', (b) => {
      rows = rows.filter((o) => o.id !== b.id)
      return ok(null)
    })
}

const listCalls = (api: FakeApi) =>
  api.calls.filter((c) => c.path === '/api/acWorkOrder/getMyWorkOrderList').map((c) => c.body)
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement

beforeEach(() => {
  mockDesktop = true
  useToasts.setState({ toasts: [] })
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
})
afterEach(() => jest.restoreAllMocks())

describe('/myWorkOrder (doc2 §2)', () => {
  it('desktop: a table of number, category, description, UTC+8 time and status, 10 a page, 服务中（n）', async () => {
    const api = serve([order(1, 0), order(2, 4)], 1)
    render(<WorkOrderList />)
    const table = await screen.findByRole('table', { name: '工单列表' })
    const first = within(table).getAllByRole('row')[1]
    expect(first.textContent).toContain('20260001')
    expect(first.textContent).toContain('售后咨询')
    expect(first.textContent).toContain('问题1')
    expect(first.textContent).toContain('2026-11-22 00:30:00')
    expect(first.textContent).toContain('已分配')
    expect(listCalls(api)[0]).toEqual({ pageNum: '1', pageSize: '10' })
    expect(await screen.findByRole('tab', { name: '服务中（1）' })).toBeInTheDocument()
  })

  it('the pictures an order was submitted with are previewed from the list, on desktop and phones', async () => {
    const picture = (fileId: string) => ({
      fileId,
      fileName: `${fileId}.png`,
      fileUrl: `/api/user/downLoadFile?fileId=${fileId}&sig=1`,
      fileSize: 10,
      type: 0 as const,
    })
    const withImages = { ...order(1, 0), images: [picture('F1'), picture('F2')] }
    for (const desktop of [true, false]) {
      mockDesktop = desktop
      ;(previewImages as jest.Mock).mockClear()
      serve([withImages, order(2, 0)])
      const user = userEvent.setup()
      const view = render(<WorkOrderList />)
      await user.click(await screen.findByRole('button', { name: '预览 20260001 的图片' }))
      expect(previewImages).toHaveBeenCalledWith(
        ['/api/user/downLoadFile?fileId=F1&sig=1', '/api/user/downLoadFile?fileId=F2&sig=1'],
        '/api/user/downLoadFile?fileId=F1&sig=1',
      )
      expect(screen.queryByRole('button', { name: '预览 20260002 的图片' })).not.toBeInTheDocument()
      expect(Taro.navigateTo).not.toHaveBeenCalled()
      view.unmount()
    }
  })

  it('back from a detail: the list and the 服务中 count load again, the rows staying meanwhile', async () => {
    const first = order(1, 0)
    const api = serve([first, order(2, 0)], 2)
    render(<WorkOrderList />)
    const table = await screen.findByRole('table', { name: '工单列表' })
    expect(await screen.findByRole('tab', { name: '服务中（2）' })).toBeInTheDocument()
    const counts = () => api.calls.filter((c) => c.path === '/api/acWorkOrder/getMyWorkOrderCount')

    act(() => mockSetShown(false))
    first.status = 3
    expect(listCalls(api)).toHaveLength(1)
    act(() => mockSetShown(true))
    expect(screen.getByRole('table', { name: '工单列表' })).toBe(table)
    await waitFor(() => expect(within(table).getAllByRole('row')[1].textContent).toContain('已完结'))
    expect(listCalls(api)).toEqual([
      { pageNum: '1', pageSize: '10' },
      { pageNum: '1', pageSize: '10' },
    ])
    expect(counts()).toHaveLength(2)
  })

  it('删除 only on closed orders, after a confirmation', async () => {
    const api = serve([order(1, 2), order(2, 3)])
    const user = userEvent.setup()
    render(<WorkOrderList />)
    await screen.findByRole('table', { name: '工单列表' })
    expect(screen.queryByRole('button', { name: '删除 20260001' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '删除 20260002' }))
    expect(api.calls.some((c) => c.path === '/api/acWorkOrder/deleteWorkOrder')).toBe(false)
    await user.click(await screen.findByText('确定'))
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.path === '/api/acWorkOrder/deleteWorkOrder').map((c) => c.body),
      ).toEqual([{ id: 2 }]),
    )
    await waitFor(() => expect(screen.queryByText('问题2')).not.toBeInTheDocument())
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain('删除成功')
  })

  it('filters: the number keeps digits (8 at most), status and description are sent with 查询', async () => {
    const api = serve([order(1, 4)])
    const user = userEvent.setup()
    render(<WorkOrderList />)
    await screen.findByRole('table', { name: '工单列表' })
    await user.type(input('orderNum'), '12ab34567890')
    expect(input('orderNum').value).toBe('12345678')
    await user.type(input('description'), ' 打不开 ')
    await user.click(
      within(screen.getByRole('radiogroup', { name: '状态' })).getByRole('radio', { name: '已关闭' }),
    )
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '10',
        orderNum: '12345678',
        description: '打不开',
        status: '4',
      }),
    )
  })

  it("the submit dates: the browser's date fields, bounded to 2000 to today; phones need both", async () => {
    mockDesktop = false
    const api = serve([order(1, 4)])
    const user = userEvent.setup()
    render(<WorkOrderList />)
    await screen.findByRole('list', { name: '工单列表' })
    await user.click(screen.getByRole('button', { name: '筛选' }))
    const start = screen.getByLabelText('开始日期') as HTMLInputElement
    const end = screen.getByLabelText('结束日期') as HTMLInputElement
    expect([start.type, start.min, end.min]).toEqual(['date', '2000-01-01', '2000-01-01'])
    expect(end.max).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const searched = listCalls(api).length

    fireEvent.change(start, { target: { value: '2026-11-02' } })
    await user.click(screen.getByRole('button', { name: '查询' }))
    expect(screen.getByText('请选择开始日期和结束日期')).toBeInTheDocument()
    fireEvent.change(end, { target: { value: '2026-11-01' } })
    await user.click(screen.getByRole('button', { name: '查询' }))
    expect(screen.getByText('开始日期不能晚于结束日期')).toBeInTheDocument()
    expect(listCalls(api)).toHaveLength(searched)

    fireEvent.change(start, { target: { value: '2026-10-01' } })
    await user.click(screen.getByRole('button', { name: '查询' }))
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '5',
        submitTimeStartDate: '2026-10-01',
        submitTimeEndDate: '2026-11-01',
      }),
    )
    expect(screen.queryByText('开始日期不能晚于结束日期')).not.toBeInTheDocument()
    // 重置 empties both fields, and their labels show again.
    await user.click(screen.getByRole('button', { name: '筛选（1）' }))
    await user.click(screen.getByRole('button', { name: '重置' }))
    await user.click(screen.getByRole('button', { name: '筛选' }))
    const emptied = screen.getByLabelText('开始日期') as HTMLInputElement
    expect([emptied.value, (screen.getByLabelText('结束日期') as HTMLInputElement).value]).toEqual(['', ''])
    expect(emptied.closest('.date-field--empty')).toBeTruthy()
  })

  it('phones: the filters wait behind 筛选, which counts those in use; 查询 applies and closes them', async () => {
    mockDesktop = false
    const api = serve([order(1, 4)])
    const user = userEvent.setup()
    render(<WorkOrderList />)
    await screen.findByRole('list', { name: '工单列表' })
    expect(screen.queryByRole('search', { name: '工单筛选' })).not.toBeInTheDocument()
    const toggle = screen.getByRole('button', { name: '筛选' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle)
    const panel = screen.getByRole('search', { name: '工单筛选' })
    await user.type(input('description'), '打不开')
    await user.click(within(panel).getByRole('radio', { name: '已关闭' }))
    await user.click(within(panel).getByRole('button', { name: '查询' }))
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ description: '打不开', status: '4' }))
    expect(screen.queryByRole('search', { name: '工单筛选' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: '筛选（2）' }).textContent).toBe('筛选2')

    // What is typed but not applied does not count.
    await user.click(screen.getByRole('button', { name: '筛选（2）' }))
    await user.clear(input('description'))
    expect(screen.getByRole('button', { name: '筛选（2）' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '重置' }))
    expect(screen.getByRole('button', { name: '筛选' })).toBeInTheDocument()
  })

  it('desktop keeps the filters inline, with no 筛选 button', async () => {
    serve([order(1, 4)])
    render(<WorkOrderList />)
    await screen.findByRole('table', { name: '工单列表' })
    expect(screen.getByRole('search', { name: '工单筛选' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^筛选/ })).not.toBeInTheDocument()
  })

  it('the 服务中 tab and its count ask for statuses 0, 1, 2 and 5', async () => {
    const api = serve([order(1, 0), order(2, 3)])
    const user = userEvent.setup()
    render(<WorkOrderList />)
    await user.click(await screen.findByRole('tab', { name: '服务中（2）' }))
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ status: '0,1,2,5' }))
    expect(listCalls(api).at(-1)).not.toHaveProperty('keyword')
    const counts = api.calls.filter((c) => c.path === '/api/acWorkOrder/getMyWorkOrderCount')
    expect(counts.at(-1)?.body).toEqual({ status: '0,1,2,5' })
  })

  it('empty: 暂无数据; failure: the message with 重试', async () => {
    let broken = true
    installFakeApi()
      .on('GET', '/api/acWorkOrder/getMyWorkOrderList', () =>
        broken ? fail(500, '服务器繁忙') : ok({ data: [], total: 0, pages: 0 }),
      )
      .on('GET', '/api/acWorkOrder/getMyWorkOrderCount', () => ok(0))
    const user = userEvent.setup()
    render(<WorkOrderList />)
    expect((await screen.findByRole('alert')).textContent).toContain('服务器繁忙')
    broken = false
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect((await screen.findByRole('status')).textContent).toBe('暂无数据')
  })

  it('phones: cards, 5 at a time, with 加载更多', async () => {
    mockDesktop = false
    const api = serve([1, 2, 3, 4, 5, 6].map((id) => order(id, 0)))
    const user = userEvent.setup()
    render(<WorkOrderList />)
    const cards = await screen.findByRole('list', { name: '工单列表' })
    expect(within(cards).getAllByRole('listitem')).toHaveLength(5)
    await user.click(screen.getByRole('button', { name: '加载更多' }))
    await waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(6))
    expect(listCalls(api)[0]).toEqual({ pageNum: '1', pageSize: '5' })
  })
})
