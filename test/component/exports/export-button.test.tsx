import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { REVERIFY_CODE } from '../../../src/core/contract/fresh-session'
import { useToasts } from '../../../src/core/ui/toast'
import { ReverifyHost } from '../../../src/features/account/components/ReverifyHost'
import { ExportButton } from '../../../src/features/exports/components/ExportButton'
import { fail, installFakeApi, type FakeApi } from '../support/fake-api'
import { signInAsDemoOwner } from '../support/session'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const FILE_NAME = '操作日志_demo_main_20261207.xlsx'

let api: FakeApi
/** What the export route answers next: a file, or an envelope (the fake API's JSON answers). */
let answerWith: () => Response | null
/** The downloads started: the <a download> names clicked. */
let saved: string[]
let release: () => void

function fileAnswer() {
  return new Response(new Blob(['PK']), {
    status: 200,
    headers: {
      'content-type': XLSX_TYPE,
      'content-disposition': `attachment; filename="operateLog_demo_main_20261207.xlsx"; filename*=UTF-8''${encodeURIComponent(FILE_NAME)}`,
    },
  })
}

beforeEach(() => {
  signInAsDemoOwner()
  useToasts.setState({ toasts: [] })
  saved = []
  api = installFakeApi()
  const fake = global.fetch
  answerWith = fileAnswer
  // The export route's files go around the fake API (which answers JSON only); its refusals through it.
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if (!url.pathname.startsWith('/api/app/exports/')) return fake(input, init)
    api.calls.push({
      method: 'GET',
      path: url.pathname,
      body: Object.fromEntries(url.searchParams.entries()),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    })
    await new Promise<void>((resolve) => (release = resolve))
    return answerWith() ?? fake(input, init)
  }) as typeof fetch
  URL.createObjectURL = jest.fn(() => 'blob:export')
  URL.revokeObjectURL = jest.fn()
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
})

afterEach(() => jest.restoreAllMocks())

const toasts = () => useToasts.getState().toasts.map((t) => t.message)
const exportCalls = () => api.calls.filter((c) => c.path.startsWith('/api/app/exports/'))

async function choose(format: 'Excel（XLSX）' | 'CSV') {
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: '导出' }))
  await user.click(screen.getByRole('menuitem', { name: format }))
}

describe('导出 button', () => {
  it('offers XLSX and CSV, sends the session and the filters, and saves the file under its Chinese name', async () => {
    render(<ExportButton kind='workOrders' filters={{ status: '2,5', from: '2026-11-01', orderNum: '' }} />)
    await choose('CSV')
    const busy = screen.getByRole('button', { name: /导出中/ })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    release()
    await waitFor(() => expect(saved).toEqual([FILE_NAME]))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '导出' })).toHaveAttribute('aria-disabled', 'false'),
    )
    const [call] = exportCalls()
    expect(call.path).toBe('/api/app/exports/workOrders')
    expect(call.body).toEqual({ format: 'csv', status: '2,5', from: '2026-11-01' })
    expect(call.headers.token).toBe('t1')
    expect(toasts()).toEqual([])
  })

  it('shows the server’s refusal and saves nothing', async () => {
    answerWith = () => null
    api.on('GET', '/api/app/exports/orders', () => fail(400, '请选择正确的日期范围'))
    render(<ExportButton kind='orders' />)
    await choose('Excel（XLSX）')
    release()
    await waitFor(() => expect(toasts()).toEqual(['请选择正确的日期范围']))
    expect(saved).toEqual([])
  })

  it('shows the network failure when no answer came', async () => {
    answerWith = () => {
      throw new TypeError('Failed to fetch')
    }
    render(<ExportButton kind='orders' />)
    await choose('Excel（XLSX）')
    release()
    await waitFor(() => expect(toasts()).toEqual(['网络异常，请检查网络后重试']))
  })

  it('re-verifies first when the session is not fresh (操作保护), and closing it abandons quietly', async () => {
    answerWith = () => null
    api.on('GET', '/api/app/exports/operateLog', () => ({
      code: REVERIFY_CODE,
      message: '为了您的账号安全，请先完成短信验证',
      data: { method: 'sms' },
    }))
    const user = userEvent.setup()
    render(
      <>
        <ExportButton kind='operateLog' />
        <ReverifyHost />
      </>,
    )
    await choose('Excel（XLSX）')
    release()
    expect(await screen.findByRole('dialog', { name: '安全验证' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '安全验证' })).not.toBeInTheDocument())
    expect(toasts()).toEqual([])
    expect(saved).toEqual([])
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '导出' })).toHaveAttribute('aria-disabled', 'false'),
    )
  })
})

describe('the format menu', () => {
  it('closes on a click elsewhere without exporting', async () => {
    const user = userEvent.setup()
    const { container } = render(<ExportButton kind='orders' />)
    await user.click(screen.getByRole('button', { name: '导出' }))
    expect(screen.getByRole('menu', { name: '导出格式' })).toBeInTheDocument()
    await user.click(container.querySelector('.export-button__backdrop')!)
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(exportCalls()).toEqual([])
  })
})
