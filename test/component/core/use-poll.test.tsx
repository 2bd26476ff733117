import { act, render } from '@testing-library/react'
import { usePoll, type PollOptions } from '../../../src/core/ui/usePoll'

let visibility: DocumentVisibilityState = 'visible'
function setVisibility(state: DocumentVisibilityState) {
  visibility = state
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })

function Poller({ poll, every, ...options }: PollOptions & { poll: () => unknown; every: number }) {
  usePoll(poll, every, options)
  return null
}

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
})
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
  visibility = 'visible'
})
afterEach(() => jest.useRealTimers())

describe('usePoll (core/ui): the one polling hook', () => {
  it('calls every interval, first after one interval unless leading', async () => {
    const poll = jest.fn()
    render(<Poller poll={poll} every={1000} />)
    await advance(999)
    expect(poll).toHaveBeenCalledTimes(0)
    await advance(1)
    expect(poll).toHaveBeenCalledTimes(1)
    await advance(3000)
    expect(poll).toHaveBeenCalledTimes(4)

    const leading = jest.fn()
    render(<Poller poll={leading} every={1000} leading />)
    await advance(0)
    expect(leading).toHaveBeenCalledTimes(1)
  })

  it('never overlaps: the next call waits for the last answer, then one interval', async () => {
    let answer = () => undefined as void
    const poll = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)))
    render(<Poller poll={poll} every={1000} leading />)
    await advance(10_000)
    expect(poll).toHaveBeenCalledTimes(1)
    await act(async () => answer())
    await advance(999)
    expect(poll).toHaveBeenCalledTimes(1)
    await advance(1)
    expect(poll).toHaveBeenCalledTimes(2)
  })

  it('keeps going after a failed or throwing call', async () => {
    const poll = jest
      .fn()
      .mockRejectedValueOnce(new Error('network'))
      .mockImplementationOnce(() => {
        throw new Error('sync')
      })
      .mockResolvedValue(undefined)
    render(<Poller poll={poll} every={1000} leading />)
    await advance(2000)
    expect(poll).toHaveBeenCalledTimes(3)
  })

  it('sends nothing while the tab is hidden and calls at once when it is shown again', async () => {
    const poll = jest.fn()
    render(<Poller poll={poll} every={3000} />)
    await advance(3000)
    expect(poll).toHaveBeenCalledTimes(1)
    setVisibility('hidden')
    await advance(60_000)
    expect(poll).toHaveBeenCalledTimes(1)
    setVisibility('visible')
    await advance(0)
    expect(poll).toHaveBeenCalledTimes(2)
    await advance(2999)
    expect(poll).toHaveBeenCalledTimes(2)
    await advance(1)
    expect(poll).toHaveBeenCalledTimes(3)
  })

  it('does not start a second call when shown while the call sent before hiding is unanswered', async () => {
    let answer = () => undefined as void
    const poll = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)))
    render(<Poller poll={poll} every={1000} leading />)
    await advance(0)
    setVisibility('hidden')
    setVisibility('visible')
    await advance(5000)
    expect(poll).toHaveBeenCalledTimes(1)
    await act(async () => answer())
    await advance(0)
    expect(poll).toHaveBeenCalledTimes(2)
  })

  it('stops when inactive or unmounted and uses the latest callback', async () => {
    const first = jest.fn()
    const second = jest.fn()
    const { rerender, unmount } = render(<Poller poll={first} every={1000} />)
    await advance(1000)
    rerender(<Poller poll={second} every={1000} />)
    await advance(1000)
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1])
    rerender(<Poller poll={second} every={1000} active={false} />)
    await advance(5000)
    expect(second).toHaveBeenCalledTimes(1)
    rerender(<Poller poll={second} every={1000} />)
    await advance(1000)
    expect(second).toHaveBeenCalledTimes(2)
    unmount()
    await advance(5000)
    expect(second).toHaveBeenCalledTimes(2)
  })
})
