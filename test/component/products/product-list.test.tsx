import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useToasts } from '../../../src/core/ui/toast'
import type { ProductCard } from '../../../src/features/products/api'
import { NO_WEBSITE_MANAGE, ProductList } from '../../../src/features/products/components/ProductList'
import { NO_DELIVERY_ADDRESS } from '../../../src/features/products/hooks/useProductActions'
import { useProductList } from '../../../src/features/products/hooks/useProductList'
import { installFakeApi, ok, type FakeApi } from '../support/fake-api'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))
const mockNavigateTo = jest.fn()
jest.mock('../../../src/core/routing/navigate', () => ({
  ...jest.requireActual('../../../src/core/routing/navigate'),
  navigateTo: (url: string) => mockNavigateTo(url),
}))
const mockOpenUrl = jest.fn()
jest.mock('../../../src/core/platform/links', () => ({
  openUrl: (url: string) => mockOpenUrl(url),
  openInNewTab: jest.fn(),
}))

let nextId = 1
const product = (name: string, status: number, extra: Partial<ProductCard> = {}): ProductCard => ({
  id: nextId++,
  orderCode: `MC${nextId}`,
  skuId: 'SKU-SITE-PRO',
  secondDomain: `site${nextId}`,
  realSecondDomain: '',
  websiteName: name,
  productName: '自助建站',
  productVersion: '专业版',
  channel: 32,
  newOrder: 1,
  isWebsiteManage: 1,
  source: 1,
  status,
  isExpire: 0,
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
  ...extra,
})

let api: FakeApi
function serve(all: ProductCard[], isWebsiteManage = 1) {
  api = installFakeApi().on('GET', '/api/pc/getProducts', (q) => {
    const size = Number(q.pageSize)
    const start = (Number(q.pageNum) - 1) * size
    return ok({
      data: all.slice(start, start + size),
      total: all.length,
      pages: Math.ceil(all.length / size),
      isWebsiteManage,
    })
  })
}

function Home() {
  return <ProductList list={useProductList()} />
}

const cardNamed = (name: string) => screen.getByRole('group', { name })
const buttonsOf = (name: string) =>
  within(cardNamed(name))
    .getAllByRole('button')
    .map((b) => b.textContent)

beforeEach(() => {
  mockDesktop = true
  nextId = 1
  mockNavigateTo.mockReset()
  mockOpenUrl.mockReset()
  useToasts.setState({ toasts: [] })
})

describe('home product cards (account-area §3, §4)', () => {
  const statuses = [
    product('开通中站', 0),
    product('有效站', 1, { source: 2 }),
    product('窗口内过期站', 4, { isExpire: 1 }),
    product('已退款站', 5),
    product('窗口外过期站', 4, { isExpire: 0 }),
    product('升级中站', 6),
  ]

  it('asks for 4 a page and pages on desktop', async () => {
    serve(statuses)
    render(<Home />)
    await screen.findByRole('group', { name: '开通中站' })
    expect(screen.getAllByRole('group').filter((g) => g.className.includes('product-card'))).toHaveLength(4)
    expect(api.calls.find((c) => c.path === '/api/pc/getProducts')?.body).toEqual({
      pageNum: '1',
      pageSize: '4',
    })
    await userEvent.click(screen.getByRole('button', { name: '第 2 页' }))
    await screen.findByRole('group', { name: '升级中站' })
    expect(screen.queryByRole('group', { name: '开通中站' })).not.toBeInTheDocument()
  })

  it('loads 4 more at a time on phones', async () => {
    mockDesktop = false
    serve(statuses)
    render(<Home />)
    await screen.findByRole('group', { name: '已退款站' })
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }))
    await screen.findByRole('group', { name: '升级中站' })
    expect(screen.getByRole('group', { name: '开通中站' })).toBeInTheDocument()
  })

  it('shows each status’s label and buttons', async () => {
    serve(statuses)
    render(<Home />)
    await screen.findByRole('group', { name: '开通中站' })
    expect(cardNamed('开通中站').textContent).toContain('开通中')
    expect(cardNamed('开通中站').textContent).toContain('产品')
    expect(cardNamed('有效站').textContent).toContain('站点')
    expect(buttonsOf('有效站')).toEqual(['登录后台', '续费', '升级'])
    expect(buttonsOf('窗口内过期站')).toEqual(['登录后台', '续费'])
    expect(buttonsOf('已退款站')).toEqual(['重新购买'])
    for (const button of within(cardNamed('开通中站')).getAllByRole('button')) {
      expect(button).toHaveAttribute('aria-disabled', 'true')
    }
    expect(cardNamed('有效站').textContent).toContain('2027-01-01 00:00:00')
  })

  it('hides renew and offers buy-new for an expired product past its window', async () => {
    serve([product('窗口外过期站', 4, { isExpire: 0 })])
    render(<Home />)
    await screen.findByRole('group', { name: '窗口外过期站' })
    expect(buttonsOf('窗口外过期站')).toEqual(['登录后台', '重新购买'])
  })
})

describe('card actions', () => {
  it('升级 at the top edition is disabled and says why, instead of a confirm page that refuses', async () => {
    serve([product('顶配站', 1, { canUpgrade: 0 }), product('标准站', 1, { skuId: 'SKU-SITE-STD' })])
    render(<Home />)
    const top = await screen.findByRole('group', { name: '顶配站' })
    const upgrade = within(top).getByRole('button', { name: '升级' })
    expect(upgrade).toHaveAttribute('aria-disabled', 'true')
    expect(top.textContent).toContain('当前已是最高版本，无法升级')
    await userEvent.click(upgrade)
    expect(mockNavigateTo).not.toHaveBeenCalled()
    const standard = cardNamed('标准站')
    expect(standard.textContent).not.toContain('当前已是最高版本')
    await userEvent.click(within(standard).getByRole('button', { name: '升级' }))
    expect(mockNavigateTo).toHaveBeenCalledWith(expect.stringContaining('OrderTypeId=3'))
  })

  it('renew with an unpaid renewal order (300) goes to its payment page', async () => {
    serve([product('商城', 4, { isExpire: 1 })])
    api
      .on('GET', '/api/pc/checkUnPaidOrder', () => ok({ status: 300, orderCode: 'MC300' }))
      .on('GET', '/api/pc/getRenewSkuId', () => ok('SKU-SITE-PRO'))
    render(<Home />)
    await userEvent.click(
      within(await screen.findByRole('group', { name: '商城' })).getByRole('button', { name: '续费' }),
    )
    await waitFor(() => expect(mockNavigateTo).toHaveBeenCalledWith('/orderByPlay?orderCode=MC300'))
  })

  it('renew without one (200) confirms a new renewal order', async () => {
    serve([product('官网', 1, { secondDomain: 'xingchen' })])
    api
      .on('GET', '/api/pc/checkUnPaidOrder', () => ok({ status: 200 }))
      .on('GET', '/api/pc/getRenewSkuId', () => ok('SKU-ENT-WEB'))
    render(<Home />)
    await userEvent.click(
      within(await screen.findByRole('group', { name: '官网' })).getByRole('button', { name: '续费' }),
    )
    await waitFor(() =>
      expect(mockNavigateTo).toHaveBeenCalledWith(
        '/order?SkuId=SKU-ENT-WEB&OrderTypeId=2&secondDomain=xingchen',
      ),
    )
  })

  it('renew of a 1740 product opens the partner’s page without asking the server', async () => {
    serve([product('合作站', 1, { channel: 1740, secondDomain: 'xcpartner' })])
    render(<Home />)
    await userEvent.click(
      within(await screen.findByRole('group', { name: '合作站' })).getByRole('button', { name: '续费' }),
    )
    expect(mockOpenUrl).toHaveBeenCalledWith(expect.stringContaining('partner-1740'))
    expect(api.calls.some((c) => c.path === '/api/pc/checkUnPaidOrder')).toBe(false)
  })

  it('交付中心 without an address says 暂无云梦交付中心地址', async () => {
    serve([product('定制项目', 3, { isNeedDeliver: 1, secondDomain: 'xcproject' })])
    api.on('GET', '/api/pc/getAddressByProjectStatus', () => ok({ address: '' }))
    render(<Home />)
    await userEvent.click(
      within(await screen.findByRole('group', { name: '定制项目' })).getByRole('button', {
        name: '交付中心',
      }),
    )
    await waitFor(() =>
      expect(useToasts.getState().toasts.map((t) => t.message)).toContain(NO_DELIVERY_ADDRESS),
    )
    expect(mockOpenUrl).not.toHaveBeenCalled()
  })

  it('登录后台 opens the sign-in link the server gives', async () => {
    serve([product('官网', 1)])
    api.on('GET', '/api/pc/miandenglu', () => ok({ url: 'http://localhost/__dev/products/backend?ticket=t' }))
    render(<Home />)
    await userEvent.click(
      within(await screen.findByRole('group', { name: '官网' })).getByRole('button', { name: '登录后台' }),
    )
    await waitFor(() =>
      expect(mockOpenUrl).toHaveBeenCalledWith('http://localhost/__dev/products/backend?ticket=t'),
    )
  })
})

describe('empty, denied and failed lists', () => {
  it('promotes the three products when there is none', async () => {
    serve([])
    render(<Home />)
    const promo = await screen.findByRole('region', { name: '推荐产品' })
    for (const name of ['自助建站', '企业官网', '定制方案']) {
      const item = within(promo).getByRole('group', { name })
      expect(
        within(item)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['咨询', '了解详情'])
    }
    await userEvent.click(
      within(within(promo).getByRole('group', { name: '企业官网' })).getByRole('button', {
        name: '了解详情',
      }),
    )
    expect(mockOpenUrl).toHaveBeenCalledWith(expect.stringContaining('enterprise-website'))
  })

  it('tells a sub-admin without website management why there is nothing', async () => {
    serve([], 0)
    render(<Home />)
    expect((await screen.findByRole('status')).textContent).toBe(NO_WEBSITE_MANAGE)
    expect(screen.queryByRole('region', { name: '推荐产品' })).not.toBeInTheDocument()
  })

  it('shows the server’s message with 重试 when the list fails', async () => {
    let failing = true
    api = installFakeApi().on('GET', '/api/pc/getProducts', () =>
      failing
        ? { code: 500, message: '服务器繁忙，请稍后重试', data: null }
        : ok({ data: [product('官网', 1)], total: 1, pages: 1, isWebsiteManage: 1 }),
    )
    render(<Home />)
    expect((await screen.findByRole('alert')).textContent).toContain('服务器繁忙，请稍后重试')
    failing = false
    await act(async () => screen.getByRole('button', { name: '重试' }).click())
    await screen.findByRole('group', { name: '官网' })
  })
})
