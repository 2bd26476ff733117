import { act, render, screen } from '@testing-library/react'
import { QrLoginPanel } from '../../../src/features/auth/components/QrLoginPanel'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

const LOGIN = { token: 'tk', accountId: 1, subAccountId: 0, role: 0, needBindPhone: false }

let api: FakeApi
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('QR login panel (only the creating browser gets the login)', () => {
  it('polls getTokenByCode with the scene secret it was handed, then hands over the login', async () => {
    const answers: unknown[] = [{ status: 'scanned' }, { status: 'confirmed', ...LOGIN }]
    api = installFakeApi()
      .on('GET', '/api/wechat/getQrAddress', () =>
        ok({ code: 'scene-1', url: 'https://open.weixin.qq.com/x', expiresIn: 120, secret: 'only-mine' }),
      )
      .on('GET', '/api/wechat/getTokenByCode', () => ok(answers.shift() ?? { status: 'waiting' }))
    const onConfirmed = jest.fn()
    render(<QrLoginPanel purpose='login' onConfirmed={onConfirmed} />)
    await advance(0)
    await advance(1000)
    expect(screen.getByText('扫码成功，请在微信中确认')).toBeInTheDocument()
    await advance(1000)
    const polls = api.calls.filter((c) => c.path === '/api/wechat/getTokenByCode')
    expect(polls).toHaveLength(2)
    for (const poll of polls) {
      expect(poll.body).toEqual({ code: 'scene-1' })
      expect(poll.headers['x-scene-secret']).toBe('only-mine')
    }
    expect(onConfirmed).toHaveBeenCalledWith(expect.objectContaining({ token: 'tk' }))
  })

  it('shows the server’s message when the phone cancelled', async () => {
    installFakeApi()
      .on('GET', '/api/wechat/getQrAddress', () => ok({ code: 's', url: 'u', expiresIn: 120, secret: 'x' }))
      .on('GET', '/api/wechat/getTokenByCode', () => fail(989, '已在手机上取消，请刷新二维码'))
    render(<QrLoginPanel purpose='login' onConfirmed={jest.fn()} />)
    await advance(0)
    await advance(1000)
    expect(screen.getByText('已在手机上取消，请刷新二维码')).toBeInTheDocument()
    expect(screen.getByText('刷新二维码')).toBeInTheDocument()
  })
})
