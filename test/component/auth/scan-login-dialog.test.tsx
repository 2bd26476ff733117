// The mini-program's 扫一扫 with a desktop login QR: scanning it approves
// nothing; a dialog names what 确认 would approve and the desktop that asked, and only 确认 posts.
import { act, render, screen, within } from '@testing-library/react'
import { miniProgramLoginCode, scanQrCode } from '../../../src/core/platform/wechat'
import { ToastHost } from '../../../src/core/ui/ToastHost'
import { ScanLoginDialog } from '../../../src/features/auth/components/ScanLoginDialog'
import { useScanLogin } from '../../../src/features/auth/hooks/useScanLogin'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

jest.mock('../../../src/core/platform/wechat', () => ({
  ...jest.requireActual('../../../src/core/platform/wechat'),
  scanQrCode: jest.fn(),
  miniProgramLoginCode: jest.fn(),
}))

const DESCRIBED = {
  action: '在电脑上登录会员中心',
  browser: 'Chrome · Windows',
  ip: '203.0.113.9',
  requestedAt: '2026-03-01T02:03:04.000Z',
  confirmToken: 'one-time',
}

function ScanLogin() {
  const scan = useScanLogin()
  return (
    <>
      <button type='button' onClick={scan.start}>
        扫一扫
      </button>
      {scan.pending && <ScanLoginDialog pending={scan.pending} busy={scan.busy} onAnswer={scan.answer} />}
      <ToastHost />
    </>
  )
}

let api: FakeApi
const posts = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/api/app/scanCode')
const click = (element: Element) =>
  act(async () => {
    ;(element as HTMLElement).click()
  })
const buttonIn = (scope: HTMLElement, name: string) =>
  within(scope)
    .getAllByRole('button')
    .find((b) => b.textContent === name)!

async function scanned() {
  render(<ScanLogin />)
  await click(screen.getByText('扫一扫'))
  return screen.findByLabelText('确认登录')
}

beforeEach(() => {
  jest.mocked(scanQrCode).mockResolvedValue('https://mc.example.cn/__dev/wechat/scan?code=scene-9')
  api = installFakeApi()
    .on('GET', '/api/app/scanCode', () => ok(DESCRIBED))
    .on('POST', '/api/app/scanCode', () => ok(null))
})

describe('扫一扫: confirm before approving', () => {
  it('shows what is approved and the desktop (browser, address, UTC+8 time); posts nothing yet', async () => {
    const dialog = await scanned()
    expect(api.calls.find((c) => c.path === '/api/app/scanCode')?.body).toEqual({ code: 'scene-9' })
    expect(dialog.textContent).toContain('在电脑上登录会员中心')
    expect(dialog.textContent).toContain('Chrome · Windows')
    expect(dialog.textContent).toContain('203.0.113.9')
    expect(dialog.textContent).toContain('2026-03-01 10:03:04')
    expect(posts()).toHaveLength(0)
  })

  it('确认 posts the one-time token with action confirm', async () => {
    const dialog = await scanned()
    await click(buttonIn(dialog, '确认'))
    expect(posts().map((c) => c.body)).toEqual([
      { code: 'scene-9', confirmToken: 'one-time', action: 'confirm' },
    ])
    expect(await screen.findByText('已确认网页登录')).toBeInTheDocument()
    expect(screen.queryByLabelText('确认登录')).not.toBeInTheDocument()
  })

  it('取消 posts action cancel and approves nothing', async () => {
    const dialog = await scanned()
    await click(buttonIn(dialog, '取消'))
    expect(posts().map((c) => c.body)).toEqual([
      { code: 'scene-9', confirmToken: 'one-time', action: 'cancel' },
    ])
    expect(await screen.findByText('已取消网页登录')).toBeInTheDocument()
  })

  it('an expired QR is refused with the server’s message and no dialog', async () => {
    api.on('GET', '/api/app/scanCode', () => fail(989, '二维码已失效，请刷新二维码'))
    render(<ScanLogin />)
    await click(screen.getByText('扫一扫'))
    expect(await screen.findByText('二维码已失效，请刷新二维码')).toBeInTheDocument()
    expect(screen.queryByLabelText('确认登录')).not.toBeInTheDocument()
    expect(posts()).toHaveLength(0)
  })
})

describe("扫一扫 with a browser's 操作保护 QR: this WeChat confirms the action", () => {
  const DETAILS = '/api/app/account/reverify/wechat/details'
  const ANSWER = '/api/app/account/reverify/wechat/answer'
  const answers = () => api.calls.filter((c) => c.path === ANSWER).map((c) => c.body)

  beforeEach(() => {
    jest.mocked(scanQrCode).mockResolvedValue('member-centre:reverify:request-code-1')
    jest.mocked(miniProgramLoginCode).mockClear().mockResolvedValue('wx-login-code')
    api
      .on('GET', DETAILS, () => ok({ ...DESCRIBED, action: '修改密码', confirmToken: undefined }))
      .on('POST', ANSWER, () => ok(null))
  })

  async function scannedAction() {
    render(<ScanLogin />)
    await click(screen.getByText('扫一扫'))
    return screen.findByLabelText('确认操作')
  }

  it('names the action and the browser that asked; 确认 sends a fresh wx.login code', async () => {
    const dialog = await scannedAction()
    expect(api.calls.find((c) => c.path === DETAILS)?.body).toEqual({ code: 'request-code-1' })
    expect(dialog.textContent).toContain('修改密码')
    expect(dialog.textContent).toContain('Chrome · Windows')
    expect(answers()).toHaveLength(0)
    await click(buttonIn(dialog, '确认'))
    expect(answers()).toEqual([{ code: 'request-code-1', jsCode: 'wx-login-code', answer: 'confirm' }])
    expect(await screen.findByText('已确认网页操作')).toBeInTheDocument()
    expect(posts()).toHaveLength(0)
  })

  it('取消 answers cancel without asking WeChat for a code', async () => {
    const dialog = await scannedAction()
    await click(buttonIn(dialog, '取消'))
    expect(answers()).toEqual([{ code: 'request-code-1', jsCode: '', answer: 'cancel' }])
    expect(miniProgramLoginCode).not.toHaveBeenCalled()
    expect(await screen.findByText('已取消网页操作')).toBeInTheDocument()
  })

  it("another member's request is refused with the server's message and no dialog", async () => {
    api.on('GET', DETAILS, () => fail(400, '该验证请求不属于当前登录的账号'))
    render(<ScanLogin />)
    await click(screen.getByText('扫一扫'))
    expect(await screen.findByText('该验证请求不属于当前登录的账号')).toBeInTheDocument()
    expect(screen.queryByLabelText('确认操作')).not.toBeInTheDocument()
  })

  it('a QR that is neither kind says so', async () => {
    jest.mocked(scanQrCode).mockResolvedValue('https://example.com/')
    render(<ScanLogin />)
    await click(screen.getByText('扫一扫'))
    expect(await screen.findByText('不是会员中心的二维码')).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })
})
