// Runtime smoke test of the built mini-program: every page of dist/weapp/app.json (main package and
// subpackages) boots in a stand-in for WeChat's logic layer (support/runtime.mjs) against the reference
// server (sandbox, in-memory PGlite, demo seed), and draws the seeded demo data through setData.
// The guard's redirects and the idle logout go through wx.redirectTo / wx.reLaunch.
// Run: node --test test/weapp/runtime-smoke.test.mjs (needs a weapp build: npm run build:weapp).
// WEAPP_DIR names another build folder; MC_DIST=dist-x reads dist-x/weapp.
import assert from 'node:assert/strict'
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { createRuntime, renderedTexts } from './support/runtime.mjs'
import { startServer } from './support/server.mjs'
import {
  LOGIN_PAGE,
  assertClean,
  assertShows,
  callsOf,
  dist,
  navigations,
  openPage,
  sessionOf,
  until,
} from './support/smoke.mjs'

const OWNER = '13800000001'
const SUB_ADMIN = '13800000002'
const IDLE_MESSAGE = '您已经30分钟没有操作,请重新登录使用。'

let server
const logins = {}
const ids = {}

// The mini-program's subscription templates, so the work-order and renewal pages ask WeChat.
const TEMPLATE_ENV = {
  WECHAT_TEMPLATE_WORK_ORDER_REPLY: 'tmpl-reply',
  WECHAT_TEMPLATE_AWAITING_CONFIRMATION: 'tmpl-awaiting',
  WECHAT_TEMPLATE_REOPENED: 'tmpl-reopened',
  WECHAT_TEMPLATE_CLOSED: 'tmpl-closed',
  WECHAT_TEMPLATE_EXPIRY: 'tmpl-expiry',
}

before(async () => {
  server = await startServer(TEMPLATE_ENV)
  logins.owner = await server.login(OWNER)
  logins.subAdmin = await server.login(SUB_ADMIN)
  // Ids the server assigns at seeding, read the way the console reads them.
  const notices = await server.get('/api/pc/messageList?pageNum=1&pageSize=50', logins.owner.token)
  ids.chartNotice = notices.data.data.find((n) => n.title === '近7日访问统计').id
  const orders = await server.get('/api/pc/getOrder?pageNum=1&pageSize=50', logins.owner.token)
  ids.order = orders.data.data.find((o) => o.orderCode === 'MC202611000001').id
  const workOrders = await server.get(
    '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=50',
    logins.owner.token,
  )
  ids.workOrder = workOrders.data.data.find((o) => o.number === '20260001').id
  const mail = await server.get('/__dev/mail?to=wangdh@xingchen-demo.cn')
  ids.activeCode = new URL(mail.data[0].url).searchParams.get('activeCode')
  const expired = await server.get('/__dev/mail?to=13800000022')
  ids.expiredLink = Object.fromEntries(new URL(expired.data[0].url).searchParams)
})
after(() => server?.close())

const open = (page, { as, ...options } = {}) => openPage(server, page, { ...options, login: logins[as] })

// Per page: who opens it, its query and what it must show with the demo seed. A page of app.json
// not listed here still has to boot cleanly and render (the generic case below).
const PAGES = {
  'pages/index/index': {
    as: 'owner',
    expect: [
      '产品管理',
      '订单管理',
      '工单',
      '消息',
      '账户',
      '帮助',
      '星辰科技',
      '星辰科技官网',
      '星辰商城',
      '星辰博客',
      '星辰定制项目',
    ],
  },
  'pages/login/index': { expect: ['会员中心', '短信登录', '密码登录'] },
  'pages/agreement/index': { expect: ['会员服务协议', '一、协议的接受'] },
  'pages/notices/index': {
    as: 'owner',
    expect: ['消息中心', '近7日访问统计', '工单已受理', '站点访问异常告警'],
  },
  'pages/log/index': { as: 'owner', expect: ['操作日志', '密码登录成功', 'demo_main'] },
  'notices/pages/detail/index': {
    as: 'owner',
    query: () => ({ id: String(ids.chartNotice) }),
    expect: ['近7日访问统计', '近7日访问趋势', 'www.xingchen-demo.cn'],
  },
  'pages/subAccountManage/index': { as: 'owner', expect: ['子账号管理', '李子管', '赵运营', '王东华'] },
  // Receiver confirmation: the seeded expired link is the timeout view; /uesrfrom of an unknown link too.
  'receiver/pages/validate/index': {
    query: () => ids.expiredLink,
    expect: ['添加超时 请重新获取验证'],
  },
  'receiver/pages/success/index': { expect: ['验证成功'] },
  'receiver/pages/uesrfrom/index': {
    query: () => ({ id: 'unknown-link', validateType: '2' }),
    expect: ['添加超时 请重新获取验证'],
  },
  'pages/activation/index': {
    query: () => ({ activeCode: ids.activeCode }),
    expect: ['子管理员激活', '王东华'],
  },
  // The seeded submitted survey (server/seed/evaluations.ts EVALUATION_DEMO.submitted): read-only
  // to its own account (anyone else holding the link sees only 已评价).
  'pages/evaluate/index': {
    as: 'owner',
    query: () => ({ uuId: '5d6b1a3e-0c1f-4a57-9a39-1f4e7c2b8d04' }),
    expect: ['购买体验满意度调查', '整体评分', '您对购买流程是否满意？', '已提交'],
  },
  'pages/customer/index': {
    query: () => ({ userId: '1', accountId: '1' }),
    expect: ['专属客户经理', '陈经理'],
  },
  'pages/accountManage/index': {
    as: 'owner',
    expect: ['账号信息', 'demo_main', '星辰科技', '138****0001', '登录设备', '二次验证', '操作保护'],
  },
  'pages/productTransfer/index': {
    as: 'owner',
    expect: ['产品移交', '安全验证', '选择产品', '绑定新手机', '138****0001', '获取验证码', '下一步'],
  },
  'pages/orderlist/index': {
    as: 'owner',
    expect: ['订单管理', 'MC202611000001', 'MC202600000300', 'MC202611000002', '¥5800.00'],
  },
  // 发票管理: the seeded applications (星辰科技's invoices) and no saved title yet.
  'pages/invoices/index': {
    as: 'owner',
    expect: ['发票申请', '合并开票', '星辰科技有限公司', '常用发票抬头', '暂无常用发票抬头'],
  },
  // 续费管理: the seeded products by expiry, 到期不续 on 星辰官网代维, 星辰商城's unpaid renewal.
  'pages/renewal/index': {
    as: 'owner',
    expect: [
      '续费管理',
      '30天内到期',
      '星辰定制项目',
      '剩余 2 天',
      '星辰科技官网',
      '到期不续',
      '该产品有未支付的续费订单，请先支付或作废该订单',
      '去支付',
      '批量续费',
    ],
  },
  'pages/orderdetails/index': {
    as: 'owner',
    query: () => ({ type: '1', detailId: String(ids.order) }),
    expect: ['订单详情', 'MC202611000001', '企业官网', '¥5800.00'],
  },
  'pages/order/index': {
    as: 'owner',
    query: () => ({ SkuId: 'SKU-ENT-WEB', OrderTypeId: '2', secondDomain: 'xingchen' }),
    expect: ['确认订单', 'xingchen', '企业官网', '旗舰版', '¥5800.00', '企业官网服务协议', '提交订单'],
  },
  'pages/orderByPlay/index': {
    as: 'owner',
    query: () => ({ orderCode: 'MC202611000002' }),
    expect: ['支付订单', 'MC202611000002', '自助建站', '¥3980.00', '微信支付', '立即支付'],
  },
  'pages/payforsuccess/index': {
    as: 'owner',
    query: () => ({ orderCode: 'MC202611000001' }),
    expect: ['支付成功', 'MC202611000001'],
  },
  'pages/failure/index': {
    as: 'owner',
    query: () => ({ orderCode: 'MC202611000002', result: '1' }),
    expect: ['支付失败', '重新支付'],
  },
  // A phone's first page of five, newest first.
  'workorders/pages/my/index': {
    as: 'owner',
    expect: ['我的工单', '服务中（6）', '20260001', '网站首页轮播图无法更新', '20260003', '加载更多'],
  },
  // Descriptions and records are rich text (<rich-text> nodes, not text the stand-in collects).
  'workorders/pages/detail/index': {
    as: 'owner',
    query: () => ({ id: String(ids.workOrder) }),
    expect: ['20260001', '处理中', '网站功能异常', 'MC202611000006', '工程师备注', '处理说明.pdf', '发送'],
  },
  'workorders/pages/submit/index': {
    as: 'owner',
    expect: ['提交工单', '选择问题分类', '售后咨询', '会员账号'],
  },
}

function appPages() {
  const appJson = JSON.parse(readFileSync(path.join(dist, 'app.json'), 'utf8'))
  const sub = (appJson.subPackages ?? appJson.subpackages ?? []).flatMap((p) =>
    p.pages.map((page) => `${p.root.replace(/\/+$/, '')}/${page}`),
  )
  return [...appJson.pages, ...sub]
}

describe('every page of app.json boots in the mini-program runtime', () => {
  for (const page of appPages()) {
    const spec = PAGES[page] ?? { as: 'owner', expect: [] }
    test(page, async (t) => {
      if (!PAGES[page]) t.diagnostic(`${page} has no expected texts in PAGES: only its boot is checked`)
      const { runtime, instance, texts } = await open(page, { query: spec.query?.() ?? {}, as: spec.as })
      try {
        assertClean(runtime)
        assert.deepEqual(navigations(runtime), [], 'the page left itself')
        assert.ok(texts().length > 0, 'the page rendered no text')
        assertShows(texts(), spec.expect)
        // <Image>, previewImage and downloadFile cannot load '/api/…' in the mini-program.
        assert.deepEqual(relativeApiAddresses(instance.data), [], 'relative /api/ addresses in the page data')
      } finally {
        runtime.close()
      }
    })
  }

  test('PAGES names only pages the build has', () => {
    const listed = Object.keys(PAGES).filter((page) => !appPages().includes(page))
    assert.deepEqual(listed, [], 'PAGES names pages the build does not have')
  })
})

/**
 * Every value in a page's setData tree that is a relative API address. Taro abbreviates attribute
 * names in setData (an Image's `src` travels as `p4`), so values are checked, whatever the key.
 */
function relativeApiAddresses(data) {
  const found = []
  const walk = (value) => {
    if (typeof value === 'string') {
      if (/^\/api\//.test(value.trim())) found.push(value)
    } else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(data)
  return found
}

/** Every value of the tree holding a file address the server signed. */
function fileAddresses(data) {
  const found = []
  const walk = (value) => {
    if (typeof value === 'string') {
      if (value.includes('/api/user/downLoadFile')) found.push(value)
    } else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(data)
  return found
}

describe('work-order pictures in the mini-program', () => {
  const orderId = async (number) => {
    const list = await server.get(
      '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=50',
      logins.owner.token,
    )
    return list.data.data.find((o) => o.number === number).id
  }

  test('the detail hands <Image> absolute addresses that load, for the order and its records', async () => {
    for (const number of ['20260003', '20260001']) {
      const { runtime, instance } = await open('workorders/pages/detail/index', {
        as: 'owner',
        query: { id: String(await orderId(number)) },
      })
      try {
        assertClean(runtime)
        const addresses = fileAddresses(instance.data)
        assert.ok(addresses.length > 0, `${number}: no picture in the page data`)
        assert.deepEqual(relativeApiAddresses(instance.data), [])
        for (const address of addresses) {
          assert.match(address, /^https?:\/\//, `${number}: ${address}`)
          // As WeChat would fetch it: the server answers the address's path and query.
          const url = new URL(address)
          const response = await server.inject({ method: 'GET', url: url.pathname + url.search })
          assert.equal(response.statusCode, 200, address)
          assert.match(String(response.headers['content-type']), /^image\//, address)
        }
      } finally {
        runtime.close()
      }
    }
  })

  test("/myWorkOrder previews an order's pictures with absolute addresses", async () => {
    const { runtime, instance } = await open('workorders/pages/my/index', { as: 'owner' })
    try {
      assertClean(runtime)
      runtime.tap(instance, '图片(1)')
      await runtime.settle()
      const [preview] = callsOf(runtime, 'previewImage')
      assert.ok(preview, 'no previewImage call')
      assert.equal(preview.urls.length, 1)
      assert.match(preview.urls[0], /^https?:\/\/.*\/api\/user\/downLoadFile/)
      assert.equal(preview.current, preview.urls[0])
      assert.deepEqual(navigations(runtime), [], 'the preview opened the detail')
    } finally {
      runtime.close()
    }
  })
})

describe('a message on an open work order in the mini-program', () => {
  /** The node whose attributes hold `value` (Taro shortens attribute names in setData). */
  const nodeHolding = (instance, value) =>
    findNode(instance.data.root, (n) => Object.values(n).some((v) => v === value))

  test('处理中 (5): the reply box answers the engineer and the status stays', async () => {
    const list = await server.get(
      '/api/acWorkOrder/getMyWorkOrderList?pageNum=1&pageSize=50',
      logins.owner.token,
    )
    const id = list.data.data.find((o) => o.number === '20260007').id
    const { runtime, instance, texts } = await open('workorders/pages/detail/index', {
      as: 'owner',
      query: { id: String(id) },
    })
    try {
      assertClean(runtime)
      assertShows(texts(), ['20260007', '处理中', '上传附件', '发送'])
      runtime.tap(instance, '发送')
      await runtime.settle()
      assertShows(texts(), ['请先填写完整留言！'])

      const box = nodeHolding(instance, '请输入留言内容')
      assert.ok(box, 'no reply textarea in the page data')
      const ref = { id: box.uid || box.sid, dataset: { sid: box.sid } }
      const answer = '昨天 15:20 发的那封没有收到'
      instance.eh({
        type: 'input',
        timeStamp: Date.now(),
        target: ref,
        currentTarget: ref,
        detail: { value: answer },
      })
      await runtime.settle()
      runtime.tap(instance, '发送')
      await runtime.settle()
      assertClean(runtime)
      const detail = (await server.get(`/api/acWorkOrder/getWorkDetail?id=${id}`, logins.owner.token)).data
      assert.equal(detail.status, 5)
      assert.deepEqual(
        detail.recordsDtos.filter((r) => r.role === 1).map((r) => r.content),
        [answer],
      )
    } finally {
      runtime.close()
    }
  })
})

describe('roles in the mini-program', () => {
  test("a sub-admin's navigation has no 订单管理 or 续费管理", async () => {
    const { runtime, instance, texts } = await open('pages/index/index', { as: 'subAdmin' })
    try {
      assertClean(runtime)
      // 李子管 of 星辰科技 was not given website management in the seed.
      assertShows(texts(), ['您暂无网站管理权限，请联系主账号开通'])
      assert.deepEqual(barItems(instance), ['产品管理', '工单', '消息', '账户'])
      runtime.tap(instance, '账户')
      await runtime.settle()
      assertClean(runtime)
      assertShows(texts(), ['李子管', '子管理员', '账户管理', '修改密码', '切换账号', '退出登录'])
      assert.ok(!texts().includes('订单管理'), `订单管理 shown to a sub-admin: ${texts().join(' | ')}`)
      assert.ok(!texts().includes('续费管理'), `续费管理 shown to a sub-admin: ${texts().join(' | ')}`)
    } finally {
      runtime.close()
    }
  })

  for (const [path, page] of [
    ['/orderlist', 'pages/orderlist/index'],
    ['/renewal', 'pages/renewal/index'],
  ]) {
    test(`a sub-admin opening ${path} is redirected to the home page`, async () => {
      const { runtime } = await open(page, { as: 'subAdmin' })
      try {
        assertClean(runtime)
        assert.deepEqual(navigations(runtime), ['redirectTo /pages/index/index'])
      } finally {
        runtime.close()
      }
    })
  }
})

// The bottom bar (features/shell BottomNav) as the page data holds it: the node of class `bottom-nav`.
function findNode(node, match) {
  if (!node || typeof node !== 'object') return null
  if (match(node)) return node
  for (const child of node.cn ?? []) {
    const found = findNode(child, match)
    if (found) return found
  }
  return null
}
const hasClass = (name) => (node) =>
  String(node.cl ?? '')
    .split(' ')
    .includes(name)

/** The labels of the bar's items, in order (a badge's count is a text of its own, left out). */
function barItems(instance) {
  const bar = findNode(instance.data.root, hasClass('bottom-nav'))
  assert.ok(bar, 'no bottom bar on the page')
  return (bar.cn ?? [])
    .filter(hasClass('bottom-nav__item'))
    .map((item) => renderedTexts({ root: findNode(item, hasClass('bottom-nav__label')) }).join(''))
}
const activeItem = (instance) =>
  renderedTexts({ root: findNode(instance.data.root, hasClass('bottom-nav__item--active')) })[0]

// The data key Taro's base.wxml binds to a button's open-type (the build shortens attribute names).
const openTypeKey = () =>
  readFileSync(path.join(dist, 'base.wxml'), 'utf8').match(/open-type="\{\{i\.(\w+)\}\}"/)[1]

describe('the bottom navigation bar of the mini-program', () => {
  const CONSOLE_PAGES = [
    ['pages/index/index', '产品管理'],
    ['pages/notices/index', '消息'],
    ['pages/log/index', undefined],
    ['pages/orderlist/index', '订单管理'],
    ['pages/renewal/index', '续费管理'],
    ['workorders/pages/my/index', '工单'],
  ]
  for (const [page, active] of CONSOLE_PAGES) {
    test(`${page}: the bar instead of the H5 header, ${active ?? 'no item'} marked`, async () => {
      const { runtime, instance, texts } = await open(page, { as: 'owner' })
      try {
        assertClean(runtime)
        assert.deepEqual(barItems(instance), ['产品管理', '订单管理', '续费管理', '工单', '消息', '账户'])
        assert.equal(activeItem(instance), active)
        assert.ok(!texts().includes('会员中心'), 'the H5 header is drawn in the mini-program')
        assert.ok(!texts().includes('隐私政策'), 'the H5 footer is drawn under the bar')
      } finally {
        runtime.close()
      }
    })
  }

  test('the badges carry the unread counts of the demo seed', async () => {
    const unread = (await server.get('/api/pc/getUnReadCount', logins.owner.token)).data
    const replies = (
      await server.get('/api/appWorkOrderCommunicationRecords/getRecordCount', logins.owner.token)
    ).data
    assert.ok(unread > 0 && replies > 0, 'the seed has unread notices and replies')
    const { runtime, instance } = await open('pages/notices/index', { as: 'owner' })
    try {
      const bar = findNode(instance.data.root, hasClass('bottom-nav'))
      const counts = renderedTexts({ root: bar }).filter((t) => /^\d+$/.test(t))
      assert.deepEqual(counts, [String(Math.min(replies, 99)), String(Math.min(unread, 99))])
    } finally {
      runtime.close()
    }
  })

  test('an item relaunches its page; 账户 opens the account menu as a sheet', async () => {
    const { runtime, instance, texts } = await open('pages/index/index', { as: 'owner' })
    try {
      runtime.tap(instance, '订单管理')
      await runtime.settle()
      runtime.tap(instance, '工单')
      await runtime.settle()
      assert.deepEqual(navigations(runtime), [
        'reLaunch /pages/orderlist/index',
        'reLaunch /workorders/pages/my/index',
      ])
      assert.ok(!texts().includes('账户管理'), 'the account menu is open before 账户')
      runtime.tap(instance, '账户')
      await runtime.settle()
      assertShows(texts(), ['demo_main', '管理员', '账户管理', '子账号管理', '扫一扫', '修改密码'])
      runtime.tap(instance, '退出登录')
      await runtime.settle()
      assertClean(runtime)
      // The logout waits for 确定退出？'s 确定: nothing left the page.
      assert.equal(navigations(runtime).length, 2)
      assert.ok(!texts().includes('子账号管理'), 'the sheet closes for the confirmation')
    } finally {
      runtime.close()
    }
  })

  test("帮助 offers WeChat's own customer service (the customer-service adapter)", async () => {
    const { runtime, instance, texts } = await open('pages/notices/index', { as: 'owner' })
    try {
      const key = openTypeKey()
      assert.equal(
        findNode(instance.data.root, (n) => n[key] === 'contact'),
        null,
      )
      runtime.tap(instance, '帮助')
      await runtime.settle()
      assertClean(runtime)
      const contact = findNode(instance.data.root, (n) => n[key] === 'contact')
      assert.ok(contact, 'no <button open-type="contact"> in the help sheet')
      assert.deepEqual(renderedTexts({ root: contact }), ['在线客服'])
      assertShows(texts(), ['扫码用手机访问'])
    } finally {
      runtime.close()
    }
  })
})

describe('the guard in the mini-program', () => {
  test('logged out, a protected page redirects to the login page with the way back', async () => {
    const { runtime, texts } = await open('pages/orderlist/index')
    try {
      assertClean(runtime)
      assert.deepEqual(navigations(runtime), [
        `redirectTo ${LOGIN_PAGE}?redirect=${encodeURIComponent('/orderlist')}`,
      ])
      assert.ok(!texts().some((t) => t.includes('MC2026')), 'protected content was drawn')
    } finally {
      runtime.close()
    }
  })

  test('logged in, the login page redirects to the home page', async () => {
    const { runtime } = await open('pages/login/index', { as: 'owner' })
    try {
      assertClean(runtime)
      assert.deepEqual(navigations(runtime), ['redirectTo /pages/index/index'])
    } finally {
      runtime.close()
    }
  })

  test('a token the server no longer knows ends the session: reLaunch to the login page', async () => {
    const storage = sessionOf({ ...logins.owner, token: 'revoked-token' })
    const { runtime } = await open('pages/notices/index', { storage })
    try {
      assertClean(runtime)
      assert.ok(navigations(runtime).includes(`reLaunch ${LOGIN_PAGE}`), navigations(runtime).join('\n'))
      assert.equal(JSON.parse(runtime.storage.get('mc-session') ?? '""').includes('revoked-token'), false)
    } finally {
      runtime.close()
    }
  })

  test('30 idle minutes: reLaunch to the login page with the message, session cleared', async () => {
    const login = await server.login(OWNER)
    const { runtime, instance } = await open('pages/index/index', { storage: sessionOf(login) })
    try {
      assert.deepEqual(navigations(runtime), [])
      runtime.advanceClock(29 * 60 * 1000)
      await new Promise((resolve) => setTimeout(resolve, 2200))
      assert.deepEqual(navigations(runtime), [], 'logged out before 30 minutes')
      runtime.advanceClock(60 * 1000)
      // The idle check runs every 2 s of real time.
      const deadline = Date.now() + 20_000
      while (!navigations(runtime).length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50))
      await runtime.settle()
      assertClean(runtime)
      assert.deepEqual(navigations(runtime), [`reLaunch ${LOGIN_PAGE}`])
      assertShows(renderedTexts(instance.data), [IDLE_MESSAGE])
      const stored = JSON.parse(JSON.parse(runtime.storage.get('mc-session')))
      assert.equal(stored.state.token, '')
      // The server revoked the token as well.
      const after = await server.get('/api/pc/getPersonalInfo', login.token)
      assert.equal(after.code, 996)
    } finally {
      runtime.close()
    }
  })
})

// Native list gestures (route table pullToRefresh → enablePullDownRefresh; core/ui/useListGestures):
// the page's onPullDownRefresh and onReachBottom are called as WeChat calls them.
describe('list pages: pull-down and reaching the bottom in the mini-program', () => {
  const LISTS = [
    { page: 'pages/notices/index', api: '/api/pc/messageList', text: (n) => n.title },
    { page: 'pages/orderlist/index', api: '/api/pc/getOrder', text: (o) => o.orderCode },
  ]
  // The list calls the page made, with their pageNum and pageSize (query string or data).
  const listCalls = (runtime, api) =>
    callsOf(runtime, 'request')
      .filter((options) => new URL(options.url).pathname === api)
      .map((options) => {
        const query = Object.fromEntries(new URL(options.url).searchParams)
        const all = { ...query, ...(options.data ?? {}) }
        return { pageNum: Number(all.pageNum), pageSize: Number(all.pageSize) }
      })

  for (const { page, api, text } of LISTS) {
    test(`${page}: reaching the bottom appends page 2; pulling down reloads page 1 and stops`, async () => {
      const pageOf = async (n) =>
        (await server.get(`${api}?pageNum=${n}&pageSize=5`, logins.owner.token)).data.data.map(text)
      const [first, second] = [await pageOf(1), await pageOf(2)]
      assert.ok(second.length > 0, `the seed has no second page of ${api}`)
      const { runtime, instance, texts } = await open(page, { as: 'owner' })
      try {
        const json = JSON.parse(readFileSync(path.join(dist, `${page}.json`), 'utf8'))
        assert.equal(json.enablePullDownRefresh, true, 'the page config does not enable the pull-down')
        assertShows(texts(), first)
        assert.ok(!second.some((t) => texts().includes(t)), 'page 2 shown before reaching the bottom')
        assert.deepEqual(listCalls(runtime, api), [{ pageNum: 1, pageSize: 5 }])

        instance.onReachBottom()
        await runtime.settle()
        assertClean(runtime)
        assert.deepEqual(listCalls(runtime, api).at(-1), { pageNum: 2, pageSize: 5 })
        assertShows(texts(), [...first, ...second])

        instance.onPullDownRefresh()
        await until(() => callsOf(runtime, 'stopPullDownRefresh').length, 'stopPullDownRefresh')
        await runtime.settle()
        assertClean(runtime)
        assert.deepEqual(listCalls(runtime, api), [
          { pageNum: 1, pageSize: 5 },
          { pageNum: 2, pageSize: 5 },
          { pageNum: 1, pageSize: 5 },
        ])
        // Stopped once, after the reload's request was made; the list is page 1 again.
        const order = runtime.calls.map((c) => c.name)
        assert.equal(callsOf(runtime, 'stopPullDownRefresh').length, 1)
        assert.ok(order.lastIndexOf('request') < order.indexOf('stopPullDownRefresh'))
        assertShows(texts(), first)
        assert.ok(!second.some((t) => texts().includes(t)), 'page 2 still shown after the pull-down')
      } finally {
        runtime.close()
      }
    })
  }

  test('a page that is not a list enables no pull-down', () => {
    const json = JSON.parse(readFileSync(path.join(dist, 'pages/agreement/index.json'), 'utf8'))
    assert.equal(json.enablePullDownRefresh, undefined)
  })
})

// Route table `shareable` → core/routing/usePageShare, called once by the page frame.
describe('share menu', () => {
  test('a private page hides 转发 as it opens', async () => {
    const { runtime } = await open('pages/notices/index', { as: 'owner' })
    try {
      assertClean(runtime)
      // The options come from the app's realm: compare them as data.
      assert.deepEqual(JSON.parse(JSON.stringify(callsOf(runtime, 'hideShareMenu'))), [
        { menus: ['shareAppMessage', 'shareTimeline'] },
      ])
    } finally {
      runtime.close()
    }
  })

  test('the login page keeps the default menu', async () => {
    const { runtime } = await open('pages/login/index')
    try {
      assertClean(runtime)
      assert.deepEqual(callsOf(runtime, 'hideShareMenu'), [])
    } finally {
      runtime.close()
    }
  })

  // Without onShareAppMessage WeChat offers no 转发 of the page's own path and query.
  test('no page registers a share handler', async () => {
    for (const page of ['pages/index/index', 'pages/orderlist/index', 'pages/login/index']) {
      const { runtime, instance } = await open(page, { as: page.includes('login') ? undefined : 'owner' })
      runtime.close()
      assert.equal(instance.onShareAppMessage, undefined, `${page} offers sharing`)
      assert.equal(instance.onShareTimeline, undefined, `${page} offers sharing`)
    }
  })
})

describe('payment in the mini-program', () => {
  test('/orderByPlay offers WeChat Pay only', async () => {
    const { runtime, texts } = await open('pages/orderByPlay/index', {
      as: 'owner',
      query: { orderCode: 'MC202611000002' },
    })
    try {
      assertClean(runtime)
      assertShows(texts(), ['微信支付', '立即支付'])
      assert.ok(!texts().includes('支付宝'), `支付宝 offered: ${texts().join(' | ')}`)
    } finally {
      runtime.close()
    }
  })
})

// Last of the pages' tests: it leaves an unpaid renewal order in the shared demo data.
describe('batch renewal in the mini-program', () => {
  test('a cycle chosen on a card, 批量续费 opens the payment page of the new order', async () => {
    const { runtime, instance, texts } = await open('pages/renewal/index', { as: 'owner' })
    try {
      assertClean(runtime)
      runtime.tap(instance, '批量续费')
      await runtime.settle()
      assert.deepEqual(navigations(runtime), [], 'nothing chosen, yet an order was placed')
      assertShows(texts(), ['请选择要续费的产品'])
      const cycle = texts().find((text) => /^1年 ¥/.test(text))
      assert.ok(cycle, `no cycle offered: ${texts().join(' | ')}`)
      runtime.tap(instance, cycle)
      await runtime.settle()
      // The bar's total is the chosen cycle's price (the chip reads "1年 ¥9800.00").
      assertShows(texts(), ['合计', cycle.split(' ')[1]])
      runtime.tap(instance, '批量续费')
      await until(() => navigations(runtime).length > 0, 'the payment page')
      assertClean(runtime)
      const [navigation] = navigations(runtime)
      assert.match(navigation, /^navigateTo \/pages\/orderByPlay\/index\?orderCode=\w+$/)
    } finally {
      runtime.close()
    }
  })
})

// The checks above must be able to fail: a copy of the build with a page broken in each way.
describe('the runtime reports what a phone would', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'weapp-runtime-'))
  after(() => rmSync(work, { recursive: true, force: true }))

  async function brokenAgreement(name, code) {
    const copy = path.join(work, name)
    cpSync(dist, copy, { recursive: true })
    appendFileSync(path.join(copy, 'pages/agreement/index.js'), `\n;${code}\n`)
    const runtime = createRuntime({ dist: copy, server })
    runtime.launch()
    runtime.openPage('pages/agreement/index')
    await runtime.settle()
    await new Promise((resolve) => setTimeout(resolve, 50))
    runtime.close()
    return runtime.errors.map(({ where, error }) => `${where}: ${error?.message ?? error}`)
  }

  test('an exception in a timer of the page', async () => {
    const errors = await brokenAgreement(
      'timer',
      'setTimeout(function () { throw new Error("timer failure") }, 0)',
    )
    assert.deepEqual(errors, ['timer: timer failure'])
  })

  // An unhandled rejection is recorded by the runtime and also fails the running test through
  // node:test's own process handler, so it cannot be shown here without failing this test.

  test('a browser global the logic layer does not have', async () => {
    const errors = await brokenAgreement(
      'window',
      'setTimeout(function () { localStorage.getItem("mc-session") }, 0)',
    )
    assert.deepEqual(errors, ['timer: localStorage is not defined'])
  })
})

// 微信提醒: 提交 asks wx.requestSubscribeMessage inside the tap (WeChat refuses it after an await), the
// member accepts once, and the acceptance reaches the server while the work order is created.
describe('WeChat reminders at 提交 of a work order in the mini-program', () => {
  test('an acceptance at 提交 buys one reply reminder on the server', async () => {
    const asked = []
    const { runtime, instance, texts } = await open('workorders/pages/submit/index', {
      as: 'owner',
      query: { type: '3' },
      wx: ({ record, succeed }) => ({
        requestSubscribeMessage(options) {
          record('requestSubscribeMessage', [options])
          // Copied out of the sandbox's realm, so deepEqual compares plain arrays.
          asked.push([...options.tmplIds])
          // Accepts the first template once; the others are left unanswered (closed dialog).
          return succeed(options, { errMsg: 'requestSubscribeMessage:ok', [options.tmplIds[0]]: 'accept' })
        },
      }),
    })
    try {
      assertClean(runtime)
      runtime.tap(instance, '账号登录问题')
      await runtime.settle()
      const box = findNode(instance.data.root, (n) => Object.values(n).some((v) => v === '请输入问题描述'))
      assert.ok(box, 'no description textarea in the page data')
      const ref = { id: box.uid || box.sid, dataset: { sid: box.sid } }
      instance.eh({
        type: 'input',
        timeStamp: Date.now(),
        target: ref,
        currentTarget: ref,
        detail: { value: '小程序里登录不上' },
      })
      await runtime.settle()
      runtime.tap(instance, '提交')
      await runtime.settle()
      assertClean(runtime)
      assertShows(texts(), ['提交成功'])

      assert.deepEqual(asked, [['tmpl-reply', 'tmpl-awaiting', 'tmpl-reopened']])
      // Asked within the tap: before the work order's own request went out.
      const order = runtime.calls.map((c) =>
        c.name === 'request' ? new URL(c.args[0].url).pathname : c.name,
      )
      const askedAt = order.indexOf('requestSubscribeMessage')
      assert.ok(askedAt >= 0 && askedAt < order.indexOf('/api/acWorkOrder/createWorkOrder'), order.join())
      const saves = callsOf(runtime, 'request').filter(
        (options) =>
          new URL(options.url).pathname === '/api/app/wechat/subscriptions' && options.method === 'POST',
      )
      assert.equal(saves.length, 1)
      const saved = typeof saves[0].data === 'string' ? JSON.parse(saves[0].data) : saves[0].data
      assert.deepEqual(JSON.parse(JSON.stringify(saved.answers)), { workOrderReply: 'accept' })

      const state = await server.get('/api/app/wechat/subscriptions?app=mini', logins.owner.token)
      const reply = state.data.templates.find((t) => t.template === 'workOrderReply')
      assert.deepEqual(reply, {
        template: 'workOrderReply',
        templateId: 'tmpl-reply',
        remaining: 1,
        refused: false,
      })
    } finally {
      runtime.close()
    }
  })
})
