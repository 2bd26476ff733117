import { act, render, screen } from '@testing-library/react'
import { OpeningProgress } from '../../../src/features/products/components/OpeningProgress'
import { useOpeningProgress } from '../../../src/features/products/hooks/useOpeningProgress'
import { installFakeApi, ok, type FakeApi } from '../support/fake-api'

let open = false
let api: FakeApi
const polls = () => api.calls.filter((c) => c.path === '/api/feignOrder/selectBusinessIsOpen')
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })
const bar = () => screen.getByRole('progressbar')

function Progress({ orderCode, onSettled }: { orderCode?: string; onSettled(): void }) {
  return <OpeningProgress progress={useOpeningProgress(orderCode, onSettled)} />
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
  open = false
  api = installFakeApi().on('GET', '/api/feignOrder/selectBusinessIsOpen', () => ok(open))
})
afterEach(() => jest.useRealTimers())

describe('post-purchase progress on /index?orderCode= (account-area §4, §9)', () => {
  it('fills 2% a second, polls every 3 s, and reloads the list once the business is open', async () => {
    const reload = jest.fn()
    render(<Progress orderCode='MC1' onSettled={reload} />)
    expect(bar()).toHaveValue(0)
    await advance(5000)
    expect(bar()).toHaveValue(10)
    expect(polls().map((c) => c.body)).toEqual([{ orderCode: 'MC1' }])
    expect(reload).not.toHaveBeenCalled()
    open = true
    await advance(1000)
    expect(bar()).toHaveValue(100)
    expect(screen.getByRole('status').textContent).toContain('产品已开通')
    expect(reload).toHaveBeenCalledTimes(1)
    const asked = polls().length
    await advance(10_000)
    expect(polls()).toHaveLength(asked)
  })

  it('after 50 s still closed: says it is still opening and reloads', async () => {
    const reload = jest.fn()
    render(<Progress orderCode='MC1' onSettled={reload} />)
    await advance(49_000)
    expect(bar()).toHaveValue(98)
    expect(reload).not.toHaveBeenCalled()
    await advance(1000)
    expect(bar()).toHaveValue(100)
    expect(screen.getByRole('status').textContent).toContain('产品仍在开通中，请稍后刷新查看')
    expect(reload).toHaveBeenCalledTimes(1)
    expect(polls().length).toBe(16)
  })

  it('stops when the page is left', async () => {
    const view = render(<Progress orderCode='MC1' onSettled={jest.fn()} />)
    await advance(3000)
    view.unmount()
    await advance(30_000)
    expect(polls()).toHaveLength(1)
  })

  it('shows nothing without an orderCode', async () => {
    render(<Progress onSettled={jest.fn()} />)
    await advance(6000)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(polls()).toHaveLength(0)
  })
})
