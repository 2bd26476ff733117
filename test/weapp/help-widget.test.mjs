// The help widget of the console in the mini-program (HelpWidget over core/platform/customer-service
// .weapp), compiled for weapp and run under miniprogram-simulate: 帮助 opens the sheet with the
// product QR code and 在线客服 as WeChat's own customer-service button (`open-type="contact"`), not
// the H5 link to the vendor's chat. The conversation itself is opened by WeChat, not by our code.
// Needs: node scripts/build-native-components.mjs. Run: node --test test/weapp/
import { loadComponent, assertBuilt, texts, until, wx } from './support/simulate.mjs'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { after, before, describe, mock, test } from 'node:test'
import path from 'node:path'

const component = 'native/help-widget/index'
assertBuilt(component)
let render
const baseWxml = readFileSync(path.join(import.meta.dirname, '../../dist/weapp-components/base.wxml'), 'utf8')

// The rendered tree as WXML, printed by miniprogram-simulate's own snapshot serializer.
const require = createRequire(import.meta.url)
const prettyFormat = createRequire(require.resolve('miniprogram-simulate'))('pretty-format')
// pretty-format 26 (the one miniprogram-simulate ships) exports the function itself; later ones `format`.
const format = prettyFormat.format ?? prettyFormat
const wxmlSerializer = require('miniprogram-simulate/jest-snapshot-plugin')
const wxml = (json) => format(json, { plugins: [wxmlSerializer] })

/** Every element of a `toJSON()` tree (text nodes are strings in `children`). */
function elements(node) {
  return [node, ...node.children.filter((c) => typeof c !== 'string').flatMap(elements)]
}
const textOf = (node) => node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('')
const attr = (node, name) => node.attrs.find((a) => a.name === name)?.value
const tag = (node) => node.tagName.replace(/^wx-/, '')
// j-component keeps WXML attribute names camel-cased: the template's open-type is `openType` here.
const contactButtons = (json) =>
  elements(json).filter((n) => tag(n) === 'button' && attr(n, 'openType') === 'contact')

/** What WeChat answers the product QR's canvas query with: a node whose drawing is counted. */
const canvas = {
  rects: 0,
  getContext: () => ({
    fillRect() {
      canvas.rects++
    },
  }),
}

describe('weapp: 帮助 and 在线客服 (the customer-service adapter)', () => {
  before(() => {
    // The simulator's selector query is inert (its select() returns nothing); the sheet's QR asks one.
    mock.method(wx, 'createSelectorQuery', () => {
      const chain = {
        in: () => chain,
        select: () => chain,
        fields: () => chain,
        exec(callback) {
          setTimeout(() => callback([{ node: canvas, width: 120, height: 120 }]), 0)
          return chain
        },
      }
      return chain
    })
    render = loadComponent(component)
  })
  after(() => mock.restoreAll())

  test("帮助 opens a sheet whose 在线客服 is WeChat's contact button", async () => {
    const comp = await render('.help__fab')
    assert.deepEqual(texts(comp, 'help__fab'), ['帮助'])
    assert.equal(comp.querySelector('.help__sheet'), undefined, 'the sheet is closed at first')
    assert.deepEqual(contactButtons(comp.toJSON()), [])

    comp.querySelector('.help__fab').dispatchEvent('tap')
    const sheet = await until(() => comp.querySelector('.help__sheet'), 'the help sheet')

    assert.deepEqual(texts(comp, 'help__sheet-title'), ['帮助'])
    assert.deepEqual(texts(comp, 'help__caption'), ['扫码用手机访问'])
    assert.deepEqual(texts(comp, 'help__close'), ['关闭'])
    assert.ok(comp.querySelector('.help__qr'), 'the product QR code is in the sheet')
    await until(() => canvas.rects, 'the product QR to be drawn')

    // Inside the sheet, and the only one on the component.
    assert.equal(contactButtons(comp.toJSON()).length, 1, wxml(comp.toJSON()))
    const buttons = contactButtons(sheet.toJSON())
    assert.equal(buttons.length, 1, `no <button open-type="contact"> in the sheet:\n${wxml(sheet.toJSON())}`)
    const [button] = buttons
    assert.equal(textOf(button), '在线客服')
    assert.match(wxml(button), /^<wx-button[^>]*\sopenType="contact"/)
    // The simulator drew it from Taro's compiled button template, which hands the value to WeChat
    // as the button's open-type attribute.
    assert.match(baseWxml, /<button [^>]*\sopen-type="\{\{i\.\w+\}\}"/)
    assert.deepEqual(texts(comp, 'help__service'), ['在线客服'])
    comp.detach()
  })

  test('the H5 link to the vendor chat is not used in the mini-program', async () => {
    const comp = await render('.help__fab')
    comp.querySelector('.help__fab').dispatchEvent('tap')
    await until(() => comp.querySelector('.help__sheet'), 'the help sheet')

    const nodes = elements(comp.toJSON())
    assert.deepEqual(
      nodes.filter((n) => tag(n) === 'a' || tag(n) === 'navigator'),
      [],
      'no link element',
    )
    assert.deepEqual(
      nodes.flatMap((n) => n.attrs).filter((a) => ['href', 'target', 'url'].includes(a.name)),
      [],
      'no link address',
    )
    assert.doesNotMatch(wxml(comp.toJSON()), /https?:\/\//, 'no web address in the rendered WXML')
    // The only 在线客服 is the contact button.
    const service = nodes.filter((n) => n.children.includes('在线客服'))
    assert.deepEqual(service.map(tag), ['button'])
    comp.detach()
  })

  test('关闭 closes the sheet and takes the contact button with it', async () => {
    const comp = await render('.help__fab')
    comp.querySelector('.help__fab').dispatchEvent('tap')
    await until(() => comp.querySelector('.help__sheet'), 'the help sheet')
    comp.querySelector('.help__close').dispatchEvent('tap')
    await until(() => !comp.querySelector('.help__sheet'), 'the sheet to close')
    assert.deepEqual(contactButtons(comp.toJSON()), [])
    comp.detach()
  })
})
