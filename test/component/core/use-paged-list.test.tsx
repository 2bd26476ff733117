import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLayoutEffect } from 'react'
import { usePagedList } from '../../../src/core/ui/usePagedList'
import { useSubmit } from '../../../src/core/ui/useSubmit'

describe('usePagedList', () => {
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
