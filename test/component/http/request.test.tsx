import Taro from '@tarojs/taro'
import { ApiError } from '../../../src/core/http/api-error'
import { http, NETWORK_FAILURE_MESSAGE, REQUEST_TIMEOUT_MS } from '../../../src/core/http/request'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { ROLE } from '../../../src/core/contract/account'
import { fail, installFakeApi, ok } from '../support/fake-api'

const signedIn = { token: 'tok-1', accountId: 10, subAccountId: 0, role: ROLE.main }

beforeEach(() => {
  useSession.getState().signIn(signedIn)
  useToasts.setState({ toasts: [] })
  jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' })
})
afterEach(() => jest.restoreAllMocks())

const messages = () => useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`)

describe('the request wrapper', () => {
  it('sends the token header and returns typed data', async () => {
    const api = installFakeApi().on('GET', '/api/pc/getUnReadCount', () => ok(7))
    await expect(http.get<number>('/api/pc/getUnReadCount', { a: 1 })).resolves.toBe(7)
    expect(api.calls[0]).toMatchObject({ path: '/api/pc/getUnReadCount', body: { a: '1' } })
    expect(api.calls[0].headers.token).toBe('tok-1')
  })

  it('gives up after the spec timeout of 120000 ms as a network failure', async () => {
    jest.useFakeTimers()
    try {
      // A server that never answers: only the abort signal ends the call.
      global.fetch = jest.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ) as typeof fetch
      jest.spyOn(console, 'error').mockImplementation(() => {})
      const call = http.get('/x', undefined, { silent: true })
      let settled = false
      call.catch(() => {}).finally(() => (settled = true))
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
      expect(settled).toBe(false)
      await jest.advanceTimersByTimeAsync(1)
      await expect(call).rejects.toEqual(new ApiError(-1, NETWORK_FAILURE_MESSAGE))
      expect(REQUEST_TIMEOUT_MS).toBe(120000)
    } finally {
      jest.useRealTimers()
    }
  })

  it('sends a POST body as JSON and GET parameters in the query', async () => {
    const api = installFakeApi()
      .on('POST', '/api/p', () => ok(1))
      .on('GET', '/api/g', () => ok(2))
    await http.post('/api/p', { phone: '13800000001', list: [1, 2] })
    await http.get('/api/g', { name: '会员 中心', filter: { a: 1 } })
    expect(api.calls[0]).toMatchObject({ body: { phone: '13800000001', list: [1, 2] } })
    expect(api.calls[0].headers['content-type']).toBe('application/json')
    expect(api.calls[1].body).toEqual({ name: '会员 中心', filter: '{"a":1}' })
  })

  it('shows the server message as an error toast and throws it', async () => {
    installFakeApi().on('POST', '/api/x', () => fail(400, '请输入正确的手机号'))
    await expect(http.post('/api/x', {})).rejects.toEqual(new ApiError(400, '请输入正确的手机号'))
    expect(messages()).toEqual(['error:请输入正确的手机号'])
  })

  it('stays quiet for a silent call', async () => {
    installFakeApi().on('GET', '/api/x', () => fail(500, '服务器繁忙，请稍后重试'))
    await expect(http.get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ code: 500 })
    expect(messages()).toEqual([])
  })

  it('on 996 shows the message, clears token and id, and goes to /login', async () => {
    installFakeApi().on('GET', '/api/x', () => fail(996, '登录已过期，请重新登录'))
    await expect(http.get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ code: 996 })
    expect(useSession.getState()).toMatchObject({ token: '', id: null })
    expect(messages()).toEqual(['error:登录已过期，请重新登录'])
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/login/index' })
  })

  it('keeps the session when a 996 speaks of another credential (an entry link)', async () => {
    installFakeApi().on('GET', '/api/x', () => fail(996, '登录凭证已失效，请重新登录'))
    const before = useSession.getState().token
    await expect(http.get('/api/x', undefined, { silent: true, keepsSession: true })).rejects.toMatchObject({
      code: 996,
    })
    expect(useSession.getState().token).toBe(before)
    expect(before).not.toBe('')
    expect(messages()).toEqual([])
    expect(Taro.reLaunch).not.toHaveBeenCalled()
  })

  it('tells the user once when several calls come back 996', async () => {
    installFakeApi().on('GET', '/api/x', () => fail(996, '登录已过期，请重新登录'))
    await Promise.allSettled([http.get('/api/x'), http.get('/api/x'), http.get('/api/x')])
    expect(messages()).toEqual(['error:登录已过期，请重新登录'])
    expect(Taro.reLaunch).toHaveBeenCalledTimes(1)
  })

  it('logs a network failure as request failed and reports it', async () => {
    installFakeApi().failNetwork('/api/x')
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: -1, message: NETWORK_FAILURE_MESSAGE })
    expect(log.mock.calls[0][0]).toBe('request failed')
    expect(messages()).toEqual([`error:${NETWORK_FAILURE_MESSAGE}`])
  })
})
