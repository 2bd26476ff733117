import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import type { ConsultableOrder } from '../../../src/core/contract/work-orders'
import { OrderPicker } from '../../../src/features/work-orders/components/OrderPicker'

// 咨询订单 / 退款订单: a searchable box of the account's orders, not a column of every order.
const orders: ConsultableOrder[] = Array.from({ length: 20 }, (_, i) => ({
  orderCode: `MC2026110000${String(i + 1).padStart(2, '0')}`,
  productName: i % 2 ? '企业官网' : '小程序商城',
  productVersion: i % 2 ? '标准版' : '',
  createTime: `2026-11-${String(i + 1).padStart(2, '0')}T17:00:00Z`,
  payAmount: String(100 * (i + 1)),
}))

const onChange = jest.fn()
function Picker() {
  const [value, setValue] = useState<string | undefined>()
  return (
    <OrderPicker
      label='咨询订单'
      orders={orders}
      value={value}
      onChange={(code) => {
        onChange(code)
        setValue(code)
      }}
    />
  )
}
const box = () => screen.getByRole('combobox', { name: '咨询订单' })
/** Taro's Input renders its inner element asynchronously (a custom element): wait for it. */
const searchBox = () =>
  waitFor(() => {
    const input = document.querySelector('input[name="orderSearch"]') as HTMLInputElement | null
    if (!input) throw new Error('no search box')
    return input
  })
const options = () => within(screen.getByRole('listbox', { name: '咨询订单' })).queryAllByRole('option')

beforeEach(() => onChange.mockReset())

describe('OrderPicker', () => {
  it('is one closed box until opened; each order shows its date (Beijing), product and amount', async () => {
    const user = userEvent.setup()
    render(<Picker />)
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(box().textContent).toBe('请选择订单')
    expect(screen.queryByRole('option')).not.toBeInTheDocument()

    await user.click(box())
    expect(options()).toHaveLength(20)
    expect(options()[1].textContent).toBe('MC202611000002¥200.00企业官网（标准版）2026-11-03')
    await user.click(options()[1])
    expect(onChange).toHaveBeenCalledWith('MC202611000002')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(box().textContent).toContain('MC202611000002')
    expect(box().textContent).toContain('¥200.00')
  })

  it('searches by order code or product name', async () => {
    const user = userEvent.setup()
    render(<Picker />)
    await user.click(box())
    await user.type(await searchBox(), '000015')
    expect(options().map((o) => o.getAttribute('aria-label'))).toEqual([
      'MC202611000015 小程序商城 2026-11-16 ¥1500.00',
    ])
    await user.clear(await searchBox())
    await user.type(await searchBox(), '企业')
    expect(options()).toHaveLength(10)
    await user.type(await searchBox(), '不存在')
    expect(options()).toHaveLength(0)
    expect(screen.getByText('没有匹配的订单')).toBeInTheDocument()
  })

  it('from the keyboard: ↓ ↑ move through the options, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup()
    render(<Picker />)
    await user.click(box())
    await user.type(await searchBox(), '企业')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}{Enter}')
    expect(onChange).toHaveBeenCalledWith('MC202611000006')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()

    await user.click(box())
    expect(options().find((o) => o.getAttribute('aria-selected') === 'true')?.textContent).toContain(
      'MC202611000006',
    )
    await user.type(await searchBox(), '{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(onChange).toHaveBeenCalledTimes(1)
  })
})
