// 微信 row of the account settings in the mini-program (WechatBindingSection + BindWechatDialog in
// 'login' proof), compiled for weapp and run under miniprogram-simulate: the WeChat is proven by a
// wx.login code sent to miniBindWechat, with no QR. wx.login, wx.request and the stored session are
// the only stubs. Needs: node scripts/build-native-components.mjs. Run: node --test test/weapp/
import { fail, loadComponent, assertBuilt, succeed, texts, until, wx } from './support/simulate.mjs'
import assert from 'node:assert/strict'
import { afterEach, before, describe, mock, test } from 'node:test'

const component = 'native/wechat-binding/index'
assertBuilt(component)
let render

/**
 * wx.request answering as server/routes/wechat-binding.ts does: checkBindWechat ok({ bound }),
 * miniBindWechat ok({ key: 1, scanned: true }, '绑定成功'), after which the account is bound.
 */
function wechatServer() {
  let bound = false
  return (options) => {
    const path = new URL(options.url).pathname
    let data = null
    let message = '操作成功'
    if (path === '/api/wechat/checkBindWechat') data = { bound }
    if (path === '/api/wechat/miniBindWechat') {
      bound = true
      data = { key: 1, scanned: true }
      message = '绑定成功'
    }
    succeed(options, {
      errMsg: 'request:ok',
      statusCode: 200,
      header: {},
      cookies: [],
      data: { code: 200, message, data },
    })
    return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {} }
  }
}

const paths = (request) => request.mock.calls.map(({ arguments: [options] }) => new URL(options.url).pathname)
const buttonIn = (comp, selector, text) =>
  comp.querySelectorAll(selector).find((node) => node.dom.textContent === text)
const rowState = (comp) => texts(comp, 'setting-row__value')[0]

describe('weapp: 微信 row binds the current WeChat (wx.login, no QR)', () => {
  before(() => {
    // The session persisted by an earlier login, read from storage when the bundle loads.
    const session = { state: { token: 'mini-token', id: 1, role: 0, subAccountId: 0 }, version: 0 }
    mock.method(wx, 'getStorageSync', (key) => (key === 'mc-session' ? JSON.stringify(session) : ''))
    render = loadComponent(component)
  })
  afterEach(() => mock.restoreAll())

  /**
   * Renders the row, waits for 未绑定 and opens 绑定微信, until its first step shows (the dialog opens
   * in its loading state and reaches step 0 a render later).
   */
  const openBindDialog = async () => {
    const comp = await render('.setting-row')
    await until(() => rowState(comp) === '未绑定', '未绑定')
    buttonIn(comp, '.setting-row__action', '绑定').dispatchEvent('tap')
    await until(() => comp.querySelector('.wechat-dialog__body'), 'the 绑定微信 dialog')
    await until(() => buttonIn(comp, '.at-button', '使用当前微信绑定'), 'the dialog’s first step')
    return comp
  }

  test('绑定 sends a wx.login code to miniBindWechat, shows 绑定成功 and then the row is 已绑定', async () => {
    const login = mock.method(wx, 'login', (options) =>
      succeed(options, { errMsg: 'login:ok', code: 'sandbox:wx-demo-new' }),
    )
    const request = mock.method(wx, 'request', wechatServer())
    const comp = await openBindDialog()

    assert.equal(comp.querySelector('.wechat-qr'), undefined, 'no QR in the mini-program')
    assert.deepEqual(texts(comp, 'wechat-dialog__hint'), ['将当前微信绑定为登录微信'])
    assert.deepEqual(paths(request), ['/api/wechat/checkBindWechat'], 'no QR scene is requested')
    assert.equal(login.mock.callCount(), 0)

    buttonIn(comp, '.at-button', '使用当前微信绑定').dispatchEvent('tap')
    await until(() => texts(comp, 'wechat-dialog__title').includes('绑定成功'), '绑定成功')

    assert.equal(login.mock.callCount(), 1)
    assert.deepEqual(paths(request), ['/api/wechat/checkBindWechat', '/api/wechat/miniBindWechat'])
    const [bind] = request.mock.calls[1].arguments
    assert.equal(bind.method, 'POST')
    assert.deepEqual(bind.data, { code: 'sandbox:wx-demo-new' })
    assert.equal(bind.header.token, 'mini-token')

    // 完成 closes the dialog and reloads the row.
    buttonIn(comp, '.at-button', '完成（3s）').dispatchEvent('tap')
    await until(() => rowState(comp) === '已绑定', '已绑定')
    assert.deepEqual(paths(request).at(-1), '/api/wechat/checkBindWechat')
    assert.equal(comp.querySelector('.wechat-dialog__body'), undefined, 'dialog closed')
    assert.ok(buttonIn(comp, '.setting-row__action', '更换'))
    assert.ok(buttonIn(comp, '.setting-row__action', '解绑'))
    assert.deepEqual(texts(comp, 'toast--error'), [])
    comp.detach()
  })

  test('a failed wx.login shows a toast and calls no bind API', async () => {
    const login = mock.method(wx, 'login', (options) => fail(options, 'login:fail auth deny'))
    const request = mock.method(wx, 'request', wechatServer())
    const comp = await openBindDialog()

    buttonIn(comp, '.at-button', '使用当前微信绑定').dispatchEvent('tap')
    const [message] = await until(
      () => texts(comp, 'toast--error').length && texts(comp, 'toast--error'),
      'toast',
    )

    assert.equal(message, '绑定失败，请重试')
    assert.equal(login.mock.callCount(), 1)
    assert.deepEqual(paths(request), ['/api/wechat/checkBindWechat'])
    // The dialog offers the button again; the row is still 未绑定.
    await until(() => buttonIn(comp, '.at-button', '使用当前微信绑定'), 'the bind button again')
    assert.equal(rowState(comp), '未绑定')
    comp.detach()
  })
})
