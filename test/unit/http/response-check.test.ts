// firstDifference: how the API tests' response check (server/http/response-check.ts) names what a
// response schema changed in an answer (test/api/response-check.test.ts: what such a request answers).
import { firstDifference } from '../../../server/http/response-check'

describe('firstDifference', () => {
  it('finds nothing in equal answers', () => {
    const answer = { code: 200, message: 'ok', data: { list: [{ id: 1, tags: ['a'] }], total: 1 } }
    expect(firstDifference(answer, structuredClone(answer))).toBeNull()
  })

  it.each([
    [
      'a dropped field',
      { data: { id: 1, ip: '1.2.3.4' } },
      { data: { id: 1 } },
      'data.ip: dropped (was "1.2.3.4")',
    ],
    ['an added field', { data: {} }, { data: { id: null } }, 'data.id: added (null)'],
    ['a coerced value', { data: { n: 1.5 } }, { data: { n: 2 } }, 'data.n: 1.5 became 2'],
    ['a retyped value', { data: { n: '7' } }, { data: { n: 7 } }, 'data.n: "7" became 7'],
    [
      'an item of a list',
      { data: [{ id: 1 }, { id: 2, x: 1 }] },
      { data: [{ id: 1 }, { id: 2 }] },
      'data[1].x: dropped (was 1)',
    ],
    ['a shorter list', { data: [1, 2] }, { data: [1] }, 'data: 2 items became 1'],
    ['an object become a list', { data: {} }, { data: [] }, 'data: {} became []'],
  ])('names %s by its path', (_name, expected, actual, difference) => {
    expect(firstDifference(expected, actual)).toBe(difference)
  })
})
