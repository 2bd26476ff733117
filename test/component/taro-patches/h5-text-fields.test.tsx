import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ComponentType } from 'react'
import { Input } from '../../../taro-patches/h5-components/input'
import { Textarea } from '../../../taro-patches/h5-components/textarea'

// What the H5 build's Input and Textarea (taro-patches/h5-components) both keep of Taro's text fields: the
// typed value in e.detail.value, a value the page controls, and a Chinese IME's text reported once,
// when its composition ends, whichever order the browser sends the events in.

type Detail = { detail: { value: string } }
type Field = ComponentType<Record<string, unknown>>

/** A field whose value the page keeps, through `keep` (a filter, as the work-order number's). */
function Kept({
  Field,
  keep = (typed: string) => typed,
  onInput,
}: {
  Field: Field
  keep?: (typed: string) => string
  onInput?: (typed: string) => void
}) {
  const [value, setValue] = useState('')
  return (
    <Field
      aria-label='field'
      value={value}
      onInput={(e: Detail) => {
        onInput?.(e.detail.value)
        setValue(keep(e.detail.value))
      }}
    />
  )
}

const field = () => screen.getByLabelText('field') as HTMLInputElement | HTMLTextAreaElement

describe.each([
  ['Input', Input],
  ['Textarea', Textarea],
])('%s on H5, as a text field', (_name, Field) => {
  it('hands each typed value to onInput as e.detail.value and shows what the page keeps', async () => {
    const typed = jest.fn()
    render(<Kept Field={Field} keep={(text) => text.replace(/x/g, '')} onInput={typed} />)
    await userEvent.type(field(), '第一行x')
    expect(typed).toHaveBeenLastCalledWith('第一行x')
    expect(field().value).toBe('第一行')
    // The page refused the x: typing it again is reported again.
    await userEvent.type(field(), 'x')
    expect(typed).toHaveBeenLastCalledWith('第一行x')
    expect(field().value).toBe('第一行')
  })

  it('waits for a composition to end before onInput (input before compositionend, as in Chromium)', () => {
    const typed = jest.fn()
    render(<Kept Field={Field} onInput={typed} />)
    fireEvent.compositionStart(field())
    fireEvent.input(field(), { target: { value: 'zhang' } })
    expect(typed).not.toHaveBeenCalled()
    expect(field().value).toBe('zhang')
    fireEvent.input(field(), { target: { value: '张' } })
    fireEvent.compositionEnd(field())
    expect(typed.mock.calls).toEqual([['张']])
    expect(field().value).toBe('张')
  })

  it('reports a composition once when its input comes after compositionend (other browsers)', () => {
    const typed = jest.fn()
    render(<Kept Field={Field} onInput={typed} />)
    fireEvent.compositionStart(field())
    fireEvent.input(field(), { target: { value: 'li' } })
    field().value = '李'
    fireEvent.compositionEnd(field())
    fireEvent.input(field(), { target: { value: '李' } })
    expect(typed.mock.calls).toEqual([['李']])
    expect(field().value).toBe('李')
    // The next keystroke is reported as usual.
    fireEvent.keyDown(field(), { key: 'a', keyCode: 65 })
    fireEvent.input(field(), { target: { value: '李a' } })
    expect(typed).toHaveBeenLastCalledWith('李a')
  })

  it('reports focus and blur with the value', () => {
    const focused = jest.fn()
    const blurred = jest.fn()
    render(
      <Field
        aria-label='field'
        value='内容'
        onInput={() => {}}
        onFocus={(e: Detail) => focused(e.detail.value)}
        onBlur={(e: Detail) => blurred(e.detail.value)}
      />,
    )
    fireEvent.focus(field())
    fireEvent.blur(field())
    expect(focused.mock.calls).toEqual([['内容']])
    expect(blurred.mock.calls).toEqual([['内容']])
  })
})
