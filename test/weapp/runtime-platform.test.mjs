// The mini-program's platform APIs on real pages of the built dist/weapp, booted in the runtime
// stand-in (support/runtime.mjs) against the sandbox server: WeChat Pay (paid, cancelled, failed),
// the 微信登录 code, and saving the customer manager's card to the album (granted, refused). Only
// WeChat is played by the test: the user's choice in WeChat's own sheets and what WeChat's servers do.
// Run: node --test test/weapp/runtime-platform.test.mjs (needs a weapp build: npm run build:weapp).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startServer } from './support/server.mjs'
import { assertClean, assertShows, callsOf, navigations, openPage, until } from './support/smoke.mjs'

let server
let owner

before(async () => {
  server = await startServer()
  owner = await server.login('13800000001')
})
after(() => server?.close())

async function orderStatus(orderCode) {
  const orders = await server.get('/api/pc/getOrder?pageNum=1&pageSize=100', owner.token)
  return orders.data.data.find((o) => o.orderCode === orderCode).status
}

describe('WeChat Pay on /orderByPlay (wx.requestPayment)', () => {
  /** Opens the payment page, picks 微信支付 and taps 立即支付 with `requestPayment` as WeChat. */
  async function payWith(orderCode, requestPayment) {
    const page = await openPage(server, 'pages/orderByPlay/index', {
      query: { orderCode },
      login: owner,
      wx: (helpers) => ({ requestPayment: (options) => requestPayment(options, helpers) }),
    })
    page.runtime.tap(page.instance, '微信支付')
    page.runtime.tap(page.instance, '立即支付')
    await until(() => callsOf(page.runtime, 'requestPayment').length, 'wx.requestPayment')
    await page.runtime.settle()
    return page
  }

  test('paid: the JSAPI parameters reach WeChat, and the paid order leads to 支付成功', async () => {
    const code = 'MC202611000003'
    const { runtime } = await payWith(code, (options, { record, succeed }) => {
      record('requestPayment', [options])
      // The user pays; WeChat's server notifies ours (the sandbox sends the signed notification).
      return server
        .post('/__dev/pay', { provider: 'wxpay', out_trade_no: `${code}WM1`, action: 'pay' })
        .then(() => succeed(options, { errMsg: 'requestPayment:ok' }))
    })
    try {
      const [params] = callsOf(runtime, 'requestPayment')
      assert.equal(params.package, `prepay_id=sandbox_${code}WM1`)
      assert.equal(params.signType, 'HMAC-SHA256')
      assert.match(params.paySign, /^[0-9A-F]{64}$/)
      assert.match(params.timeStamp, /^\d+$/)
      assert.ok(params.nonceStr)
      // The page polls the order every 2 s until the notification has paid it.
      await until(() => navigations(runtime).length, 'the way to the result')
      assertClean(runtime)
      assert.deepEqual(navigations(runtime), [`redirectTo /pages/payforsuccess/index?orderCode=${code}`])
      assert.equal(await orderStatus(code), 1)
    } finally {
      runtime.close()
    }
  })

  test('cancelled in WeChat: the page stays, ready to pay again, and the order is unpaid', async () => {
    const code = 'MC202611000002'
    const { runtime, texts } = await payWith(code, (options, { record, refuse }) => {
      record('requestPayment', [options])
      return refuse(options, 'requestPayment:fail cancel')
    })
    try {
      assertClean(runtime)
      assert.deepEqual(navigations(runtime), [])
      assert.ok(!texts().includes('正在确认支付结果...'), texts().join(' | '))
      assertShows(texts(), ['支付订单', code, '立即支付'])
      assert.equal(await orderStatus(code), 3)
    } finally {
      runtime.close()
    }
  })

  test('failed in WeChat: the failure page', async () => {
    const code = 'MC202611000001'
    const { runtime } = await payWith(code, (options, { record, refuse }) => {
      record('requestPayment', [options])
      return refuse(options, 'requestPayment:fail system error')
    })
    try {
      assertClean(runtime)
      assert.deepEqual(navigations(runtime), [`redirectTo /pages/failure/index?orderCode=${code}`])
      assert.equal(await orderStatus(code), 3)
    } finally {
      runtime.close()
    }
  })
})

describe('微信登录 on /login (wx.login)', () => {
  test("the code of the user's WeChat logs in its member and opens the home page", async () => {
    const { runtime, instance } = await openPage(server, 'pages/login/index', {
      // The sandbox's WeChat resolves a code `sandbox:<openid>`; wx-demo-main is 13800000001's.
      wx: ({ record, succeed }) => ({
        login(options) {
          record('login', [options])
          return succeed(options, { errMsg: 'login:ok', code: 'sandbox:wx-demo-main' })
        },
      }),
    })
    try {
      runtime.tap(instance, '微信登录')
      await until(() => navigations(runtime).length, 'the way in')
      await runtime.settle()
      assertClean(runtime)
      assert.equal(callsOf(runtime, 'login').length, 1)
      const sent = callsOf(runtime, 'request').find((r) => r.url.endsWith('/api/wechat/miniLogin'))
      assert.equal(sent?.data?.code, 'sandbox:wx-demo-main')
      assert.deepEqual(navigations(runtime), ['reLaunch /pages/index/index'])
      const stored = JSON.parse(JSON.parse(runtime.storage.get('mc-session'))).state
      const me = await server.get('/api/pc/getPersonalInfo', stored.token)
      assert.equal(me.data.bindPhone, '13800000001')
    } finally {
      runtime.close()
    }
  })
})

describe("the customer manager's card on /customer (saveImageToPhotosAlbum)", () => {
  const ALBUM = 'scope.writePhotosAlbum'

  async function generate(wx) {
    const page = await openPage(server, 'pages/customer/index', {
      query: { userId: '1', accountId: '1' },
      canvas: true,
      wx,
    })
    page.runtime.tap(page.instance, '生成名片')
    await until(
      () => !page.texts().includes('生成名片') || page.runtime.calls.some((c) => c.name === 'showToast'),
      'x',
      100,
    ).catch(() => {})
    await page.runtime.settle()
    return page
  }

  test('granted: the card is drawn on the Canvas 2D node and saved to the album', async () => {
    const { runtime, texts } = await generate()
    try {
      assertClean(runtime)
      const drawnTexts = runtime.drawings.filter((d) => d.call === 'fillText').map((d) => d.args[0])
      assert.ok(drawnTexts.includes('陈经理'), `drawn: ${drawnTexts.join(' | ')}`)
      assert.ok(
        runtime.drawings.some((d) => d.call === 'drawImage'),
        'the QR code image was not drawn',
      )
      const [exported] = callsOf(runtime, 'canvasToTempFilePath')
      assert.equal(exported.fileType, 'png')
      assert.ok(exported.canvas, 'exported without the canvas node')
      assert.deepEqual(
        callsOf(runtime, 'saveImageToPhotosAlbum').map((o) => o.filePath),
        ['wxfile://tmp/canvas.png'],
      )
      assertShows(texts(), ['名片已保存'])
    } finally {
      runtime.close()
    }
  })

  test("refused in WeChat's prompt, then left off in the settings: not saved, and said so", async () => {
    const { runtime, texts } = await generate(({ record, succeed, refuse }) => ({
      saveImageToPhotosAlbum(options) {
        record('saveImageToPhotosAlbum', [options])
        return refuse(options, 'saveImageToPhotosAlbum:fail auth deny')
      },
      openSetting(options) {
        record('openSetting', [options])
        return succeed(options, { errMsg: 'openSetting:ok', authSetting: { [ALBUM]: false } })
      },
    }))
    try {
      assertClean(runtime)
      assert.equal(callsOf(runtime, 'saveImageToPhotosAlbum').length, 1)
      assert.match(callsOf(runtime, 'showModal')[0]?.content ?? '', /相册/)
      assert.equal(callsOf(runtime, 'openSetting').length, 1)
      assertShows(texts(), ['未获得相册权限，名片未保存'])
      assert.ok(!texts().includes('名片已保存'))
    } finally {
      runtime.close()
    }
  })

  test('refused before, allowed in the settings: saved', async () => {
    const { runtime, texts } = await generate(({ record, succeed }) => ({
      getSetting(options) {
        record('getSetting', [options])
        return succeed(options, { errMsg: 'getSetting:ok', authSetting: { [ALBUM]: false } })
      },
      openSetting(options) {
        record('openSetting', [options])
        return succeed(options, { errMsg: 'openSetting:ok', authSetting: { [ALBUM]: true } })
      },
    }))
    try {
      assertClean(runtime)
      assert.equal(callsOf(runtime, 'openSetting').length, 1)
      assert.equal(callsOf(runtime, 'saveImageToPhotosAlbum').length, 1)
      assertShows(texts(), ['名片已保存'])
    } finally {
      runtime.close()
    }
  })
})

describe('扫一扫 in the account menu (wx.scanCode)', () => {
  async function scanFromMenu(scanCode) {
    const page = await openPage(server, 'pages/notices/index', {
      login: owner,
      wx: (helpers) => ({ scanCode: (options) => scanCode(options, helpers) }),
    })
    page.runtime.tap(page.instance, '账户')
    await page.runtime.settle()
    page.runtime.tap(page.instance, '扫一扫')
    await until(() => callsOf(page.runtime, 'scanCode').length, 'wx.scanCode')
    await page.runtime.settle()
    return page
  }
  const authorisations = (runtime) =>
    callsOf(runtime, 'request').filter((r) => r.url.endsWith('/api/app/scanCode'))

  test("the desktop's login QR is authorised for this member after 确认: the desktop's poll gets the login", async () => {
    const scene = (await server.get('/api/wechat/getQrAddress')).data
    const { runtime, instance, texts } = await scanFromMenu((options, { record, succeed }) => {
      record('scanCode', [options])
      return succeed(options, { errMsg: 'scanCode:ok', result: scene.url, scanType: 'QR_CODE' })
    })
    const desktopPoll = async () =>
      (
        await server.inject({
          method: 'GET',
          url: `/api/wechat/getTokenByCode?code=${scene.code}`,
          headers: { 'x-scene-secret': scene.secret },
        })
      ).json()
    try {
      assert.equal(JSON.stringify(callsOf(runtime, 'scanCode')[0].scanType), '["qrCode"]')
      // Scanning approves nothing: the dialog names what 确认 would approve.
      await until(() => texts().includes('在电脑上登录会员中心'), 'the 确认登录 dialog')
      assert.equal((await desktopPoll()).data.status, 'scanned')
      runtime.tap(instance, '确认')
      await runtime.settle()
      assertClean(runtime)
      assertShows(texts(), ['已确认网页登录'])
      const desktop = await desktopPoll()
      assert.equal(desktop.data.status, 'confirmed')
      assert.equal(desktop.data.accountId, owner.accountId)
    } finally {
      runtime.close()
    }
  })

  test('closing the camera does nothing', async () => {
    const { runtime, texts } = await scanFromMenu((options, { record, refuse }) => {
      record('scanCode', [options])
      return refuse(options, 'scanCode:fail cancel')
    })
    try {
      assertClean(runtime)
      assert.deepEqual(authorisations(runtime), [])
      assert.ok(!texts().includes('已确认网页登录'))
    } finally {
      runtime.close()
    }
  })

  test('a QR code that is not ours is refused on the phone', async () => {
    const { runtime, texts } = await scanFromMenu((options, { record, succeed }) => {
      record('scanCode', [options])
      return succeed(options, { errMsg: 'scanCode:ok', result: 'hello', scanType: 'QR_CODE' })
    })
    try {
      assertClean(runtime)
      assert.deepEqual(authorisations(runtime), [])
      assertShows(texts(), ['不是会员中心的二维码'])
    } finally {
      runtime.close()
    }
  })
})

describe('下载发票 on /orderlist (wx.downloadFile + wx.openDocument)', () => {
  const CODE = 'MC202600000101' // billStatus 4: its invoice PDF is in the e-sign sandbox

  async function invoiceOf(wx) {
    const page = await openPage(server, 'pages/orderlist/index', { login: owner, wx })
    // Five orders a load on the phone: the invoiced one is the 15th.
    while (!page.texts().includes(CODE)) {
      page.runtime.tap(page.instance, '加载更多')
      await page.runtime.settle()
    }
    page.runtime.tap(page.instance, '下载发票')
    await until(() => callsOf(page.runtime, 'downloadFile').length, 'wx.downloadFile')
    await page.runtime.settle()
    return page
  }

  test("the server's PDF is downloaded and opened in WeChat's document viewer", async () => {
    const { runtime } = await invoiceOf()
    try {
      assertClean(runtime)
      const [download] = runtime.downloads
      assert.match(download.url, /\/__dev\/esign\/invoices\/\w+\.pdf$/)
      assert.equal(download.statusCode, 200)
      assert.match(download.type, /application\/pdf/)
      const [opened] = callsOf(runtime, 'openDocument')
      assert.match(opened.filePath, /^wxfile:\/\/tmp\/\w+\.pdf$/)
      assert.equal(opened.showMenu, true)
    } finally {
      runtime.close()
    }
  })

  test('a download the server refuses: the link is copied instead, and the user told', async () => {
    const { runtime, texts } = await invoiceOf(({ record, succeed }) => ({
      downloadFile(options) {
        record('downloadFile', [options])
        return succeed(options, { errMsg: 'downloadFile:ok', statusCode: 404, tempFilePath: '' })
      },
    }))
    try {
      assertClean(runtime)
      assert.deepEqual(callsOf(runtime, 'openDocument'), [])
      const [copied] = callsOf(runtime, 'setClipboardData')
      assert.match(copied.data, /\/__dev\/esign\/invoices\/\w+\.pdf$/)
      assertShows(texts(), ['链接已复制，请在浏览器中打开'])
    } finally {
      runtime.close()
    }
  })
})
