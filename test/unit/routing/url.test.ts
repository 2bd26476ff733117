import { buildQuery, splitUrl, withQuery } from '../../../src/core/routing/url'

describe('urls', () => {
  it('encodes queries and drops empty values', () => {
    expect(buildQuery({ a: '1', b: '', redirect: '/x?y=1' })).toBe('?a=1&redirect=%2Fx%3Fy%3D1')
    expect(withQuery('/login', {})).toBe('/login')
  })

  it('splits a url into path and decoded query', () => {
    expect(splitUrl('/notices?id=3&redirect=%2Fa%3Fb%3D1')).toEqual({
      path: '/notices',
      query: { id: '3', redirect: '/a?b=1' },
    })
  })

  it('survives malformed escapes', () => {
    expect(splitUrl('/x?a=%E0%A4%A')).toEqual({ path: '/x', query: { a: '%E0%A4%A' } })
  })
})
