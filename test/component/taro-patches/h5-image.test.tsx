import { fireEvent, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { Image } from '../../../taro-patches/h5-components/image'

// The H5 build's Image (taro-patches/h5-components/image.js): a plain <img>, `mode` as object-fit, the
// <img>'s own attributes from `nativeProps`, and no Taro-only prop written as an attribute.

describe('Image on H5', () => {
  it('renders an <img> named by its alt, with the DOM props it was given', () => {
    const onClick = jest.fn()
    const ref = createRef<HTMLImageElement>()
    render(
      <Image
        ref={ref}
        src='/api/files/a.png'
        className='wo-detail-files__image'
        nativeProps={{ alt: 'a.png' }}
        aria-label='预览 a.png'
        data-qr-value='x'
        onClick={onClick}
      />,
    )
    const image = screen.getByRole('img', { name: '预览 a.png' })
    expect(image.tagName).toBe('IMG')
    expect(ref.current).toBe(image)
    expect(image).toHaveAttribute('alt', 'a.png')
    expect(image).toHaveAttribute('src', '/api/files/a.png')
    expect(image).toHaveClass('wo-detail-files__image', { exact: true })
    expect(image).toHaveAttribute('data-qr-value', 'x')
    fireEvent.click(image)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('draws each mode the console uses as object-fit, stretched by default', () => {
    const fit = (mode?: string) => {
      const { container, unmount } = render(<Image src='/q.png' mode={mode} nativeProps={{ alt: '' }} />)
      const style = (container.firstChild as HTMLImageElement).style
      unmount()
      return [style.objectFit, style.height]
    }
    expect(fit()).toEqual(['fill', ''])
    expect(fit('aspectFit')).toEqual(['contain', ''])
    expect(fit('aspectFill')).toEqual(['cover', ''])
    expect(fit('widthFix')).toEqual(['', 'auto'])
  })

  it("keeps Taro's props off the element and takes CSS strings as styles", () => {
    const { container } = render(
      <Image src='/q.png' lazyLoad showMenuByLongpress webp nativeProps={{ alt: '' }} style='width: 90px' />,
    )
    const image = container.firstChild as HTMLImageElement
    expect(image.getAttributeNames().sort()).toEqual(['alt', 'src', 'style'])
    expect(image).toHaveStyle({ width: '90px' })
  })
})
