import { render, screen, within } from '@testing-library/react'
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
