import { act, renderHook } from '@testing-library/react'
import { ApiError, errorMessage } from '../../../src/core/http/api-error'
import { useToasts } from '../../../src/core/ui/toast'
import { SUBMIT_FAILED, useSubmit } from '../../../src/core/ui/useSubmit'

describe('errorMessage', () => {
  it('is the server’s message, else the fallback', () => {
    expect(errorMessage(new ApiError(400, '请输入正确的手机号'), '失败')).toBe('请输入正确的手机号')
    expect(errorMessage(new ApiError(500, ''), '失败')).toBe('失败')
    expect(errorMessage(new Error('boom'), '失败')).toBe('失败')
    expect(errorMessage(undefined, '失败')).toBe('失败')
  })
})

describe('useSubmit', () => {
  it('is busy while the action runs and resolves true when it went through', async () => {
    let finish!: () => void
    const { result } = renderHook(() => useSubmit())
    let outcome!: Promise<boolean>
    act(() => {
      outcome = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)))
    })
    expect(result.current.busy).toBe(true)
    await act(async () => finish())
    await expect(outcome).resolves.toBe(true)
    expect(result.current).toMatchObject({ busy: false, failure: '' })
  })

  it('turns a refusal into its message, other failures into the fallback', async () => {
    const { result } = renderHook(() => useSubmit({ fallback: '保存失败，请重试' }))
    await act(async () => {
      await expect(result.current.run(() => Promise.reject(new ApiError(400, '邮箱已被占用')))).resolves.toBe(
        false,
      )
    })
    expect(result.current.failure).toBe('邮箱已被占用')
    await act(async () => {
      await result.current.run(() => Promise.reject(new TypeError('x')))
    })
    expect(result.current.failure).toBe('保存失败，请重试')
    expect(renderHook(() => useSubmit()).result.current.failure).toBe('')
    expect(SUBMIT_FAILED).toBe('提交失败，请重试')
  })

  it('a new attempt clears the last failure; reset clears it too', async () => {
    const { result } = renderHook(() => useSubmit())
    await act(async () => {
      await result.current.run(() => Promise.reject(new ApiError(400, '验证码错误')))
    })
    act(() => result.current.reset())
    expect(result.current.failure).toBe('')
    await act(async () => {
      await result.current.run(() => Promise.reject(new ApiError(400, '验证码错误')))
      await result.current.run(() => Promise.resolve())
    })
    expect(result.current.failure).toBe('')
  })

  it('ignores what `ignore` says is no failure, and uses `messageOf` when given', async () => {
    const cancelled = new Error('cancelled')
    const { result } = renderHook(() =>
      useSubmit({ ignore: (reason) => reason === cancelled, messageOf: () => '换一种说法' }),
    )
    await act(async () => {
      await result.current.run(() => Promise.reject(cancelled))
    })
    expect(result.current.failure).toBe('')
    await act(async () => {
      await result.current.run(() => Promise.reject(new ApiError(1, 'x')))
    })
    expect(result.current.failure).toBe('换一种说法')
  })

  it('a button with no form toasts its failure instead of keeping it; what is ignored is not toasted', async () => {
    useToasts.setState({ toasts: [] })
    const cancelled = new Error('cancelled')
    const { result } = renderHook(() =>
      useSubmit({
        fallback: '下载失败，请重试',
        toastFailure: true,
        ignore: (reason) => reason === cancelled,
      }),
    )
    await act(async () => {
      await result.current.run(() => Promise.reject(new ApiError(400, '发票尚未开具')))
      await result.current.run(() => Promise.reject(new TypeError('x')))
      await result.current.run(() => Promise.reject(cancelled))
    })
    expect(result.current.failure).toBe('')
    expect(useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`)).toEqual([
      'error:发票尚未开具',
      'error:下载失败，请重试',
    ])
  })

  it('a second run while one is busy is ignored', async () => {
    let finish!: () => void
    const action = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const { result } = renderHook(() => useSubmit())
    let second!: Promise<boolean>
    act(() => {
      void result.current.run(action)
      second = result.current.run(action)
    })
    await expect(second).resolves.toBe(false)
    await act(async () => finish())
    expect(action).toHaveBeenCalledTimes(1)
  })
})
