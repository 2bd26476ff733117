import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { KeyboardEvent } from 'react'
import { View } from '../../../taro-patches/h5-components/view-text'
import { enableKeyboardControls, escapeKeyProps } from '../../../src/core/platform/keyboard.h5'

// H5 keyboard access: views with a control role are reached by Tab and pressed by
// Enter / Space once, even when the view handles a key itself. The H5 View gives the tab stop.
beforeAll(() => enableKeyboardControls())

it('gives a role=button view a tab stop and clicks it on Enter and Space', async () => {
  const press = jest.fn()
  render(
    <View role='button' onClick={press}>
      保存
    </View>,
  )
  const user = userEvent.setup()
  await user.tab()
  expect(screen.getByRole('button', { name: '保存' })).toHaveFocus()
  await user.keyboard('{Enter}')
  await user.keyboard(' ')
  expect(press).toHaveBeenCalledTimes(2)
})

it('leaves a key the view handled itself alone, and Escape reaches escapeKeyProps', async () => {
  const press = jest.fn()
  const close = jest.fn()
  render(
    <View
      role='button'
      onClick={press}
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'Enter') event.preventDefault()
        ;(escapeKeyProps(close).onKeyDown as (e: typeof event) => void)(event)
      }}
    >
      帮助
    </View>,
  )
  const user = userEvent.setup()
  await user.tab()
  await user.keyboard('{Enter}')
  expect(press).not.toHaveBeenCalled()
  await user.keyboard('{Escape}')
  expect(close).toHaveBeenCalledTimes(1)
})

it('gives tab stops only to control roles, as they render, and keeps a tabIndex the view set', () => {
  const press = jest.fn()
  render(
    <View>
      <View role='tab' aria-label='短信登录' />
      <View role='dialog' aria-label='对话框' tabIndex={-1} />
      <View role='table' aria-label='订单' />
      <View role='region' aria-label='说明' onClick={press} />
    </View>,
  )
  expect(screen.getByRole('tab')).toHaveAttribute('tabindex', '0')
  expect(screen.getByRole('dialog')).toHaveAttribute('tabindex', '-1')
  expect(screen.getByRole('table')).not.toHaveAttribute('tabindex')
  expect(screen.getByRole('region')).not.toHaveAttribute('tabindex')
})

it('does not click a view without a control role on Enter', async () => {
  const press = jest.fn()
  render(
    <View role='region' aria-label='说明' tabIndex={0} onClick={press}>
      说明
    </View>,
  )
  const user = userEvent.setup()
  await user.tab()
  expect(screen.getByRole('region')).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(press).not.toHaveBeenCalled()
})
