import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent.js'
import { render } from '@testing-library/react'
import { createLazyComponent } from '../../../taro-patches/h5-components/create'

// The H5 build's Stencil components (taro-patches/h5-components/create.js) define their custom element on
// their first render, before React creates the element, and never when their module is evaluated.
jest.mock('@tarojs/components/lib/react/helper.js', () => ({ manipulatePropsFunction: jest.fn() }))
jest.mock('@tarojs/components/lib/react/react-component-lib/createComponent.js', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createElement, forwardRef } = require('react') as typeof import('react')
  return {
    createReactComponent: jest.fn((tagName: string) =>
      forwardRef<unknown, Record<string, unknown>>((props, ref) => createElement(tagName, { ...props, ref })),
    ),
  }
})

describe('createLazyComponent', () => {
  it('defines the element once, on the first render, before the element exists', () => {
    const seen: number[] = []
    const define = jest.fn(() => seen.push(document.getElementsByTagName('taro-image-core').length))
    const Image = createLazyComponent('taro-image-core', define)
    expect(define).not.toHaveBeenCalled()
    // Taro's wrapper is asked for no definition of its own.
    expect(createReactComponent).toHaveBeenCalledWith(
      'taro-image-core',
      undefined,
      expect.any(Function),
      undefined,
    )

    const { container, rerender } = render(<Image id='logo' />)
    expect(define).toHaveBeenCalledTimes(1)
    expect(seen).toEqual([0])
    expect(container.innerHTML).toBe('<taro-image-core id="logo"></taro-image-core>')
    rerender(<Image id='logo' />)
    render(<Image />)
    expect(define).toHaveBeenCalledTimes(1)
  })
})
