import { buildQuery, ownPagePath, splitUrl, withQuery } from '../../../src/core/routing/url'

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

describe('ownPagePath (a link of ours opens in-app)', () => {
  const isPage = (path: string) => path === '/evaluate'
  it.each([
    ['https://mc.example.cn/evaluate?uuId=u1', '/evaluate?uuId=u1'],
    ['/evaluate?uuId=u1', '/evaluate?uuId=u1'],
    ['https://MC.example.cn/evaluate', '/evaluate'],
    ['https://other.example.cn/evaluate?uuId=u1', null],
    ['https://mc.example.cn/unknown?x=1', null],
    ['javascript:alert(1)', null],
  ])('%s → %s', (url, expected) => {
    expect(ownPagePath(url, 'https://mc.example.cn/', isPage)).toBe(expected)
  })
})
