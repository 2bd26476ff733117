import { fireEvent, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { Input, Label } from '../../../taro-patches/h5-components/input'

// The H5 build's Input and Label (taro-patches/h5-components/input.js): a plain <input> and <label> that
// drop mini-program props. What Input shares with Textarea (e.detail.value, the controlled value, a
// Chinese IME's composition) is in h5-text-fields.test.tsx.

type Detail = { detail: { value: string } }

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
    expect(input).toHaveClass('at-input__input')
    expect(input).toHaveAttribute('aria-describedby', 'hint')
    expect(input).toHaveStyle({ marginTop: '2px' })
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

  it('confirms on Enter', () => {
    const confirm = jest.fn()
    render(
      <Input
        aria-label='field'
        value='abc'
        onInput={() => {}}
        onConfirm={(e: Detail) => confirm(e.detail.value)}
      />,
    )
    fireEvent.keyDown(field(), { key: 'a', keyCode: 65 })
    expect(confirm).not.toHaveBeenCalled()
    fireEvent.keyDown(field(), { key: 'Enter', keyCode: 13 })
    expect(confirm.mock.calls).toEqual([['abc']])
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
    expect(input).toHaveAttribute('placeholder', '请输入手机号')
    expect(screen.getByText('手机号').tagName).toBe('LABEL')
    expect(screen.getByText('手机号').getAttributeNames().sort()).toEqual(['class', 'for'])
    expect((screen.getByText('手机号') as HTMLLabelElement).control).toBe(input)
  })
})
