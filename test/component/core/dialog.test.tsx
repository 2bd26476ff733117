import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { enableKeyboardControls } from '../../../src/core/platform/keyboard'
import { ConfirmDialog } from '../../../src/core/ui/ConfirmDialog'
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
    expect(body).toHaveAttribute('aria-modal', 'true')
    expect(within(body).getByText('邮箱')).toBeInTheDocument()
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
    expect(within(form).queryByRole('button', { name: '取消' })).not.toBeInTheDocument()
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
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

  it('a click on the mask closes it, unless closeOnMask is false', async () => {
    const onClose = jest.fn()
    const user = userEvent.setup()
    const { container, rerender } = render(<Dialog title='支付' onClose={onClose} />)
    await user.click(container.querySelector('.at-modal__overlay')!)
    expect(onClose).toHaveBeenCalledTimes(1)
    rerender(<Dialog title='支付' closeOnMask={false} onClose={onClose} />)
    await user.click(container.querySelector('.at-modal__overlay')!)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('draws no custom element on H5 (Stencil stays out of the first load)', () => {
    const { container } = render(
      <Dialog title='绑定邮箱' onConfirm={() => undefined} onClose={() => undefined} />,
    )
    expect([...container.querySelectorAll('*')].filter((element) => element.tagName.includes('-'))).toEqual(
      [],
    )
  })
})

describe('ConfirmDialog', () => {
  const wait = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  const asking = (open: boolean, handlers = { onConfirm: jest.fn(), onCancel: jest.fn() }) => (
    <ConfirmDialog open={open} message='确定删除 <b>张三</b>？' confirmText='删除' {...handlers} />
  )

  it('is drawn from its first asking on, and its buttons answer', async () => {
    const handlers = { onConfirm: jest.fn(), onCancel: jest.fn() }
    const { container, rerender } = render(asking(false, handlers))
    expect(container.innerHTML).toBe('')
    rerender(asking(true, handlers))
    const box = screen.getByRole('alertdialog', { name: '提示' })
    expect(box).toHaveAttribute('aria-modal', 'true')
    const user = userEvent.setup()
    await user.click(within(box).getByRole('button', { name: '删除' }))
    await user.click(within(box).getByRole('button', { name: '取消' }))
    await user.click(container.querySelector('.at-modal__overlay')!)
    expect(handlers.onConfirm).toHaveBeenCalledTimes(1)
    expect(handlers.onCancel).toHaveBeenCalledTimes(2)
    rerender(asking(false, handlers))
    expect(container.querySelector('.at-modal')).not.toBeNull()
    expect(container.querySelector('.at-modal--active')).toBeNull()
  })

  it('shows its message as text, never as markup', () => {
    render(asking(true))
    const box = screen.getByRole('alertdialog', { name: '提示' })
    expect(box.querySelector('b')).toBeNull()
    expect(within(box).getByText('确定删除 <b>张三</b>？')).toBeInTheDocument()
  })

  it('keeps focus on its buttons while it asks, and Esc cancels', async () => {
    enableKeyboardControls()
    const handlers = { onConfirm: jest.fn(), onCancel: jest.fn() }
    render(asking(true, handlers))
    await wait()
    const box = screen.getByRole('alertdialog', { name: '提示' })
    expect(box).toHaveFocus()
    const user = userEvent.setup()
    await user.tab()
    expect(within(box).getByRole('button', { name: '取消' })).toHaveFocus()
    await user.tab()
    expect(within(box).getByRole('button', { name: '删除' })).toHaveFocus()
    await user.tab()
    expect(within(box).getByRole('button', { name: '取消' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await user.keyboard('{Escape}')
    expect(handlers.onCancel).toHaveBeenCalledTimes(2)
    expect(handlers.onConfirm).not.toHaveBeenCalled()
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
    expect(screen.getByRole('dialog', { name: '修改名称' })).toHaveFocus()
    const user = userEvent.setup()
    await user.tab()
    expect(name).toHaveFocus()
    await user.tab()
    expect(save).toHaveFocus()
    await user.tab()
    expect(name).toHaveFocus()
    await user.tab({ shift: true })
    expect(save).toHaveFocus()

    rerender(
      <Dialog title='修改名称' open={false} onClose={() => undefined}>
        <input aria-label='名称' />
        <button type='button'>保存</button>
      </Dialog>,
    )
    expect(outside).toHaveFocus()
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
