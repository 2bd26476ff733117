// The mini-program's 扫码登录网页版 (security issue #20): scanning a desktop login QR approves
// nothing; a dialog names what 确认 would approve and the desktop that asked, and only 确认 posts.
import { act, render, screen, within } from '@testing-library/react'
import { scanQrCode } from '../../../src/core/platform/wechat'
import { ToastHost } from '../../../src/core/ui/ToastHost'
import { ScanLoginDialog } from '../../../src/features/auth/components/ScanLoginDialog'
import { useScanLogin } from '../../../src/features/auth/hooks/useScanLogin'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

jest.mock('../../../src/core/platform/wechat', () => ({
  ...jest.requireActual('../../../src/core/platform/wechat'),
  scanQrCode: jest.fn(),
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
        扫码登录网页版
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
  await click(screen.getByText('扫码登录网页版'))
  return screen.findByLabelText('确认登录')
}

beforeEach(() => {
  jest.mocked(scanQrCode).mockResolvedValue('https://mc.example.cn/__dev/wechat/scan?code=scene-9')
  api = installFakeApi()
    .on('GET', '/api/app/scanCode', () => ok(DESCRIBED))
    .on('POST', '/api/app/scanCode', () => ok(null))
})

describe('扫码登录网页版: confirm before approving', () => {
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
    expect(await screen.findByText('已确认网页登录')).toBeTruthy()
    expect(screen.queryByLabelText('确认登录')).toBeNull()
  })

  it('取消 posts action cancel and approves nothing', async () => {
    const dialog = await scanned()
    await click(buttonIn(dialog, '取消'))
    expect(posts().map((c) => c.body)).toEqual([
      { code: 'scene-9', confirmToken: 'one-time', action: 'cancel' },
    ])
    expect(await screen.findByText('已取消网页登录')).toBeTruthy()
  })

  it('an expired QR is refused with the server’s message and no dialog', async () => {
    api.on('GET', '/api/app/scanCode', () => fail(989, '二维码已失效，请刷新二维码'))
    render(<ScanLogin />)
    await click(screen.getByText('扫码登录网页版'))
    expect(await screen.findByText('二维码已失效，请刷新二维码')).toBeTruthy()
    expect(screen.queryByLabelText('确认登录')).toBeNull()
    expect(posts()).toHaveLength(0)
  })
})
