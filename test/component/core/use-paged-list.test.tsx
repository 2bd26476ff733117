import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLayoutEffect } from 'react'
import { usePagedList } from '../../../src/core/ui/usePagedList'
import { useSubmit } from '../../../src/core/ui/useSubmit'

describe('usePagedList', () => {
  it('renders once before the first page arrives, then with its rows; a retry shows loading again', async () => {
    const answers: ((page: { data: string[]; total: number; pages: number }) => void)[] = []
    const failures: ((cause: Error) => void)[] = []
    const renders: string[] = []
    function Orders() {
      const list = usePagedList(
        () =>
          new Promise<{ data: string[]; total: number; pages: number }>((resolve, reject) => {
            answers.push(resolve)
            failures.push(reject)
          }),
        { mode: 'more' },
      )
      renders.push(`${list.status} ${list.items.join('')}`)
      return (
        <button type='button' onClick={list.retry}>
          重试
        </button>
      )
    }
    render(<Orders />)
    await act(async () => undefined)
    expect(renders).toEqual(['loading '])
    await act(async () => failures[0](new Error('断网')))
    expect(renders.at(-1)).toBe('error ')
    await userEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(renders.at(-1)).toBe('loading ')
    await act(async () => answers[1]({ data: ['甲'], total: 1, pages: 1 }))
    expect(renders.at(-1)).toBe('ready 甲')
  })

  it('an action that reloads ends in one commit with the new rows: the old rows never show as current again', async () => {
    let rows = ['甲', '乙']
    const commits: string[] = []
    function Recipients() {
      const list = usePagedList(async () => ({ data: rows, total: rows.length, pages: 1 }), {
        mode: 'pages',
      })
      const remove = useSubmit()
      useLayoutEffect(() => void commits.push(`${list.items.join('')} ${remove.busy ? 'busy' : 'idle'}`))
      const removeFirst = () =>
        remove.run(async () => {
          rows = rows.slice(1)
          await list.reload()
        })
      return (
        <button type='button' onClick={removeFirst}>
          删除
        </button>
      )
    }
    render(<Recipients />)
    await waitFor(() => expect(commits.at(-1)).toBe('甲乙 idle'))
    commits.length = 0
    await userEvent.click(screen.getByRole('button', { name: '删除' }))
    await waitFor(() => expect(commits.at(-1)).toBe('乙 idle'))
    expect(commits).toEqual(['甲乙 busy', '乙 idle'])
  })
})
