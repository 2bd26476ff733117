// The mini-program QR code (QrCodeImage in core/platform/wechat.weapp.tsx: the `qrcode` module
// matrix drawn on a Canvas 2D), compiled for weapp and run under miniprogram-simulate.
// The simulator has no canvas and its createSelectorQuery chain is inert, so the stubs are what
// WeChat hands the component: a query answering with a canvas node whose 2D context records calls.
// Needs: node scripts/build-native-components.mjs. Run: node --test test/weapp/
import { loadComponent, assertBuilt, until, wx } from './support/simulate.mjs'
import assert from 'node:assert/strict'
import { after, before, describe, mock, test } from 'node:test'
import QRCode from 'qrcode'

const component = 'native/qr-code/index'
assertBuilt(component)
const value = 'http://127.0.0.1:8080/__dev/wechat/scan?code=abcdef123456'
const size = 160 // design px, as src/native/qr-code passes it

/** A Canvas 2D node as WeChat returns it: integer width/height, a 2D context. */
function fakeCanvas() {
  const rects = []
  let width = 300
  let height = 150
  const context = {
    fillStyle: '#000',
    fillRect(x, y, w, h) {
      rects.push({ style: this.fillStyle, x, y, w, h })
    },
  }
  return {
    rects,
    contextTypes: [],
    get width() {
      return width
    },
    set width(v) {
      width = Math.trunc(v)
    },
    get height() {
      return height
    },
    set height(v) {
      height = Math.trunc(v)
    },
    getContext(type) {
      this.contextTypes.push(type)
      return context
    },
  }
}

describe('weapp: QR code on Canvas 2D', () => {
  const canvas = fakeCanvas()
  const queries = []
  let render

  before(() => {
    mock.method(wx, 'createSelectorQuery', () => {
      const query = { selected: null, fields: null }
      queries.push(query)
      const chain = {
        in: () => chain,
        select(selector) {
          query.selected = selector
          return chain
        },
        fields(fields) {
          query.fields = fields
          return chain
        },
        exec(callback) {
          setTimeout(() => callback([{ node: canvas, width: size, height: size }]), 0)
          return chain
        },
      }
      return chain
    })
    render = loadComponent(component)
  })
  after(() => mock.restoreAll())

  test('draws every dark module of the value on the canvas node it queried', async () => {
    const comp = await render()
    await until(() => canvas.rects.length, 'drawing')

    // The effect queried the canvas the component rendered, as a Canvas 2D node.
    assert.equal(queries.length, 1)
    const canvasNode = comp.querySelector(queries[0].selected)
    assert.equal(canvasNode?.dom.tagName, 'WX-CANVAS')
    assert.deepEqual(queries[0].fields, { node: true, size: true })
    assert.deepEqual(canvas.contextTypes, ['2d'])
    // designPx(160) is 320rpx; the simulator turns rpx into px one to one.
    assert.equal(canvasNode.dom.style.width, '320px')
    assert.equal(canvasNode.dom.style.height, '320px')

    // Sharp on the device: design px -> screen px -> physical px.
    const { windowWidth, pixelRatio } = wx.getWindowInfo()
    const pixels = Math.trunc(size * (windowWidth / 375) * pixelRatio)
    assert.equal(canvas.width, pixels)
    assert.equal(canvas.height, pixels)

    const [background, ...modules] = canvas.rects
    assert.deepEqual(background, { style: '#fff', x: 0, y: 0, w: pixels, h: pixels })
    const expected = QRCode.create(value, { errorCorrectionLevel: 'M' }).modules
    const cell = pixels / (expected.size + 2) // one module of quiet zone on each side
    const drawn = new Set()
    for (const rect of modules) {
      assert.equal(rect.style, '#000')
      assert.equal(rect.w, cell)
      const col = Math.round(rect.x / cell) - 1
      const row = Math.round(rect.y / cell) - 1
      assert.ok(Math.abs(rect.x - (col + 1) * cell) < 1e-6 && Math.abs(rect.y - (row + 1) * cell) < 1e-6)
      drawn.add(`${row},${col}`)
    }
    const dark = new Set()
    for (let row = 0; row < expected.size; row++) {
      for (let col = 0; col < expected.size; col++) if (expected.get(row, col)) dark.add(`${row},${col}`)
    }
    assert.equal(drawn.size, modules.length, 'no module drawn twice')
    assert.deepEqual(drawn, dark)
    comp.detach()
  })
})
