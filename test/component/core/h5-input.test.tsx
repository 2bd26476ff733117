import { fireEvent, render, screen } from '@testing-library/react'
import { createRef, useState } from 'react'
import { Input, Label } from '../../../config/h5-components/input'

// The H5 build's Input and Label (config/h5-components/input.js): a plain <input> and <label> that
// keep Taro's event shape (e.detail.value) and controlled value, and drop mini-program props.

type Detail = { detail: { value: string } }

/** An Input whose value a filter controls, as the work-order number field does. */
function Filtered({ keep, onInput }: { keep: (typed: string) => string; onInput?: (typed: string) => void }) {
  const [value, setValue] = useState('')
  return (
    <Input
      aria-label='field'
      value={value}
      onInput={(e: Detail) => {
        onInput?.(e.detail.value)
        setValue(keep(e.detail.value))
      }}
    />
  )
}

const field = () => screen.getByLabelText('field') as HTMLInputElement

describe('Input on H5', () => {
  it('is an <input> with the DOM props, nativeProps on it, and no mini-program prop as an attribute', () => {
    render(
      <Input
        id='account'
        name='account'
        className='at-input__input'
        placeholder='请输入手机号/账号'
        placeholderStyle='color: red'
        placeholderClass='placeholder'
        cursorSpacing={20}
        adjustPosition
        confirmType='done'
        nativeProps={{ 'aria-describedby': 'hint' }}
        style='margin-top: 2px'
      />,
    )
    const input = screen.getByPlaceholderText('请输入手机号/账号') as HTMLInputElement
    expect(input.tagName).toBe('INPUT')
    expect(input).toMatchObject({ id: 'account', name: 'account', type: 'text', maxLength: 140 })
    expect(input.className).toContain('at-input__input')
    expect(input.getAttribute('aria-describedby')).toBe('hint')
    expect(input.style.marginTop).toBe('2px')
    expect(input.getAttributeNames().sort()).toEqual(
      [
        'aria-describedby',
        'class',
        'id',
        'maxlength',
        'name',
        'placeholder',
        'style',
        'type',
        'value',
      ].sort(),
    )
  })

  it('hands each typed value to onInput as e.detail.value and shows what the page keeps', () => {
    const typed = jest.fn()
    render(<Filtered keep={(value) => value.replace(/\D/g, '')} onInput={typed} />)
    fireEvent.input(field(), { target: { value: '12' } })
    expect(typed).toHaveBeenLastCalledWith('12')
    expect(field().value).toBe('12')
    // The page refuses the letter: the field goes back to the value it keeps.
    fireEvent.input(field(), { target: { value: '12a' } })
    expect(typed).toHaveBeenLastCalledWith('12a')
    expect(field().value).toBe('12')
  })

  it('waits for a composition to end before onInput, and keeps the composing text meanwhile', () => {
    const typed = jest.fn()
    render(<Filtered keep={(value) => value} onInput={typed} />)
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

  it('cuts a number field at its maxlength, which browsers ignore for type=number', () => {
    const typed = jest.fn()
    render(
      <Input
        aria-label='field'
        type='number'
        maxlength={4}
        value=''
        onInput={(e: Detail) => typed(e.detail.value)}
      />,
    )
    fireEvent.input(field(), { target: { value: '123456' } })
    expect(typed).toHaveBeenLastCalledWith('1234')
  })

  it('maps password and search to their input types', () => {
    render(
      <>
        <Input aria-label='secret' password />
        <Input aria-label='find' confirmType='search' />
        <Input aria-label='amount' type='digit' />
      </>,
    )
    expect((screen.getByLabelText('secret') as HTMLInputElement).type).toBe('password')
    expect((screen.getByLabelText('find') as HTMLInputElement).type).toBe('search')
    expect((screen.getByLabelText('amount') as HTMLInputElement).type).toBe('number')
  })

  it('confirms on Enter, and reports focus and blur with the value', () => {
    const confirm = jest.fn()
    const focus = jest.fn()
    const blur = jest.fn()
    render(
      <Input
        aria-label='field'
        value='abc'
        onInput={() => {}}
        onConfirm={(e: Detail) => confirm(e.detail.value)}
        onFocus={(e: Detail) => focus(e.detail.value)}
        onBlur={(e: Detail) => blur(e.detail.value)}
      />,
    )
    fireEvent.focus(field())
    fireEvent.keyDown(field(), { key: 'a', keyCode: 65 })
    expect(confirm).not.toHaveBeenCalled()
    fireEvent.keyDown(field(), { key: 'Enter', keyCode: 13 })
    fireEvent.blur(field())
    expect([confirm.mock.calls, focus.mock.calls, blur.mock.calls]).toEqual([[['abc']], [['abc']], [['abc']]])
  })

  it("does not take React's per-keystroke onChange for Taro's change event", () => {
    const change = jest.fn()
    render(<Input aria-label='field' value='' onInput={() => {}} onChange={change} />)
    fireEvent.input(field(), { target: { value: 'a' } })
    expect(change).not.toHaveBeenCalled()
  })

  it('forwards a ref to the <input>', () => {
    const ref = createRef<HTMLInputElement>()
    render(<Input ref={ref} aria-label='field' />)
    expect(ref.current).toBe(field())
  })
})

describe('Label on H5', () => {
  it("names its field by `for`, so the field's accessible name is the label", () => {
    render(
      <>
        <Label className='at-input__title' for='sms-phone'>
          手机号
        </Label>
        <Input id='sms-phone' placeholder='请输入手机号' />
      </>,
    )
    const input = screen.getByRole('textbox', { name: '手机号' })
    expect(input.getAttribute('placeholder')).toBe('请输入手机号')
    expect(screen.getByText('手机号').tagName).toBe('LABEL')
    expect(screen.getByText('手机号').getAttributeNames().sort()).toEqual(['class', 'for'])
    expect((screen.getByText('手机号') as HTMLLabelElement).control).toBe(input)
  })
})
