import { render } from '@testing-library/react'
import { RichText } from '../../../taro-patches/h5-components/rich-text'

// The H5 build's RichText (taro-patches/h5-components/rich-text.js): a <div> holding its string as HTML,
// as Taro's element did, and no Taro-only prop written as an attribute.

describe('RichText on H5', () => {
  it('holds its string nodes as HTML in a div with the DOM props it was given', () => {
    const { container } = render(
      <RichText className='notice-detail__body' nodes='<p>续费<b>提醒</b></p>' aria-label='正文' />,
    )
    const body = container.firstChild as HTMLElement
    expect(body.tagName).toBe('DIV')
    expect(body.className).toBe('notice-detail__body')
    expect(body).toHaveAttribute('aria-label', '正文')
    expect(body.innerHTML).toBe('<p>续费<b>提醒</b></p>')
  })

  it("keeps Taro's props off the element", () => {
    const { container } = render(<RichText nodes='x' space='nbsp' selectable userSelect />)
    expect((container.firstChild as HTMLElement).getAttributeNames()).toEqual([])
  })
})
