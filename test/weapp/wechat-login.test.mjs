// 微信登录 in the mini-program (WechatLoginButton, mode 'mini'), compiled for weapp and run under
// miniprogram-simulate: wx.login and wx.request are the only stubs.
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
import { afterEach, describe, mock, test } from 'node:test'

const component = 'native/wechat-login/index'
assertBuilt(component)
const render = loadComponent(component)

const answer = { token: 't', accountId: 1, subAccountId: 0, role: 0, needBindPhone: false }

describe('weapp: 微信登录 (wx.login)', () => {
  afterEach(() => mock.restoreAll())

  test('tapping it sends the wx.login code to miniLogin and hands the answer on', async () => {
    const login = mock.method(wx, 'login', (options) =>
      succeed(options, { errMsg: 'login:ok', code: 'sandbox:wx-demo-main' }),
    )
    const request = mock.method(wx, 'request', answerRequests({ code: 200, message: '', data: answer }))
    const comp = await render('.login-panel__wechat')
    const button = comp.querySelector('.login-panel__wechat')
    assert.equal(button.dom.textContent, '微信登录')
    assert.equal(login.mock.callCount(), 0)

    button.dispatchEvent('tap')
    const [shown] = await until(
      () => texts(comp, 'mini-answer').length && texts(comp, 'mini-answer'),
      'answer',
    )

    assert.equal(login.mock.callCount(), 1)
    assert.equal(request.mock.callCount(), 1)
    const [options] = request.mock.calls[0].arguments
    assert.match(options.url, /^https?:\/\/[^/]+\/api\/wechat\/miniLogin$/)
    assert.equal(options.method, 'POST')
    assert.deepEqual(options.data, { code: 'sandbox:wx-demo-main' })
    assert.deepEqual(JSON.parse(shown), answer)
    assert.deepEqual(texts(comp, 'toast'), [])
    comp.detach()
  })

  test('the button is busy until the answer arrives', async () => {
    let answerLogin
    mock.method(wx, 'login', (options) => {
      answerLogin = () => succeed(options, { errMsg: 'login:ok', code: 'sandbox:wx-demo-main' })
    })
    mock.method(wx, 'request', answerRequests({ code: 200, message: '', data: answer }))
    const comp = await render('.login-panel__wechat')
    comp.querySelector('.login-panel__wechat').dispatchEvent('tap')
    await until(() => answerLogin, 'wx.login')
    await until(() => comp.querySelector('.at-button--disabled'), 'busy button')
    assert.ok(comp.querySelector('.spinner'), 'loading indicator shown')

    answerLogin()
    await until(() => texts(comp, 'mini-answer').length, 'answer')
    await until(() => !comp.querySelector('.at-button--disabled'), 'button enabled again')
    comp.detach()
  })

  test('a failed wx.login shows a toast and calls no API', async () => {
    mock.method(wx, 'login', (options) => fail(options, 'login:fail auth deny'))
    const request = mock.method(wx, 'request', answerRequests({ code: 200, message: '', data: answer }))
    const comp = await render('.login-panel__wechat')
    comp.querySelector('.login-panel__wechat').dispatchEvent('tap')

    const [message] = await until(
      () => texts(comp, 'toast--error').length && texts(comp, 'toast--error'),
      'toast',
    )
    assert.equal(message, '微信登录失败，请重试')
    assert.equal(request.mock.callCount(), 0)
    assert.deepEqual(texts(comp, 'mini-answer'), [])
    comp.detach()
  })

  test('a refused miniLogin shows the server message', async () => {
    mock.method(wx, 'login', (options) => succeed(options, { errMsg: 'login:ok', code: 'sandbox:unknown' }))
    mock.method(wx, 'request', answerRequests({ code: 500, message: '微信授权已失效', data: null }))
    const comp = await render('.login-panel__wechat')
    comp.querySelector('.login-panel__wechat').dispatchEvent('tap')

    await until(() => texts(comp, 'toast--error').includes('微信授权已失效'), 'server message toast')
    assert.deepEqual(texts(comp, 'mini-answer'), [])
    comp.detach()
  })
})
