// 扫一扫 in the mini-program's account menu (AccountMenu + scan-login.ts), compiled for weapp
// and run under miniprogram-simulate: wx.scanCode, wx.request and the stored session are the stubs.
// Needs: node scripts/build-native-components.mjs. Run: node --test test/weapp/
import {
  answerRequests,
  fail,
  loadComponent,
  assertBuilt,
  succeed,
  texts,
  until,
  wx,
} from './support/simulate.mjs'
import assert from 'node:assert/strict'
import { afterEach, before, describe, mock, test } from 'node:test'

const component = 'native/account-menu/index'
assertBuilt(component)
let render

const scanned = (result) => (options) =>
  succeed(options, { errMsg: 'scanCode:ok', result, scanType: 'QR_CODE' })
const ok = answerRequests({ code: 200, message: '', data: null })

describe('weapp: 扫一扫 (wx.scanCode)', () => {
  before(() => {
    // The session persisted by an earlier login, read from storage when the bundle loads.
    const session = { state: { token: 'mini-token', id: 1, role: 0, subAccountId: 0 }, version: 0 }
    mock.method(wx, 'getStorageSync', (key) => (key === 'mc-session' ? JSON.stringify(session) : ''))
    render = loadComponent(component)
  })
  afterEach(() => mock.restoreAll())

  const openScan = async () => {
    const comp = await render('.account-menu')
    const item = comp
      .querySelectorAll('.account-menu__item')
      .find((node) => node.dom.textContent === '扫一扫')
    assert.ok(item, 'the menu offers 扫一扫 in the mini-program')
    item.dispatchEvent('tap')
    return comp
  }

  const DESCRIBED = {
    action: '在电脑上登录会员中心',
    browser: 'Chrome · Windows',
    ip: '203.0.113.9',
    requestedAt: '2026-03-01T02:03:04.000Z',
    confirmToken: 'one-time',
  }
  /** GET scanCode describes the scene; POST scanCode takes the answer. */
  const scanServer = () => (options) => {
    const data = options.method === 'GET' ? DESCRIBED : null
    return answerRequests({ code: 200, message: '', data })(options)
  }
  const buttonIn = (comp, text) =>
    comp.querySelectorAll('.at-button').find((node) => node.dom.textContent === text)

  test('scans the desktop QR, shows what it would approve, and approves only on 确认', async () => {
    const scan = mock.method(
      wx,
      'scanCode',
      scanned('http://127.0.0.1:8080/__dev/wechat/scan?code=abcdef123456'),
    )
    const request = mock.method(wx, 'request', scanServer())
    const comp = await openScan()

    await until(() => comp.querySelector('.scan-login-dialog__action'), 'the 确认登录 dialog')
    assert.equal(scan.mock.callCount(), 1)
    const [scanOptions] = scan.mock.calls[0].arguments
    assert.equal(scanOptions.onlyFromCamera, true)
    assert.deepEqual(scanOptions.scanType, ['qrCode'])
    assert.equal(request.mock.callCount(), 1)
    const [described] = request.mock.calls[0].arguments
    assert.match(described.url, /^https?:\/\/[^/]+\/api\/app\/scanCode$/)
    assert.equal(described.method, 'GET')
    assert.deepEqual(described.data, { code: 'abcdef123456' })
    assert.equal(described.header.token, 'mini-token')
    assert.deepEqual(texts(comp, 'scan-login-dialog__action'), ['在电脑上登录会员中心'])
    assert.deepEqual(texts(comp, 'scan-login-dialog__value'), [
      'Chrome · Windows',
      '203.0.113.9',
      '2026-03-01 10:03:04',
    ])

    buttonIn(comp, '确认').dispatchEvent('tap')
    await until(() => texts(comp, 'toast--success').includes('已确认网页登录'), 'success toast')
    assert.equal(request.mock.callCount(), 2)
    const [answered] = request.mock.calls[1].arguments
    assert.match(answered.url, /^https?:\/\/[^/]+\/api\/app\/scanCode$/)
    assert.equal(answered.method, 'POST')
    assert.deepEqual(answered.data, { code: 'abcdef123456', confirmToken: 'one-time', action: 'confirm' })
    assert.equal(answered.header.token, 'mini-token')
    comp.detach()
  })

  test('取消 answers cancel and approves nothing', async () => {
    mock.method(wx, 'scanCode', scanned('abcdef123456'))
    const request = mock.method(wx, 'request', scanServer())
    const comp = await openScan()

    await until(() => comp.querySelector('.scan-login-dialog__action'), 'the 确认登录 dialog')
    buttonIn(comp, '取消').dispatchEvent('tap')
    await until(() => request.mock.callCount() === 2, 'the answer')
    const [answered] = request.mock.calls[1].arguments
    assert.deepEqual(answered.data, { code: 'abcdef123456', confirmToken: 'one-time', action: 'cancel' })
    comp.detach()
  })

  // Before any error toast: they stay 5 s and the store is shared by the renders of this file.
  test('closing the camera does nothing', async () => {
    const scan = mock.method(wx, 'scanCode', (options) => fail(options, 'scanCode:fail cancel'))
    const request = mock.method(wx, 'request', ok)
    const comp = await openScan()

    await until(() => scan.mock.callCount() === 1, 'wx.scanCode')
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(request.mock.callCount(), 0)
    assert.deepEqual(texts(comp, 'toast--error'), [])
    comp.detach()
  })

  test('a QR that is not a login QR is refused without a call', async () => {
    mock.method(wx, 'scanCode', scanned('https://example.com/'))
    const request = mock.method(wx, 'request', ok)
    const comp = await openScan()

    await until(() => texts(comp, 'toast--error').includes('不是会员中心的二维码'), 'error toast')
    assert.equal(request.mock.callCount(), 0)
    comp.detach()
  })
})
