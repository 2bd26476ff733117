import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLayoutEffect } from 'react'
import { ApiError } from '../../../src/core/http/api-error'
import { ResourceStatus } from '../../../src/core/ui/ResourceStatus'
import { LOAD_FAILED, useResource } from '../../../src/core/ui/useResource'
import { useSubmit } from '../../../src/core/ui/useSubmit'

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

describe('useResource', () => {
  it('loads on mount: loading, then the data', async () => {
    const { result } = renderHook(() => useResource(() => Promise.resolve('订单'), []))
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.data).toBe('订单')
  })

  it('a failure shows the server’s message, anything else the fallback', async () => {
    const refused = renderHook(() => useResource(() => Promise.reject(new ApiError(403, '无权访问')), []))
    await waitFor(() => expect(refused.result.current.error).toBe('无权访问'))
    expect(refused.result.current.status).toBe('error')

    const broken = renderHook(() => useResource(() => Promise.reject(new Error('boom')), []))
    await waitFor(() => expect(broken.result.current.error).toBe(LOAD_FAILED))

    const custom = renderHook(() =>
      useResource(() => Promise.reject(new ApiError(-1, '')), [], { fallback: '加载失败' }),
    )
    await waitFor(() => expect(custom.result.current.error).toBe('加载失败'))
  })

  it('retry loads again through the loading state', async () => {
    let calls = 0
    const load = jest.fn(() =>
      ++calls === 1 ? Promise.reject(new ApiError(500, '服务器繁忙')) : Promise.resolve(calls),
    )
    const { result } = renderHook(() => useResource(load, []))
    await waitFor(() => expect(result.current.status).toBe('error'))
    act(() => result.current.retry())
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(result.current.data).toBe(2))
  })

  it('reload keeps the data on screen until the new answer', async () => {
    const answers = [deferred<string>(), deferred<string>()]
    let call = 0
    const { result } = renderHook(() => useResource(() => answers[call++].promise, []))
    await act(async () => answers[0].resolve('旧'))
    let done!: Promise<void>
    act(() => {
      done = result.current.reload()
    })
    expect(result.current).toMatchObject({ status: 'ready', data: '旧' })
    await act(async () => {
      answers[1].resolve('新')
      await done
    })
    expect(result.current.data).toBe('新')
  })

  it('an action that reloads ends in one commit with the new data: the old screen never shows as ready again', async () => {
    let version = 1
    const commits: string[] = []
    function Order() {
      const order = useResource(() => Promise.resolve(`第${version}版`), [])
      const pay = useSubmit()
      useLayoutEffect(() => void commits.push(`${order.data ?? '…'} ${pay.busy ? 'busy' : 'idle'}`))
      const payOnce = () =>
        pay.run(async () => {
          version = 2
          await order.reload()
        })
      return (
        <button type='button' onClick={payOnce}>
          支付
        </button>
      )
    }
    render(<Order />)
    await waitFor(() => expect(commits.at(-1)).toBe('第1版 idle'))
    commits.length = 0
    await userEvent.click(screen.getByRole('button', { name: '支付' }))
    await waitFor(() => expect(commits.at(-1)).toBe('第2版 idle'))
    expect(commits).toEqual(['第1版 busy', '第2版 idle'])
  })

  it('new deps load again, and only the newest answer counts', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() }
    const { result, rerender } = renderHook(({ id }) => useResource(() => answers[id].promise, [id]), {
      initialProps: { id: 'a' },
    })
    rerender({ id: 'b' })
    await act(async () => answers.b.resolve('B'))
    await act(async () => answers.a.resolve('A'))
    expect(result.current.data).toBe('B')
  })

  it('renders once before its answer: the load on mount sets the state it started with', async () => {
    const answer = deferred<string>()
    let renders = 0
    function Screen() {
      renders++
      const resource = useResource(() => answer.promise, [])
      return <span>{resource.status}</span>
    }
    render(<Screen />)
    await act(async () => undefined)
    expect(renders).toBe(1)
    await act(async () => answer.resolve('订单'))
    expect(screen.getByText('ready')).toBeInTheDocument()
  })

  it('an answer after unmounting changes nothing', async () => {
    const answer = deferred<string>()
    const { result, unmount } = renderHook(() => useResource(() => answer.promise, []))
    unmount()
    await act(async () => answer.resolve('late'))
    expect(result.current.status).toBe('loading')
  })
})

describe('ResourceStatus', () => {
  it('shows loading, then the error with 重试, then nothing', async () => {
    const retry = jest.fn()
    const { rerender, container } = render(
      <ResourceStatus resource={{ status: 'loading', error: '', retry }} />,
    )
    expect(screen.getByRole('progressbar')).toBeInTheDocument()
    rerender(<ResourceStatus resource={{ status: 'error', error: '无权访问', retry }} />)
    expect(screen.getByRole('alert').textContent).toContain('无权访问')
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }))
    expect(retry).toHaveBeenCalledTimes(1)
    rerender(<ResourceStatus resource={{ status: 'ready', error: '', retry }} />)
    expect(container.textContent).toBe('')
  })
})
