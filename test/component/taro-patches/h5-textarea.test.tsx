import { fireEvent, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { Textarea } from '../../../taro-patches/h5-components/textarea'

// The H5 build's Textarea (taro-patches/h5-components/textarea.js): a plain <textarea> with Taro's
// maxlength that drops mini-program props. What it shares with Input (e.detail.value, the controlled
// value, a Chinese IME's composition) is in h5-text-fields.test.tsx.

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
    expect(box).toHaveClass('taro-textarea wo-textarea', { exact: true })
    expect(box).toHaveStyle({ height: '80px' })
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
    expect(screen.getByLabelText('free')).not.toHaveAttribute('maxlength')
  })

  it('keeps a keydown handler of its own', () => {
    const keyDown = jest.fn()
    render(<Textarea aria-label='field' value='' onKeyDown={keyDown} />)
    fireEvent.keyDown(field(), { key: 'a' })
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
    expect(screen.getByLabelText('first')).toHaveFocus()
  })
})
