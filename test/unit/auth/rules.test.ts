import {
  loginTabs,
  qrAnswer,
  qrTick,
  QR_POLL_MAX_TRIES,
  registerTabs,
  reverifyCodeFromQr,
  sceneCodeFromQr,
  type QrState,
} from '../../../src/features/auth/rules'
import { scanApprovalDetails } from '../../../src/features/auth/scan-approval'

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

  it('counts a try each second and expires after 120', () => {
    let state: QrState = waiting
    for (let i = 0; i < QR_POLL_MAX_TRIES; i++) state = qrTick(state)
    expect(state).toEqual({ status: 'waiting', tries: 120 })
    expect(qrTick(state)).toEqual({ status: 'expired', message: '二维码已失效，请刷新二维码' })
  })

  it('shows scanned and keeps counting from there', () => {
    const scanned = qrAnswer({ status: 'waiting', tries: 7 }, { kind: 'answer', status: 'scanned' })
    expect(scanned).toEqual({ status: 'scanned', tries: 7 })
    expect(qrTick(scanned)).toEqual({ status: 'scanned', tries: 8 })
  })

  it('stops when confirmed', () => {
    expect(qrAnswer(waiting, { kind: 'answer', status: 'confirmed' })).toEqual({ status: 'confirmed' })
    expect(qrTick({ status: 'confirmed' })).toEqual({ status: 'confirmed' })
  })

  it('shows the message of 989 (expired) and 993 (not registered)', () => {
    expect(qrAnswer(waiting, { kind: 'failure', code: 989, message: '二维码已失效' })).toEqual({
      status: 'expired',
      message: '二维码已失效',
    })
    expect(qrAnswer(waiting, { kind: 'failure', code: 993, message: '该微信尚未注册，请先注册' })).toEqual({
      status: 'refused',
      message: '该微信尚未注册，请先注册',
    })
  })

  it('lets other failures pass: the next second asks again', () => {
    expect(qrAnswer(waiting, { kind: 'failure', code: -1, message: '网络异常' })).toBe(waiting)
  })

  it('ignores answers after it stopped', () => {
    const expired: QrState = { status: 'expired', message: 'x' }
    expect(qrAnswer(expired, { kind: 'answer', status: 'confirmed' })).toBe(expired)
  })
})

describe('desktop login QR read by the mini-program', () => {
  it('takes the code from the scan page URL', () => {
    expect(sceneCodeFromQr('http://127.0.0.1:8080/__dev/wechat/scan?code=ab12cd34ef&x=1')).toBe('ab12cd34ef')
  })
  it('accepts a bare scene code', () => expect(sceneCodeFromQr(' ab12cd34ef56 ')).toBe('ab12cd34ef56'))
  it('refuses anything else', () => {
    expect(sceneCodeFromQr('https://example.com/')).toBeNull()
    expect(sceneCodeFromQr('hi')).toBeNull()
  })
})

describe('the mini-program’s 扫码登录 confirmation', () => {
  it('lists the requesting browser, its address and the time in UTC+8', () => {
    expect(
      scanApprovalDetails({
        browser: 'Chrome 126 / Windows',
        ip: '203.0.113.7',
        requestedAt: '2026-11-27T02:03:04Z',
      }),
    ).toEqual([
      { label: '请求设备', value: 'Chrome 126 / Windows' },
      { label: '请求地址', value: '203.0.113.7' },
      { label: '请求时间', value: '2026-11-27 10:03:04' },
    ])
  })

  it('says so when the server knows no browser or address', () => {
    const [device, address] = scanApprovalDetails({ browser: '', ip: '', requestedAt: '' })
    expect([device.value, address.value]).toEqual(['未知浏览器', '--'])
  })
})

describe("reverifyCodeFromQr: a browser's 操作保护 QR", () => {
  it('reads the code after the prefix', () =>
    expect(reverifyCodeFromQr(' member-centre:reverify:ab12cd34ef56 ')).toBe('ab12cd34ef56'))
  it.each([
    'ab12cd34ef56',
    'member-centre:reverify:',
    'member-centre:reverify:x y',
    'https://e.cn/?code=ab12cd34',
  ])('%j is not one', (text) => expect(reverifyCodeFromQr(text)).toBeNull())
  it('is never mistaken for a login scene', () =>
    expect(sceneCodeFromQr('member-centre:reverify:ab12cd34ef56')).toBeNull())
})
