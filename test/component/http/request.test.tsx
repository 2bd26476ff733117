import Taro from '@tarojs/taro'
import { ApiError } from '../../../src/core/http/api-error'
import { http, NETWORK_FAILURE_MESSAGE, REQUEST_TIMEOUT_MS } from '../../../src/core/http/request'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { fail, installFakeApi, ok } from '../support/fake-api'

const signedIn = { token: 'tok-1', accountId: 10, subAccountId: 0, role: 0 }

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

  it('asks Taro for the spec timeout of 120000 ms', async () => {
    installFakeApi().on('GET', '/x', () => ok(null))
    const request = jest.spyOn(Taro, 'request')
    await http.get('/x')
    expect(request.mock.calls[0][0]).toMatchObject({ timeout: REQUEST_TIMEOUT_MS })
    expect(REQUEST_TIMEOUT_MS).toBe(120000)
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
