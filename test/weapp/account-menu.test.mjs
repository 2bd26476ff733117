// The account menu of the mini-program's bottom bar (AccountMenu), compiled for weapp and run under
// miniprogram-simulate: every item the sheet offers, in order, and what the dialog items ask for.
// 扫一扫 itself is tested in scan-login.test.mjs.
// Needs: node scripts/build-native-components.mjs. Run: node --test test/weapp/
import { loadComponent, assertBuilt, texts, until } from './support/simulate.mjs'
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'

const component = 'native/account-menu/index'
assertBuilt(component)
const render = loadComponent(component)

const items = (comp) => texts(comp, 'account-menu__item')

describe('weapp: the account menu', () => {
  test("a main account's menu: its pages, 扫一扫, 修改密码, 切换账号, 退出登录", async () => {
    const comp = await render('.account-menu')
    assert.deepEqual(items(comp), [
      '账户管理',
      '子账号管理',
      '发票管理',
      '扫一扫',
      '修改密码',
      '切换账号',
      '退出登录',
    ])
    comp.detach()
  })

  for (const [label, dialog] of [
    ['修改密码', 'password'],
    ['切换账号', 'switch'],
    ['退出登录', 'logout'],
  ]) {
    test(`${label} asks for the ${dialog} dialog`, async () => {
      const comp = await render('.account-menu')
      assert.deepEqual(texts(comp, 'menu-picked'), [])
      const item = comp.querySelectorAll('.account-menu__item').find((node) => node.dom.textContent === label)
      item.dispatchEvent('tap')
      await until(() => texts(comp, 'menu-picked').length, `${label} to be handled`)
      assert.deepEqual(texts(comp, 'menu-picked'), [dialog])
      comp.detach()
    })
  }
})
