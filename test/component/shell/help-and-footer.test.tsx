import Taro from '@tarojs/taro'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CUSTOMER_CHAT_URL, PRODUCT_QR_URL } from '../../../src/core/config/help'
import { enableKeyboardControls } from '../../../src/core/platform/keyboard.h5'
import { useSession, type UserInfo } from '../../../src/core/session/store'
import { PageFooter } from '../../../src/features/shell/components/PageFooter.h5'
import { HelpWidget } from '../../../src/features/shell/components/HelpWidget'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))

const profile = { memberId: 42, accountId: 1, role: 0, memberAccount: 'demo_main' } as UserInfo

beforeEach(() => {
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
  useSession.getState().setUserinfo(profile)
})
afterEach(() => jest.restoreAllMocks())

/** The QR image once the encoder has drawn it (a data: URL of the configured address). */
async function expectProductQr(scope: HTMLElement) {
  const qr = await within(scope).findByLabelText('产品二维码')
  expect(qr).toHaveAttribute('data-qr-value', PRODUCT_QR_URL)
  // Taro's H5 Image wraps the <img>.
  const src = qr.getAttribute('src') ?? qr.querySelector('img')?.getAttribute('src')
  expect(src).toMatch(/^data:image\/png;base64,/)
}

function expectCustomerService(scope: HTMLElement) {
  const chat = within(scope).getByRole('link', { name: '在线客服' })
  expect(chat).toHaveAttribute('href', `${CUSTOMER_CHAT_URL}?memberId=42`)
  expect(chat).toHaveAttribute('target', '_blank')
}

describe('help widget (doc2 §2 "Other")', () => {
  it('desktop: a side tab expands to the product QR code and online customer service', async () => {
    mockDesktop = true
    render(<HelpWidget />)
    const user = userEvent.setup()
    const tab = screen.getByRole('button', { name: '帮助' })
    expect(tab).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('dialog', { name: '帮助' })).not.toBeInTheDocument()
    await user.click(tab)
    expect(tab).toHaveAttribute('aria-expanded', 'true')
    const panel = screen.getByRole('dialog', { name: '帮助' })
    await expectProductQr(panel)
    expectCustomerService(panel)
    await user.click(tab)
    expect(screen.queryByRole('dialog', { name: '帮助' })).not.toBeInTheDocument()
  })

  it('desktop: the keyboard reaches the tab, Enter opens it and Escape closes it', async () => {
    mockDesktop = true
    enableKeyboardControls() // as app.ts does on H5
    render(<HelpWidget />)
    const user = userEvent.setup()
    await user.tab()
    const tab = screen.getByRole('button', { name: '帮助' })
    expect(tab).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('dialog', { name: '帮助' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: '帮助' })).not.toBeInTheDocument()
    await user.keyboard(' ')
    expect(screen.getByRole('dialog', { name: '帮助' })).toBeInTheDocument()
  })

  it('phone: a floating button opens a sheet with the same content, 关闭 closes it', async () => {
    mockDesktop = false
    render(<HelpWidget />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: '帮助' }))
    const sheet = screen.getByRole('dialog', { name: '帮助' })
    await expectProductQr(sheet)
    expectCustomerService(sheet)
    await user.click(within(sheet).getByRole('button', { name: '关闭' }))
    expect(screen.queryByRole('dialog', { name: '帮助' })).not.toBeInTheDocument()
  })
})

describe('footer (doc2 §2 "Other")', () => {
  it('shows the copyright and a real link to the privacy policy, opened in the app', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    render(<PageFooter />)
    const footer = screen.getByRole('contentinfo')
    expect(footer.textContent).toContain('© 2026 会员中心')
    const link = within(footer).getByRole('link', { name: '隐私政策' })
    expect(link).toHaveAttribute('href', '/agreement?name=privacy')
    await userEvent.setup().click(link)
    expect(navigate).toHaveBeenCalledWith({ url: '/pages/agreement/index?name=privacy' })
  })
})
