import {
  loginTabs,
  nextQrState,
  QR_POLL_MAX_TRIES,
  registerTabs,
  type QrState,
} from '../../src/features/auth/rules'

describe('login tabs per end (doc2 §2 Login)', () => {
  it('offers QR scan login and WeChat registration on desktop only', () => {
    expect(loginTabs('qr')).toEqual(['qr', 'sms', 'password'])
    expect(registerTabs('qr')).toEqual(['wechat', 'phone'])
  })

  it.each(['oauth', 'mini', 'none'] as const)('has no QR tabs in mode %s', (mode) => {
    expect(loginTabs(mode)).toEqual(['sms', 'password'])
    expect(registerTabs(mode)).toEqual(['phone'])
  })
})

describe('QR login poll (doc2 §4: once per second, up to 120 tries)', () => {
  const waiting: QrState = { status: 'waiting', tries: 0 }

  it('keeps waiting, then shows scanned', () => {
    const once = nextQrState(waiting, { kind: 'answer', status: 'waiting' })
    expect(once).toEqual({ status: 'waiting', tries: 1 })
    expect(nextQrState(once, { kind: 'answer', status: 'scanned' })).toEqual({ status: 'scanned', tries: 2 })
  })

  it('stops when confirmed', () => {
    expect(nextQrState(waiting, { kind: 'answer', status: 'confirmed' })).toEqual({ status: 'confirmed' })
  })

  it('expires after 120 tries without an answer', () => {
    let state: QrState = waiting
    for (let i = 0; i < QR_POLL_MAX_TRIES - 1; i++)
      state = nextQrState(state, { kind: 'answer', status: 'waiting' })
    expect(state).toEqual({ status: 'waiting', tries: 119 })
    expect(nextQrState(state, { kind: 'answer', status: 'waiting' })).toEqual({
      status: 'expired',
      message: '二维码已失效，请刷新二维码',
    })
  })

  it('shows the message of 989 (expired) and 993 (not registered)', () => {
    expect(nextQrState(waiting, { kind: 'failure', code: 989, message: '二维码已失效' })).toEqual({
      status: 'expired',
      message: '二维码已失效',
    })
    expect(nextQrState(waiting, { kind: 'failure', code: 993, message: '该微信尚未注册，请先注册' })).toEqual(
      {
        status: 'refused',
        message: '该微信尚未注册，请先注册',
      },
    )
  })

  it('counts other failures as tries and goes on', () => {
    expect(nextQrState(waiting, { kind: 'failure', code: -1, message: '网络异常' })).toEqual({
      status: 'waiting',
      tries: 1,
    })
  })

  it('ignores answers after it stopped', () => {
    const expired: QrState = { status: 'expired', message: 'x' }
    expect(nextQrState(expired, { kind: 'answer', status: 'confirmed' })).toBe(expired)
  })
})
