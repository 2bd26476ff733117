import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RENEWAL_MODE, type RenewalItem } from '../../../src/core/contract/renewal'
import { useToasts } from '../../../src/core/ui/toast'
import { RenewalCentreView } from '../../../src/features/renewal/components/RenewalCentreView'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))
const mockNavigateTo = jest.fn()
jest.mock('../../../src/core/routing/navigate', () => ({
  ...jest.requireActual('../../../src/core/routing/navigate'),
  navigateTo: (url: string) => mockNavigateTo(url),
}))

const item = (businessId: number, websiteName: string, fields: Partial<RenewalItem> = {}): RenewalItem => ({
  businessId,
  productName: '企业官网',
  productVersion: '旗舰版',
  websiteName,
  secondDomain: `site${businessId}.example.cn`,
  productType: 1,
  status: 1,
  expireTime: '2026-12-20T16:00:00Z',
  daysLeft: 14,
  renewalMode: RENEWAL_MODE.remind,
  cycles: [
    { BuyCycle: 1, Price: 1980 },
    { BuyCycle: 2, Price: 3560 },
  ],
  refusal: '',
  pendingOrderCode: null,
  ...fields,
})

const DEMO = [
  item(3, '星辰博客', { expireTime: '2027-02-01T16:00:00Z', daysLeft: 57 }),
  item(1, '星辰官网', { expireTime: '2026-12-08T16:00:00Z', daysLeft: 2 }),
  item(2, '星辰商城', {
    expireTime: '2026-12-01T16:00:00Z',
    daysLeft: -5,
    renewalMode: RENEWAL_MODE.noRenew,
    cycles: [{ BuyCycle: 1, Price: 5800 }],
  }),
  item(4, '星辰小程序', { productType: 3, pendingOrderCode: 'MC202612000004' }),
  item(5, '星辰云市场站', { refusal: '该产品需前往云市场续费' }),
]

let api: FakeApi
let rows: RenewalItem[]
function serve(all: RenewalItem[] = DEMO) {
  rows = all
  api = installFakeApi()
    .on('GET', '/api/renewal/products', (q) =>
      ok(
        rows.filter(
          (r) =>
            (q.filter !== 'noRenew' || r.renewalMode === RENEWAL_MODE.noRenew) &&
            (!q.keyword || `${r.websiteName}${r.secondDomain}`.includes(String(q.keyword))),
        ),
      ),
    )
    .on('POST', '/api/renewal/mode', (b) => {
      rows = rows.map((r) => (r.businessId === b.businessId ? { ...r, renewalMode: b.mode as 0 | 1 } : r))
      return ok(null)
    })
    .on('POST', '/api/renewal/batchOrder', () =>
      ok({ orderCode: 'MC202612000009', totalAmount: '0', lines: [] }),
    )
}
const listCalls = () => api.calls.filter((c) => c.path === '/api/renewal/products').map((c) => c.body)
const orderCalls = () => api.calls.filter((c) => c.path === '/api/renewal/batchOrder').map((c) => c.body)
const toasts = () => useToasts.getState().toasts.map((t) => t.message)
const rowOf = (name: string) =>
  screen
    .getByRole('checkbox', { name: `选择 ${name} 企业官网` })
    .closest('[role="row"],[role="listitem"]') as HTMLElement
const total = () => screen.getByLabelText('合计金额').textContent

beforeEach(() => {
  mockDesktop = true
  mockNavigateTo.mockReset()
  useToasts.setState({ toasts: [] })
})
afterEach(() => {
  jest.restoreAllMocks()
  document.querySelectorAll('[role="dialog"], [role="alertdialog"]').forEach((el) => el.remove())
})

describe('续费管理 on desktop', () => {
  it('lists every product by expiry: name, version, domain, expiry, days left, setting', async () => {
    serve()
    render(<RenewalCentreView initialFilter='all' />)
    const table = await screen.findByRole('table', { name: '续费产品列表' })
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('.renewal-name__title')?.textContent)
    expect(names).toEqual([
      '星辰商城 企业官网',
      '星辰官网 企业官网',
      '星辰小程序 企业官网',
      '星辰云市场站 企业官网',
      '星辰博客 企业官网',
    ])
    const shop = rowOf('星辰商城')
    expect(shop.textContent).toContain('site2.example.cn')
    expect(shop.textContent).toContain('旗舰版')
    expect(shop.textContent).toContain('2026-12-02 00:00')
    expect(within(shop).getByText('已过期 5 天')).toHaveClass('renewal-days--expired')
    expect(shop.textContent).toContain('到期不续')
    expect(within(rowOf('星辰官网')).getByText('剩余 2 天')).toHaveClass('renewal-days--urgent')
    expect(within(rowOf('星辰官网')).getByRole('radio', { name: '1年 ¥1980.00' })).toBeInTheDocument()
    expect(listCalls()).toEqual([{ filter: 'all' }])
  })

  it('shows why a product cannot be chosen; one in an unpaid renewal links its payment', async () => {
    serve()
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    await screen.findByRole('table')
    const pending = rowOf('星辰小程序')
    expect(pending.textContent).toContain('该产品有未支付的续费订单，请先支付或作废该订单')
    expect(within(pending).getByRole('checkbox')).toHaveAttribute('aria-disabled', 'true')
    await user.click(within(pending).getByRole('checkbox'))
    expect(within(pending).getByRole('checkbox')).toHaveAttribute('aria-checked', 'false')
    expect(rowOf('星辰云市场站').textContent).toContain('该产品需前往云市场续费')
    await user.click(within(pending).getByRole('link', { name: '去支付 星辰小程序 企业官网' }))
    expect(mockNavigateTo).toHaveBeenCalledWith('/orderByPlay?orderCode=MC202612000004')
  })

  it('filters and searches; the keyword typed stays in the box', async () => {
    serve()
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('tab', { name: '到期不续' }))
    expect(await screen.findByText('星辰商城 企业官网')).toBeInTheDocument()
    expect(screen.queryByText('星辰官网 企业官网')).not.toBeInTheDocument()
    expect(screen.getByRole('tab', { name: '到期不续' })).toHaveAttribute('aria-selected', 'true')

    await user.click(screen.getByRole('tab', { name: '全部' }))
    await screen.findByText('星辰官网 企业官网')
    const box = screen.getByLabelText('搜索产品名称或域名') as HTMLInputElement
    await user.type(box, 'site3')
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 })
    await waitFor(() => expect(screen.queryByText('星辰官网 企业官网')).not.toBeInTheDocument())
    expect(await screen.findByText('星辰博客 企业官网')).toBeInTheDocument()
    expect(box.value).toBe('site3')
    await user.click(screen.getByRole('tab', { name: '30天内到期' }))
    await user.clear(box)
    await user.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(listCalls()).toHaveLength(6))
    expect(listCalls()).toEqual([
      { filter: 'all' },
      { filter: 'noRenew' },
      { filter: 'all' },
      { filter: 'all', keyword: 'site3' },
      { filter: '30', keyword: 'site3' },
      { filter: '30' },
    ])
  })

  it('batch-renews the chosen products with their cycles, then opens the payment page', async () => {
    serve()
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    await screen.findByRole('table')
    expect(total()).toBe('¥0.00')
    await user.click(screen.getByRole('checkbox', { name: '选择 星辰官网 企业官网' }))
    await user.click(screen.getByRole('checkbox', { name: '选择 星辰商城 企业官网' }))
    expect(total()).toBe('¥7780.00')
    // Choosing a cycle on a product not yet chosen chooses it.
    await user.click(within(rowOf('星辰博客')).getByRole('radio', { name: '2年 ¥3560.00' }))
    await user.click(within(rowOf('星辰官网')).getByRole('radio', { name: '2年 ¥3560.00' }))
    expect(screen.getByText('已选 3 个')).toBeInTheDocument()
    expect(total()).toBe('¥12920.00')
    await user.click(screen.getByRole('checkbox', { name: '选择 星辰商城 企业官网' }))
    expect(total()).toBe('¥7120.00')

    await user.click(screen.getByRole('button', { name: '批量续费' }))
    await waitFor(() => expect(mockNavigateTo).toHaveBeenCalledWith('/orderByPlay?orderCode=MC202612000009'))
    expect(orderCalls()).toEqual([
      {
        items: [
          { businessId: 1, buyCycle: 2 },
          { businessId: 3, buyCycle: 2 },
        ],
      },
    ])
  })

  it('全选 chooses every product that may be renewed, and clears again', async () => {
    serve()
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    await screen.findByRole('table')
    const all = within(screen.getByRole('toolbar', { name: '选择产品' })).getByRole('checkbox', {
      name: '全选',
    })
    await user.click(all)
    expect(screen.getByText('已选 3 个')).toBeInTheDocument()
    expect(total()).toBe('¥9760.00')
    expect(all).toHaveAttribute('aria-checked', 'true')
    await user.click(all)
    expect(screen.getByText('已选 0 个')).toBeInTheDocument()
  })

  it('says 请选择要续费的产品 when nothing is chosen, and sends nothing', async () => {
    serve()
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: '批量续费' }))
    expect(toasts()).toEqual(['请选择要续费的产品'])
    expect(orderCalls()).toEqual([])
    expect(mockNavigateTo).not.toHaveBeenCalled()
  })

  it("shows the server's refusal and keeps the selection", async () => {
    serve()
    api.on('POST', '/api/renewal/batchOrder', () => fail(400, '当前业务不属于当前账号，无法续费！'))
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    await screen.findByRole('table')
    const official = screen.getByRole('checkbox', { name: '选择 星辰官网 企业官网' })
    await user.click(official)
    await user.click(screen.getByRole('button', { name: '批量续费' }))
    await waitFor(() => expect(toasts()).toEqual(['当前业务不属于当前账号，无法续费！']))
    expect(official).toHaveAttribute('aria-checked', 'true')
    expect(total()).toBe('¥1980.00')
    expect(mockNavigateTo).not.toHaveBeenCalled()
  })

  it('asks before 到期不续, saves it, says 设置成功 and shows the row again', async () => {
    serve()
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: '设为到期不续 星辰官网 企业官网' }))
    const message = screen.getByText('设为到期不续后，到期前仅在3天前提醒一次，到期后产品将停止服务。')
    const dialog = message.closest('.at-modal') as HTMLElement
    await waitFor(() => expect(dialog).toHaveClass('at-modal--active'))
    await user.click(within(dialog).getByText('确定'))
    await waitFor(() => expect(toasts()).toEqual(['设置成功']))
    expect(api.calls.filter((c) => c.path === '/api/renewal/mode').map((c) => c.body)).toEqual([
      { businessId: 1, mode: 1 },
    ])
    expect(await screen.findByRole('button', { name: '恢复提醒续费 星辰官网 企业官网' })).toBeInTheDocument()
    expect(listCalls()).toHaveLength(2)
  })

  it('changes nothing when 到期不续 is cancelled; going back to reminders is not asked', async () => {
    serve()
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: '设为到期不续 星辰官网 企业官网' }))
    const dialog = screen
      .getByText('设为到期不续后，到期前仅在3天前提醒一次，到期后产品将停止服务。')
      .closest('.at-modal') as HTMLElement
    await waitFor(() => expect(dialog).toHaveClass('at-modal--active'))
    await user.click(within(dialog).getByText('取消'))
    expect(api.calls.filter((c) => c.path === '/api/renewal/mode')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: '恢复提醒续费 星辰商城 企业官网' }))
    await waitFor(() => expect(toasts()).toEqual(['设置成功']))
    expect(api.calls.filter((c) => c.path === '/api/renewal/mode').map((c) => c.body)).toEqual([
      { businessId: 2, mode: 0 },
    ])
  })
})

describe('loading, empty and error states', () => {
  it('shows the loading state, then 暂无产品 for an account without products', async () => {
    serve([])
    render(<RenewalCentreView initialFilter='all' />)
    expect(document.querySelector('.page-loading')).toBeTruthy()
    expect(await screen.findByText('暂无产品')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '批量续费' })).not.toBeInTheDocument()
  })

  it('says 没有符合条件的产品 when a filter matches nothing', async () => {
    serve([item(1, '星辰官网')])
    render(<RenewalCentreView initialFilter='noRenew' />)
    expect(await screen.findByText('没有符合条件的产品')).toBeInTheDocument()
    expect(listCalls()).toEqual([{ filter: 'noRenew' }])
  })

  it("shows the server's message with 重试, which loads again", async () => {
    serve()
    api.on('GET', '/api/renewal/products', () => fail(500, '服务繁忙，请稍后再试'))
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('服务繁忙，请稍后再试')
    expect(toasts()).toEqual([])
    api.on('GET', '/api/renewal/products', () => ok(DEMO))
    await user.click(within(alert).getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('table')).toBeInTheDocument()
  })
})

describe('续费管理 on a phone (cards and a sticky bar)', () => {
  it('shows cards with a check box, a cycle choice and the total in the bar', async () => {
    mockDesktop = false
    serve()
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    const cards = await screen.findByRole('list', { name: '续费产品列表' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(within(cards).getAllByRole('listitem')).toHaveLength(5)
    const bar = screen.getByRole('region', { name: '批量续费' })
    expect(bar).toHaveClass('renewal-bar--sticky')
    await user.click(within(rowOf('星辰官网')).getByRole('radio', { name: '2年 ¥3560.00' }))
    expect(rowOf('星辰官网').className).toContain('renewal-card--chosen')
    expect(within(bar).getByLabelText('合计金额').textContent).toBe('¥3560.00')
    await user.click(within(bar).getByRole('button', { name: '批量续费' }))
    await waitFor(() => expect(mockNavigateTo).toHaveBeenCalledWith('/orderByPlay?orderCode=MC202612000009'))
    expect(orderCalls()).toEqual([{ items: [{ businessId: 1, buyCycle: 2 }] }])
  })
})
