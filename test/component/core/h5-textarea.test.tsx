import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef, useState } from 'react'
import { Textarea } from '../../../config/h5-components/textarea'

// The H5 build's Textarea (config/h5-components/textarea.js): a plain <textarea> that keeps Taro's
// event shape (e.detail.value), its controlled value and maxlength, and drops mini-program props.

type Detail = { detail: { value: string } }

/** A Textarea whose value the page keeps, through `keep`. */
function Kept({
  keep = (typed: string) => typed,
  onInput,
}: {
  keep?: (typed: string) => string
  onInput?: (typed: string) => void
}) {
  const [value, setValue] = useState('')
  return (
    <Textarea
      aria-label='field'
      value={value}
      onInput={(e: Detail) => {
        onInput?.(e.detail.value)
        setValue(keep(e.detail.value))
      }}
    />
  )
}

const field = () => screen.getByLabelText('field') as HTMLTextAreaElement

describe('Textarea on H5', () => {
  it('is a <textarea> with the DOM props, nativeProps on it, and no mini-program prop as an attribute', () => {
    const ref = createRef<HTMLTextAreaElement>()
    render(
      <Textarea
        ref={ref}
        name='reply'
        className='wo-textarea'
        placeholder='请输入'
        value='已有内容'
        autoHeight
        showConfirmBar={false}
        cursorSpacing={20}
        disableDefaultPadding
        placeholderClass='muted'
        nativeProps={{ 'aria-label': '回复' }}
        style='height: 80px'
      />,
    )
    const box = screen.getByLabelText('回复') as HTMLTextAreaElement
    expect(box).toBe(ref.current)
    expect(box.tagName).toBe('TEXTAREA')
    expect(box).toMatchObject({ name: 'reply', value: '已有内容', maxLength: 140 })
    expect(box.className).toBe('taro-textarea wo-textarea')
    expect(box.style.height).toBe('80px')
    expect(box.getAttributeNames().sort()).toEqual(
      ['aria-label', 'class', 'maxlength', 'name', 'placeholder', 'style'].sort(),
    )
  })

  it('takes the maxlength given, and none for -1', () => {
    render(
      <>
        <Textarea aria-label='limited' maxlength={500} />
        <Textarea aria-label='free' maxlength={-1} />
      </>,
    )
    expect((screen.getByLabelText('limited') as HTMLTextAreaElement).maxLength).toBe(500)
    expect(screen.getByLabelText('free').hasAttribute('maxlength')).toBe(false)
  })

  it('hands each typed value to onInput as e.detail.value and shows what the page keeps', async () => {
    const typed = jest.fn()
    render(<Kept keep={(text) => text.replace(/x/g, '')} onInput={typed} />)
    await userEvent.type(field(), '第一行{Enter}第二x')
    expect(typed).toHaveBeenLastCalledWith('第一行\n第二x')
    expect(field().value).toBe('第一行\n第二')
    // The page refused the x: typing it again is reported again.
    await userEvent.type(field(), 'x')
    expect(typed).toHaveBeenLastCalledWith('第一行\n第二x')
  })

  it('waits for a composition to end before onInput (input before compositionend, as in Chromium)', () => {
    const typed = jest.fn()
    render(<Kept onInput={typed} />)
    fireEvent.compositionStart(field())
    fireEvent.input(field(), { target: { value: 'zhang' } })
    expect(typed).not.toHaveBeenCalled()
    expect(field().value).toBe('zhang')
    fireEvent.input(field(), { target: { value: '张' } })
    fireEvent.compositionEnd(field())
    expect(typed).toHaveBeenCalledTimes(1)
    expect(typed).toHaveBeenLastCalledWith('张')
    expect(field().value).toBe('张')
  })

  it('reports a composition once when its input comes after compositionend (other browsers)', () => {
    const typed = jest.fn()
    render(<Kept onInput={typed} />)
    fireEvent.compositionStart(field())
    fireEvent.input(field(), { target: { value: 'li' } })
    field().value = '李'
    fireEvent.compositionEnd(field())
    fireEvent.input(field(), { target: { value: '李' } })
    expect(typed.mock.calls).toEqual([['李']])
    expect(field().value).toBe('李')
    // The next keystroke is reported as usual.
    fireEvent.keyDown(field(), { key: 'a' })
    fireEvent.input(field(), { target: { value: '李a' } })
    expect(typed).toHaveBeenLastCalledWith('李a')
  })

  it('reports focus and blur with the value, and keeps a keydown handler', () => {
    const focused = jest.fn()
    const blurred = jest.fn()
    const keyDown = jest.fn()
    render(
      <Textarea
        aria-label='field'
        value='内容'
        onFocus={(e: Detail) => focused(e.detail.value)}
        onBlur={(e: Detail) => blurred(e.detail.value)}
        onKeyDown={keyDown}
      />,
    )
    fireEvent.focus(field())
    fireEvent.keyDown(field(), { key: 'a' })
    fireEvent.blur(field())
    expect(focused).toHaveBeenCalledWith('内容')
    expect(blurred).toHaveBeenCalledWith('内容')
    expect(keyDown).toHaveBeenCalledTimes(1)
  })

  it('is read-only when disabled, and focuses itself when asked', () => {
    render(
      <>
        <Textarea aria-label='field' disabled value='' placeholder='未填写' />
        <Textarea aria-label='first' focus />
      </>,
    )
    expect(field().disabled).toBe(true)
    expect(document.activeElement).toBe(screen.getByLabelText('first'))
  })
})
