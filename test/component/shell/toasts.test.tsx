import { act, render, screen } from '@testing-library/react'
import { ToastHost } from '../../../src/core/ui/ToastHost'
import { toast, useToasts } from '../../../src/core/ui/toast'

beforeEach(() => {
  jest.useFakeTimers()
  useToasts.setState({ toasts: [] })
})
afterEach(() => jest.useRealTimers())

describe('toasts (spec §9)', () => {
  it('shows at most 5, dropping the oldest', () => {
    render(<ToastHost />)
    act(() => ['一', '二', '三', '四', '五', '六'].forEach((m) => toast.info(m)))
    expect(screen.queryByText('一')).not.toBeInTheDocument()
    expect(screen.getAllByRole('status')).toHaveLength(5)
  })

  it('keeps ordinary toasts 1500 ms and errors 5 s', () => {
    render(<ToastHost />)
    act(() => {
      toast.success('保存成功')
      toast.error('保存失败，请重试！')
    })
    act(() => jest.advanceTimersByTime(1500))
    expect(screen.queryByText('保存成功')).not.toBeInTheDocument()
    expect(screen.getByRole('alert').textContent).toBe('保存失败，请重试！')
    act(() => jest.advanceTimersByTime(3500))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('counts a toast raised before a page change from when the next page shows it (登录成功, then the home)', () => {
    act(() => toast.success('登录成功'))
    act(() => jest.advanceTimersByTime(3000)) // the next page is still loading: no host yet
    render(<ToastHost />)
    expect(screen.getByRole('status').textContent).toBe('登录成功')
    act(() => jest.advanceTimersByTime(1499))
    expect(screen.getByRole('status').textContent).toBe('登录成功')
    act(() => jest.advanceTimersByTime(1))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('runs one countdown per toast however many hosts show it', () => {
    render(<ToastHost />)
    render(<ToastHost />)
    act(() => toast.info('已复制'))
    expect(screen.getAllByText('已复制')).toHaveLength(2)
    act(() => jest.advanceTimersByTime(1500))
    expect(screen.queryByText('已复制')).not.toBeInTheDocument()
    expect(jest.getTimerCount()).toBe(0)
  })
})
