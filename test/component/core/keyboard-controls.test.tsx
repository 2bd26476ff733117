import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { enableKeyboardControls, escapeKeyProps } from '../../../src/core/platform/keyboard.h5'

// H5 keyboard access (issue 13): views with a control role are reached by Tab and pressed by
// Enter / Space once, even when the view handles a key itself.
beforeAll(() => enableKeyboardControls())

it('gives a role=button view a tab stop and clicks it on Enter and Space', async () => {
  const press = jest.fn()
  render(
    <div role='button' onClick={press}>
      保存
    </div>,
  )
  const user = userEvent.setup()
  await user.tab()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: '保存' }))
  await user.keyboard('{Enter}')
  await user.keyboard(' ')
  expect(press).toHaveBeenCalledTimes(2)
})

it('leaves a key the view handled itself alone, and Escape reaches escapeKeyProps', async () => {
  const press = jest.fn()
  const close = jest.fn()
  render(
    <div
      role='button'
      onClick={press}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault()
        ;(escapeKeyProps(close).onKeyDown as (e: typeof event) => void)(event)
      }}
    >
      帮助
    </div>,
  )
  const user = userEvent.setup()
  await user.tab()
  await user.keyboard('{Enter}')
  expect(press).not.toHaveBeenCalled()
  await user.keyboard('{Escape}')
  expect(close).toHaveBeenCalledTimes(1)
})
