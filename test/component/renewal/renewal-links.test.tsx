// 续费管理 is reached from each product card on /index and from every expiry notice,
// by the main account only.
import type { Role } from '../../../src/core/contract/account'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSession } from '../../../src/core/session/store'
import type { NoticeDetail } from '../../../src/features/notices/api'
import { NoticeDetailView } from '../../../src/features/notices/components/NoticeDetailView'
import type { ProductCard } from '../../../src/features/products/api'
import { ProductList } from '../../../src/features/products/components/ProductList'
import { useProductList } from '../../../src/features/products/hooks/useProductList'
import { installFakeApi, ok } from '../support/fake-api'

jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => true }))
const mockNavigateTo = jest.fn()
jest.mock('../../../src/core/routing/navigate', () => ({
  ...jest.requireActual('../../../src/core/routing/navigate'),
  navigateTo: (url: string) => mockNavigateTo(url),
}))

const card = (id: number, websiteName: string, status: number, isExpire = 1): ProductCard => ({
  id,
  orderCode: `MC${id}`,
  skuId: 'SKU-SITE-PRO',
  secondDomain: `site${id}`,
  realSecondDomain: '',
  websiteName,
  productName: '自助建站',
  productVersion: '专业版',
  channel: 32,
  newOrder: 1,
  isWebsiteManage: 1,
  source: 1,
  status,
  isExpire,
  openTime: '2026-01-01T00:00:00Z',
  expireTime: '2026-12-31T16:00:00Z',
  payMethod: '年',
  businessCenterState: 0,
  isNeedDeliver: 0,
  isProjectFinish: 0,
  showHoutai: 1,
  isDaiweiBusiness: 0,
  relationSecondDomain: '',
  canUpgrade: 1,
})

const notice = (type: number): NoticeDetail => ({
  id: 5,
  type,
  title: '您的站点即将到期',
  content: '<p>请及时续费</p>',
  readStatus: 1,
  templateTitle: '',
  createTime: '2026-11-21T16:30:00Z',
})

function Home() {
  return <ProductList list={useProductList()} />
}

const signIn = (role: Role) =>
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: role ? 7 : 0, role })

beforeEach(() => mockNavigateTo.mockReset())
afterEach(() => jest.restoreAllMocks())

describe('the product card', () => {
  function serve() {
    installFakeApi().on('GET', '/api/pc/getProducts', () =>
      ok({
        data: [card(1, '有效站', 1), card(2, '已退款站', 5)],
        total: 2,
        pages: 1,
        isWebsiteManage: 1,
      }),
    )
  }

  it('links 续费管理 beside 续费 for the main account', async () => {
    signIn(0)
    serve()
    const user = userEvent.setup()
    render(<Home />)
    await user.click(await screen.findByRole('link', { name: '续费管理 有效站' }))
    expect(mockNavigateTo).toHaveBeenCalledWith('/renewal')
    // No 续费 on a refunded card: no 续费管理 beside it either.
    expect(screen.queryByRole('link', { name: '续费管理 已退款站' })).not.toBeInTheDocument()
  })

  it('has no 续费管理 for a sub-admin', async () => {
    signIn(1)
    serve()
    render(<Home />)
    await screen.findByRole('group', { name: '有效站' })
    expect(screen.queryByRole('link', { name: /续费管理/ })).not.toBeInTheDocument()
  })
})

describe('an expiry notice', () => {
  const serve = (type: number) =>
    installFakeApi().on('GET', '/api/pc/selectMessageInfoById', () => ok(notice(type)))

  it.each([6, 28])('of type %i offers 续费管理 to the main account', async (type) => {
    signIn(0)
    serve(type)
    const user = userEvent.setup()
    render(<NoticeDetailView id='5' />)
    await user.click(await screen.findByRole('button', { name: '续费管理' }))
    expect(mockNavigateTo).toHaveBeenCalledWith('/renewal')
  })

  it('offers nothing to a sub-admin, nor on another kind of notice', async () => {
    signIn(1)
    serve(6)
    const view = render(<NoticeDetailView id='5' />)
    await screen.findByRole('heading', { name: '您的站点即将到期' })
    expect(screen.queryByRole('button', { name: '续费管理' })).not.toBeInTheDocument()
    view.unmount()

    signIn(0)
    serve(2)
    render(<NoticeDetailView id='5' />)
    await screen.findByRole('heading', { name: '您的站点即将到期' })
    expect(screen.queryByRole('button', { name: '续费管理' })).not.toBeInTheDocument()
  })
})
