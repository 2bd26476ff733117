// 扫码登录网页版 in the mini-program's account menu (AccountMenu + scan-login.ts), compiled for weapp
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

describe('weapp: 扫码登录网页版 (wx.scanCode)', () => {
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
      .find((node) => node.dom.textContent === '扫码登录网页版')
    assert.ok(item, 'the menu offers 扫码登录网页版 in the mini-program')
    item.dispatchEvent('tap')
    return comp
  }

  test('scans the desktop QR and authorises its code for the signed-in account', async () => {
    const scan = mock.method(
      wx,
      'scanCode',
      scanned('http://127.0.0.1:8080/__dev/wechat/scan?code=abcdef123456'),
    )
    const request = mock.method(wx, 'request', ok)
    const comp = await openScan()

    await until(() => texts(comp, 'toast--success').includes('已确认网页登录'), 'success toast')
    assert.equal(scan.mock.callCount(), 1)
    const [scanOptions] = scan.mock.calls[0].arguments
    assert.equal(scanOptions.onlyFromCamera, true)
    assert.deepEqual(scanOptions.scanType, ['qrCode'])
    assert.equal(request.mock.callCount(), 1)
    const [options] = request.mock.calls[0].arguments
    assert.match(options.url, /^https?:\/\/[^/]+\/api\/app\/scanCode$/)
    assert.equal(options.method, 'POST')
    assert.deepEqual(options.data, { code: 'abcdef123456' })
    assert.equal(options.header.token, 'mini-token')
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

    await until(() => texts(comp, 'toast--error').includes('不是会员中心的登录二维码'), 'error toast')
    assert.equal(request.mock.callCount(), 0)
    comp.detach()
  })
})
