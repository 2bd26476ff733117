import { fireEvent, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { styleObject, Text, View } from '../../../taro-patches/h5-components/view-text'

// The H5 build's View and Text (taro-patches/h5-components/view-text.js): plain elements that keep every
// DOM prop and drop Taro's, so no Taro-only name reaches the page as an attribute.

describe('View and Text on H5', () => {
  it('render a div and a span with the props the DOM knows', () => {
    const onClick = jest.fn()
    render(
      <View className='card' role='button' aria-expanded={false} data-id='7' tabIndex={0} onClick={onClick}>
        <Text className='card__title'>订单</Text>
      </View>,
    )
    const button = screen.getByRole('button')
    expect(button.tagName).toBe('DIV')
    expect(button).toHaveClass('card', { exact: true })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveAttribute('data-id', '7')
    expect(screen.getByText('订单').tagName).toBe('SPAN')
    fireEvent.click(screen.getByText('订单'))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it("drop Taro's own props instead of writing them as attributes", () => {
    const { container } = render(
      <View hoverClass='pressed' hoverStayTime={100} catchMove>
        <Text selectable space='nbsp' userSelect>
          x
        </Text>
      </View>,
    )
    const [view, text] = [container.querySelector('div')!, container.querySelector('span')!]
    expect(view.getAttributeNames()).toEqual([])
    expect(text.getAttributeNames()).toEqual([])
  })

  it("take taro-ui's CSS strings as styles, objects as they are", () => {
    render(<View style='color: red; --gap: 4px;; margin-top:2px' aria-label='string' />)
    render(<View style={{ width: 10 }} aria-label='object' />)
    const fromString = screen.getByLabelText('string')
    expect(fromString).toHaveStyle({ color: 'rgb(255, 0, 0)' })
    expect(fromString).toHaveStyle({ marginTop: '2px' })
    expect(fromString.style.getPropertyValue('--gap')).toBe('4px')
    expect(screen.getByLabelText('object')).toHaveStyle({ width: '10px' })
    expect(styleObject('')).toEqual({})
    expect(styleObject('background: url(a:b)')).toEqual({ background: 'url(a:b)' })
  })

  it('forward a ref to the element', () => {
    const ref = createRef<HTMLElement>()
    render(<View ref={ref} />)
    expect(ref.current?.tagName).toBe('DIV')
  })
})
