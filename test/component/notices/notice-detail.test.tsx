import Taro from '@tarojs/taro'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { NoticeDetail } from '../../../src/features/notices/api'
import { NoticeDetailView } from '../../../src/features/notices/components/NoticeDetailView'
import { fail, installFakeApi, ok } from '../support/fake-api'

// echarts cannot draw in jsdom: the lazily loaded chart module is replaced by a recorder.
jest.mock('../../../src/core/ui/chart/WebLineChart.h5', () => ({
  __esModule: true,
  default: (props: { categories: string[]; series: { name: string; data: number[] }[]; height: number }) => (
    <div data-testid='echarts' data-height={props.height}>
      {props.categories.join(',')}|{props.series.map((s) => `${s.name}:${s.data.join(',')}`).join(';')}
    </div>
  ),
}))

const detail = (overrides: Partial<NoticeDetail> = {}): NoticeDetail => ({
  id: 5,
  type: 2,
  title: '站点访问异常',
  content: '<p>您的站点出现异常</p>',
  readStatus: 0,
  templateTitle: '',
  createTime: '2026-11-21T16:30:00Z',
  ...overrides,
})

function serve(answer: (id: string) => unknown) {
  return installFakeApi().on('GET', '/api/pc/selectMessageInfoById', (q) => answer(String(q.id)))
}

beforeEach(() => {
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
})
afterEach(() => {
  jest.restoreAllMocks()
  document.querySelectorAll('[role="dialog"]').forEach((el) => el.remove())
})

describe('notice detail (account-area §2)', () => {
  it('shows the title, type, time and body of the notice asked for', async () => {
    const api = serve(() => ok(detail()))
    render(<NoticeDetailView id='5' />)
    expect(await screen.findByRole('heading', { name: '站点访问异常' })).toBeInTheDocument()
    expect(screen.getByText('站点告警')).toBeInTheDocument()
    expect(screen.getByText('2026-11-22 00:30:00')).toBeInTheDocument()
    expect(await screen.findByText('您的站点出现异常')).toBeInTheDocument()
    expect(api.calls.map((c) => c.body)).toEqual([{ id: '5' }])
  })

  it('never puts a script, an event handler or a javascript: link into the page', async () => {
    const content =
      '<p>正文</p><script>window.__pwned = 1</script><img src="/x.png" onerror="window.__pwned = 2">' +
      '<a href="javascript:alert(1)" onclick="alert(2)">链接</a><iframe src="https://evil.cn"></iframe>'
    serve(() => ok(detail({ content })))
    const { container } = render(<NoticeDetailView id='5' />)
    expect(await screen.findByText('正文')).toBeInTheDocument()
    expect(screen.getByText('链接')).toBeInTheDocument()
    expect(container.querySelector('script, iframe')).toBeNull()
    expect(container.querySelector('[onerror], [onclick]')).toBeNull()
    expect(container.innerHTML).not.toMatch(/onerror|onclick|javascript:|__pwned/)
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('shows the detail fields present for the type, and only those', async () => {
    const details = {
      workOrderNum: 'WO-20261122-1',
      workOrderTitle: '首页改版',
      workOrderProgress: '处理中',
      workOrderOperator: '',
      bindPhone: '13800000001',
    }
    serve(() => ok(detail({ type: 21, title: '工单进度更新', ...details })))
    render(<NoticeDetailView id='5' />)
    const fields = await screen.findByLabelText('消息详情')
    expect(within(fields).getByText('工单编号').nextSibling?.textContent).toBe('WO-20261122-1')
    expect(within(fields).getByText('工单进度').nextSibling?.textContent).toBe('处理中')
    expect(within(fields).getByText('138****0001')).toBeInTheDocument()
    expect(within(fields).queryByText('处理人')).not.toBeInTheDocument()
    expect(screen.getByText('工单通知')).toBeInTheDocument()
  })

  it('lists attachments: images open the previewer, files open in a new tab', async () => {
    const fileList = [
      { fileUrl: '/uploads/a.png', fileName: 'a.png', filetype: 'png', isPhoto: 1 as const },
      { fileUrl: 'https://cdn.example.cn/b.png', fileName: 'b.png', filetype: 'png', isPhoto: 1 as const },
      { fileUrl: 'https://cdn.example.cn/c.pdf', fileName: '合同.pdf', filetype: 'pdf', isPhoto: 0 as const },
    ]
    serve(() => ok(detail({ type: 3, questionReply: '已处理', fileList })))
    const open = jest.spyOn(window, 'open').mockReturnValue(null)
    const user = userEvent.setup()
    render(<NoticeDetailView id='5' />)
    const files = await screen.findByLabelText('附件')
    expect(within(files).getByLabelText('预览 a.png')).toBeInTheDocument()

    await user.click(within(files).getByLabelText('预览 b.png'))
    const preview = screen.getByRole('dialog', { name: '图片预览' })
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.cn/b.png')
    expect(preview.textContent).toContain('2 / 2')
    await user.click(within(preview).getByRole('button', { name: '上一张' }))
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('/uploads/a.png')
    await user.click(within(preview).getByRole('button', { name: '关闭预览' }))
    expect(screen.queryByRole('dialog', { name: '图片预览' })).not.toBeInTheDocument()

    await user.click(within(files).getByRole('link', { name: '打开 合同.pdf' }))
    expect(open).toHaveBeenCalledWith('https://cdn.example.cn/c.pdf', '_blank', 'noopener,noreferrer')
  })

  it('type 4 draws page views and visitor IPs by date with the site domain', async () => {
    const details = {
      domain: 'demo.site.cn',
      echartTitle: '近3日访问统计',
      xDate: ['11-20', '11-21', '11-22'],
      pvList: [120, 98, 130],
      uvList: [30, 21, 44],
    }
    serve(() => ok(detail({ type: 4, title: '访问周报', ...details })))
    render(<NoticeDetailView id='5' />)
    const chart = await screen.findByRole('img', { name: /近3日访问统计/ })
    expect(chart).toHaveStyle({ height: '260px' })
    expect(screen.getByText('站点：demo.site.cn')).toBeInTheDocument()
    const drawn = await within(chart).findByTestId('echarts')
    expect(drawn.textContent).toBe('11-20,11-21,11-22|浏览量(PV):120,98,130;访客IP(UV):30,21,44')
  })

  it('has no chart for other types', async () => {
    serve(() => ok(detail({ type: 2, xDate: ['11-20'], pvList: [1], uvList: [1] })))
    render(<NoticeDetailView id='5' />)
    await screen.findByRole('heading')
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })

  it('says 消息不存在 for an unknown or someone else’s notice', async () => {
    serve(() => fail(404, '消息不存在'))
    render(<NoticeDetailView id='99' />)
    expect(await screen.findByText('消息不存在')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument()
  })

  it('says 消息不存在 for a bad id without asking the server', async () => {
    const api = serve(() => ok(detail()))
    render(<NoticeDetailView id='abc' />)
    expect(await screen.findByText('消息不存在')).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })

  it('offers 重试 after another failure', async () => {
    let broken = true
    serve(() => (broken ? fail(500, '服务器繁忙，请稍后重试') : ok(detail())))
    const user = userEvent.setup()
    render(<NoticeDetailView id='5' />)
    expect(await screen.findByText('服务器繁忙，请稍后重试')).toBeInTheDocument()
    broken = false
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('heading', { name: '站点访问异常' })).toBeInTheDocument()
  })

  it('goes back to the notice list', async () => {
    serve(() => ok(detail()))
    const user = userEvent.setup()
    render(<NoticeDetailView id='5' />)
    await user.click(screen.getByRole('link', { name: /返回消息列表/ }))
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/notices/index' }))
  })
})
