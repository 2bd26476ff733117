import { GENERIC_FAILURE } from '../../../src/core/contract/envelope'
import { readEnvelope } from '../../../src/core/http/envelope'

describe('envelopes (doc2 §7)', () => {
  it('accepts code 200 and 988', () => {
    expect(readEnvelope({ code: 200, message: 'ok', data: { a: 1 } })).toEqual({
      ok: true,
      data: { a: 1 },
      message: 'ok',
    })
    expect(readEnvelope({ code: 988, data: 5 })).toEqual({ ok: true, data: 5, message: '' })
  })

  it('reads the order services IsSuccess form', () => {
    expect(readEnvelope({ IsSuccess: true, Data: [1], Message: '' })).toEqual({
      ok: true,
      data: [1],
      message: '',
    })
    expect(readEnvelope({ IsSuccess: false, Message: '下单失败' })).toEqual({
      ok: false,
      code: 0,
      message: '下单失败',
    })
  })

  it('passes failures on with the server message', () => {
    expect(readEnvelope({ code: 996, message: '登录已过期，请重新登录' })).toEqual({
      ok: false,
      code: 996,
      message: '登录已过期，请重新登录',
    })
  })

  it.each([null, 'oops', '<html>502</html>', { code: 500 }])('gives a generic message for %j', (body) => {
    expect(readEnvelope(body)).toMatchObject({ ok: false, message: GENERIC_FAILURE })
  })
})
