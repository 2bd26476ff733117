import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Dialog } from '../../../src/core/ui/Dialog'

describe('Dialog', () => {
  it('shows the title, the body named by it, the refusal, 取消 and the action', async () => {
    const onConfirm = jest.fn()
    const onClose = jest.fn()
    render(
      <Dialog
        title='绑定邮箱'
        failure='邮箱已被占用'
        confirmText='保存'
        onConfirm={onConfirm}
        onClose={onClose}
      >
        <span>邮箱</span>
      </Dialog>,
    )
    const body = screen.getByRole('dialog', { name: '绑定邮箱' })
    expect(body.getAttribute('aria-modal')).toBe('true')
    expect(within(body).getByText('邮箱')).toBeTruthy()
    expect(within(body).getByRole('alert').textContent).toBe('邮箱已被占用')
    const user = userEvent.setup()
    await user.click(within(body).getByRole('button', { name: '保存' }))
    await user.click(within(body).getByRole('button', { name: '取消' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('a form dialog is found as a form; without onConfirm its body brings its own actions', () => {
    render(
      <Dialog title='申请发票' role='form' onClose={() => undefined}>
        <button type='button'>提交</button>
      </Dialog>,
    )
    const form = screen.getByRole('form', { name: '申请发票' })
    expect(within(form).queryByRole('button', { name: '取消' })).toBeNull()
    expect(within(form).queryByRole('alert')).toBeNull()
  })

  it('open={false} hides the modal but keeps its content', () => {
    const { container } = render(
      <Dialog title='申请发票' open={false} onClose={() => undefined}>
        <input name='title' defaultValue='typed' />
      </Dialog>,
    )
    expect(container.querySelector('.at-modal--active')).toBeNull()
    expect((container.querySelector('input[name="title"]') as HTMLInputElement).value).toBe('typed')
  })
})

describe('Dialog keyboard (H5): focus stays inside, Esc closes', () => {
  const wait = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

  it('takes focus, wraps Tab and Shift+Tab, and gives focus back on closing', async () => {
    const outside = document.createElement('button')
    outside.textContent = '打开'
    document.body.appendChild(outside)
    outside.focus()
    const { rerender } = render(
      <Dialog title='修改名称' onClose={() => undefined}>
        <input aria-label='名称' />
        <button type='button'>保存</button>
      </Dialog>,
    )
    await wait()
    const name = screen.getByLabelText('名称')
    const save = screen.getByRole('button', { name: '保存' })
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: '修改名称' }))
    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toBe(name)
    await user.tab()
    expect(document.activeElement).toBe(save)
    await user.tab()
    expect(document.activeElement).toBe(name)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(save)

    rerender(
      <Dialog title='修改名称' open={false} onClose={() => undefined}>
        <input aria-label='名称' />
        <button type='button'>保存</button>
      </Dialog>,
    )
    expect(document.activeElement).toBe(outside)
    outside.remove()
  })

  it('Esc closes the topmost dialog only', async () => {
    const closeLower = jest.fn()
    const closeUpper = jest.fn()
    render(
      <>
        <Dialog title='下层' onClose={closeLower}>
          <input aria-label='下层输入' />
        </Dialog>
        <Dialog title='上层' onClose={closeUpper}>
          <input aria-label='上层输入' />
        </Dialog>
      </>,
    )
    await wait()
    await userEvent.setup().keyboard('{Escape}')
    expect(closeUpper).toHaveBeenCalledTimes(1)
    expect(closeLower).not.toHaveBeenCalled()
  })
})
