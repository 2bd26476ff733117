// A small stand-in for the WeChat mini-program runtime, enough to boot the built dist/weapp the way a
// phone does: each .js file is evaluated once in a shared sandbox (its own realm, like the logic
// layer's JS engine) with the globals WeChat gives it — wx, App, Page, Component, getApp,
// getCurrentPages, require — and nothing else: no window, document, localStorage or DOM. Taro's runtime
// then renders every page through setData on the page instance; the data is kept as the view layer
// would receive it. wx.* is a recording stub: storage in memory, requests answered by the reference
// server, navigation recorded (and followed by the test when it wants), every other API a no-op.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

/** Builds a fresh runtime over a dist folder; nothing is shared between two runtimes. */
export function createRuntime({
  dist,
  server,
  storage = {},
  systemInfo = {},
  wxOverrides = {},
  canvas = false,
}) {
  const calls = []
  const errors = []
  const store = new Map(Object.entries(storage).map(([k, v]) => [k, JSON.stringify(v)]))
  const pageConfigs = new Map()
  const components = new Map()
  const stack = []
  let loadingPage = null
  let app = null
  let clockOffset = 0
  const timers = new Set()
  let pendingRequests = 0
  let lastActivity = Date.now()

  const record = (name, args) => {
    const call = { name, args }
    calls.push(call)
    return call
  }
  const fail = (error, where) => errors.push({ where, error })

  // WeChat callbacks run later, never inside the call.
  // Work still queued: wx callbacks and short timeouts (React's scheduler and Taro's nextTick run on
  // setTimeout in the logic layer). settle() waits for none to be left.
  const soon = new Set()
  const SOON_MS = 300
  const later = (fn) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      soon.delete(timer)
      lastActivity = Date.now()
      guarded('wx callback', fn)()
    }, 0)
    timers.add(timer)
    soon.add(timer)
  }
  const guarded =
    (where, fn) =>
    (...args) => {
      try {
        return fn(...args)
      } catch (error) {
        fail(error, where)
      }
    }
  // WeChat's async APIs answer through success/fail/complete, or, called without any of them, with a
  // promise (base library 2.10.2+). Taro passes some APIs (requestPayment among them) straight
  // through, so the app may await the platform's own promise.
  const callbackStyle = (options) => ['success', 'fail', 'complete'].some((k) => options?.[k])
  const settle = (options, result) => {
    if (!callbackStyle(options)) return new Promise((resolve) => later(() => resolve(result)))
    later(() => {
      options.success?.(result)
      options.complete?.(result)
    })
  }
  const refuse = (options, errMsg) => {
    if (!callbackStyle(options)) return new Promise((_, reject) => later(() => reject({ errMsg })))
    later(() => {
      options.fail?.({ errMsg })
      options.complete?.({ errMsg })
    })
  }
  /** An async wx API that succeeds with `result(options)` and records its call. */
  const ok = (name, result = () => ({})) =>
    function (options = {}) {
      record(name, [options])
      return settle(options, { errMsg: `${name}:ok`, ...result(options) })
    }

  const windowInfo = {
    pixelRatio: 2,
    screenWidth: 375,
    screenHeight: 812,
    windowWidth: 375,
    windowHeight: 812,
    statusBarHeight: 44,
    safeArea: { top: 44, left: 0, right: 375, bottom: 778, width: 375, height: 734 },
    ...systemInfo,
  }
  const systemInfoSync = {
    ...windowInfo,
    brand: 'devtools',
    model: 'iPhone X',
    system: 'iOS 16.0',
    platform: 'devtools',
    language: 'zh_CN',
    version: '8.0.50',
    SDKVersion: '3.5.0',
    fontSizeSetting: 16,
    theme: 'light',
  }

  const drawings = []
  const downloads = []
  /** A Canvas 2D node that records what is drawn: method calls and property writes, in order. */
  function canvasNode(selector) {
    const state = {}
    const node = { width: 300, height: 150 }
    const ctx = new Proxy(state, {
      get(target, key) {
        if (key in target) return target[key]
        if (key === 'canvas') return node
        if (key === 'measureText') return (text) => ({ width: String(text).length * 12 })
        return (...args) => drawings.push({ selector, call: String(key), args })
      },
      set(target, key, value) {
        target[key] = value
        drawings.push({ selector, set: String(key), value })
        return true
      },
    })
    node.getContext = () => ctx
    node.createImage = () => {
      const image = { width: 180, height: 180 }
      Object.defineProperty(image, 'src', {
        get: () => image._src,
        set(value) {
          image._src = value
          later(() => image.onload?.())
        },
      })
      return image
    }
    return node
  }

  const navigation = (name) =>
    function (options = {}) {
      record(name, [options])
      return settle(options, { errMsg: `${name}:ok` })
    }

  const wx = {
    // Storage: WeChat keeps any JSON value; the app stores strings.
    getStorageSync: (key) => {
      record('getStorageSync', [key])
      return store.has(key) ? JSON.parse(store.get(key)) : ''
    },
    setStorageSync: (key, value) => {
      record('setStorageSync', [key, value])
      store.set(key, JSON.stringify(value))
    },
    removeStorageSync: (key) => {
      record('removeStorageSync', [key])
      store.delete(key)
    },
    clearStorageSync: () => store.clear(),
    getStorageInfoSync: () => ({ keys: [...store.keys()], currentSize: 0, limitSize: 10240 }),
    getSystemInfoSync: () => ({ ...systemInfoSync }),
    getWindowInfo: () => ({ ...windowInfo }),
    getDeviceInfo: () => ({ ...systemInfoSync }),
    getAppBaseInfo: () => ({ ...systemInfoSync }),
    getSystemSetting: () => ({}),
    getAccountInfoSync: () => ({ miniProgram: { appId: 'wx-test', envVersion: 'develop', version: '' } }),
    getLaunchOptionsSync: () => ({ path: 'pages/index/index', query: {}, scene: 1001 }),
    getEnterOptionsSync: () => ({ path: 'pages/index/index', query: {}, scene: 1001 }),
    getMenuButtonBoundingClientRect: () => ({
      top: 48,
      bottom: 80,
      left: 281,
      right: 368,
      width: 87,
      height: 32,
    }),
    canIUse: () => true,
    nextTick: (fn) => Promise.resolve().then(guarded('nextTick', fn)),
    request(options) {
      record('request', [options])
      pendingRequests++
      lastActivity = Date.now()
      const url = new URL(options.url)
      const method = (options.method || 'GET').toUpperCase()
      const headers = { ...(options.header ?? {}) }
      let payload
      let query = url.search
      if (method === 'GET' && options.data && typeof options.data === 'object') {
        const params = new URLSearchParams(url.search)
        for (const [k, v] of Object.entries(options.data)) if (v !== undefined) params.set(k, String(v))
        query = params.toString() ? `?${params}` : ''
      } else if (options.data !== undefined) {
        payload = typeof options.data === 'string' ? options.data : JSON.stringify(options.data)
        headers['content-type'] ??= 'application/json'
      }
      server
        .inject({ method, url: `${url.pathname}${query}`, headers, payload })
        .finally(() => {
          pendingRequests--
          lastActivity = Date.now()
        })
        .then((response) => {
          let data = response.body
          try {
            data = JSON.parse(response.body)
          } catch {
            // WeChat hands non-JSON bodies over as text.
          }
          settle(options, {
            errMsg: 'request:ok',
            statusCode: response.statusCode,
            header: response.headers,
            cookies: [],
            data,
          })
        })
        .catch((error) => refuse(options, `request:fail ${error.message}`))
      return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {} }
    },
    login: ok('login', () => ({ code: 'wx-test-code' })),
    navigateTo: navigation('navigateTo'),
    redirectTo: navigation('redirectTo'),
    reLaunch: navigation('reLaunch'),
    switchTab: navigation('switchTab'),
    navigateBack: navigation('navigateBack'),
    setNavigationBarTitle: ok('setNavigationBarTitle'),
    showToast: ok('showToast'),
    hideToast: ok('hideToast'),
    showLoading: ok('showLoading'),
    hideLoading: ok('hideLoading'),
    showModal: ok('showModal', () => ({ confirm: true, cancel: false })),
    stopPullDownRefresh: ok('stopPullDownRefresh'),
    setClipboardData: ok('setClipboardData'),
    previewImage: ok('previewImage'),
    scanCode: ok('scanCode', () => ({ result: '', scanType: 'QR_CODE' })),
    requestPayment: ok('requestPayment'),
    // Downloads from the server too: the status is the server's, the file lands in a temp path.
    downloadFile(options) {
      record('downloadFile', [options])
      const url = new URL(options.url)
      pendingRequests++
      const work = server
        .inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
          headers: { ...(options.header ?? {}) },
        })
        .finally(() => {
          pendingRequests--
          lastActivity = Date.now()
        })
        .then(
          (response) => {
            downloads.push({
              url: options.url,
              statusCode: response.statusCode,
              type: response.headers['content-type'],
            })
            const name = path.basename(url.pathname) || 'download'
            return settle(options, {
              errMsg: 'downloadFile:ok',
              statusCode: response.statusCode,
              tempFilePath: `wxfile://tmp/${name}`,
            })
          },
          (error) => refuse(options, `downloadFile:fail ${error.message}`),
        )
      if (!callbackStyle(options)) return work
    },
    openDocument: ok('openDocument'),
    saveImageToPhotosAlbum: ok('saveImageToPhotosAlbum'),
    getSetting: ok('getSetting', () => ({ authSetting: {} })),
    openSetting: ok('openSetting', () => ({ authSetting: {} })),
    canvasToTempFilePath: ok('canvasToTempFilePath', () => ({ tempFilePath: 'wxfile://tmp/canvas.png' })),
    getFileSystemManager: () => ({
      writeFile: ok('fs.writeFile'),
      writeFileSync: (...args) => record('fs.writeFileSync', args),
      readFile: ok('fs.readFile', () => ({ data: '' })),
      unlink: ok('fs.unlink'),
    }),
    // Without `canvas`, the query finds nothing (as the simulator's inert one). With it, a query for
    // a node answers a recording Canvas 2D node: the draw calls land in `drawings`.
    createSelectorQuery() {
      record('createSelectorQuery', [])
      const selected = []
      const query = {
        in: () => query,
        select: (selector) => {
          selected.push(selector)
          return fields
        },
        selectAll: (selector) => {
          selected.push(selector)
          return fields
        },
        selectViewport: () => fields,
        exec: (cb) =>
          later(() =>
            cb?.(
              canvas
                ? selected.map((selector) => ({ node: canvasNode(selector), width: 300, height: 150 }))
                : [],
            ),
          ),
      }
      const fields = {
        boundingClientRect: () => query,
        fields: () => query,
        node: () => query,
        scrollOffset: () => query,
      }
      return query
    },
    createIntersectionObserver: () => ({
      relativeTo() {},
      relativeToViewport() {},
      observe() {},
      disconnect() {},
    }),
    createCanvasContext: (...args) => {
      record('createCanvasContext', args)
      return new Proxy({}, { get: (_, key) => (key === 'draw' ? (_r, cb) => cb && later(cb) : () => {}) })
    },
    onAppShow() {},
    onAppHide() {},
    offAppShow() {},
    offAppHide() {},
    onError() {},
    onUnhandledRejection() {},
    onPageNotFound() {},
    onWindowResize() {},
    offWindowResize() {},
    onNetworkStatusChange() {},
    onMemoryWarning() {},
    reportAnalytics() {},
    getUpdateManager: () => ({
      onCheckForUpdate() {},
      onUpdateReady() {},
      onUpdateFailed() {},
      applyUpdate() {},
    }),
  }
  // A test replaces APIs to play the user or WeChat (pay, cancel, deny); its stubs answer as wx does.
  Object.assign(
    wx,
    typeof wxOverrides === 'function' ? wxOverrides({ record, succeed: settle, refuse }) : wxOverrides,
  )

  // Timers of the sandbox: an exception in a callback is recorded (WeChat reports it to App.onError),
  // never thrown into the test process; every timer is cleared by close().
  const timer = (set, clear, repeats) => ({
    set: (fn, ms, ...args) => {
      if (typeof fn !== 'function') return 0
      const run = guarded('timer', fn)
      const handle = set(
        (...a) => {
          if (!repeats) {
            timers.delete(handle)
            soon.delete(handle)
          }
          lastActivity = Date.now()
          run(...a)
        },
        ms,
        ...args,
      )
      timers.add(handle)
      if (!repeats && !(ms >= SOON_MS)) soon.add(handle)
      return handle
    },
    clear: (handle) => {
      timers.delete(handle)
      soon.delete(handle)
      clear(handle)
    },
  })
  const timeout = timer(setTimeout, clearTimeout, false)
  const interval = timer(setInterval, clearInterval, true)

  // console.error is how React and Taro report a failure they caught: it counts as an error.
  const warnings = []
  const sandboxConsole = {
    ...console,
    log() {},
    info() {},
    debug() {},
    warn: (...args) => warnings.push(args.map(String).join(' ')),
    error: (...args) => fail(args.map((a) => a?.stack ?? String(a)).join(' '), 'console.error'),
  }
  // A promise of the sandbox rejected with nobody listening (WeChat: onUnhandledRejection).
  const onUnhandled = (reason) => fail(reason, 'unhandled rejection')
  process.on('unhandledRejection', onUnhandled)

  const sandbox = {
    wx,
    console: sandboxConsole,
    setTimeout: timeout.set,
    clearTimeout: timeout.clear,
    setInterval: interval.set,
    clearInterval: interval.clear,
    App(config) {
      app = config
    },
    Page(config) {
      if (!loadingPage) throw new Error('Page() called outside a page file')
      pageConfigs.set(loadingPage, config)
    },
    Component(config) {
      components.set(loadingPage ?? '(shared)', config)
    },
    Behavior: (definition) => definition,
    getApp: () => app,
    getCurrentPages: () => [...stack],
    requirePlugin() {
      throw new Error('no plugins in this app')
    },
  }
  const context = vm.createContext(sandbox, { name: 'weapp logic layer' })
  // A clock the test can move: Date inside the sandbox runs `clockOffset` ms ahead of the real one.
  vm.runInContext(
    `((shift) => {
      const Real = Date
      class MovableDate extends Real {
        constructor(...args) { if (args.length) super(...args); else super(Real.now() + shift()) }
        static now() { return Real.now() + shift() }
      }
      globalThis.Date = MovableDate
    })`,
    context,
  )(() => clockOffset)

  const modules = new Map()
  function requireFrom(dir) {
    return (request) => {
      let file = path.resolve(dir, request)
      if (!file.endsWith('.js')) file += '.js'
      if (!file.startsWith(dist + path.sep)) throw new Error(`require outside the package: ${request}`)
      return load(file)
    }
  }
  function load(file) {
    if (modules.has(file)) return modules.get(file).exports
    const module = { exports: {} }
    modules.set(file, module)
    const source = readFileSync(file, 'utf8')
    // WeChat wraps every file in a function of its own require/module/exports.
    const wrapped = `(function (require, module, exports) {${source}\n})`
    const fn = vm.runInContext(wrapped, context, { filename: file })
    fn.call(undefined, requireFrom(path.dirname(file)), module, module.exports)
    return module.exports
  }

  const appJson = JSON.parse(readFileSync(path.join(dist, 'app.json'), 'utf8'))

  /** Runs app.js and the app's onLaunch/onShow, as WeChat does before the first page. */
  function launch(entry = { path: appJson.pages[0], query: {}, scene: 1001 }) {
    load(path.join(dist, 'app.js'))
    if (!app) throw new Error('app.js did not call App()')
    app.onLaunch?.(entry)
    app.onShow?.(entry)
    return app
  }

  /**
   * Opens a page as WeChat does on navigateTo: evaluates its file (and the subpackage chunks it
   * requires) once, creates an instance with a copy of the data, pushes it and runs onLoad(query),
   * onShow and onReady.
   */
  function openPage(route, query = {}) {
    const page = route.replace(/^\/+/, '')
    if (!pageConfigs.has(page)) {
      loadingPage = page
      try {
        load(path.join(dist, `${page}.js`))
      } finally {
        loadingPage = null
      }
      if (!pageConfigs.has(page)) throw new Error(`${page}.js did not call Page()`)
    }
    const config = pageConfigs.get(page)
    const updates = []
    lastActivity = Date.now()
    const instance = {
      ...config,
      data: structuredClone(config.data ?? {}),
      route: page,
      __route__: page,
      options: { ...query },
      __wxWebviewId__: stack.length + 1,
      setData(patch, callback) {
        updates.push(patch)
        instance.__rendered = true
        lastActivity = Date.now()
        for (const [key, value] of Object.entries(patch)) setPath(instance.data, key, value)
        if (callback) later(callback)
      },
      selectComponent: () => null,
      selectAllComponents: () => [],
      createSelectorQuery: () => wx.createSelectorQuery(),
      getOpenerEventChannel: () => ({ emit() {}, on() {}, once() {}, off() {} }),
    }
    stack.push(instance)
    const encoded = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, encodeURIComponent(v)]))
    instance.onLoad?.(encoded)
    instance.onShow?.()
    instance.onReady?.()
    return { instance, updates }
  }

  // Element templates of base.wxml that bind tap: WeChat calls the page's `eh` for each of them on
  // the way up from the tapped element (Taro picks a template per node by its `nn`).
  const tappable = new Set(
    [
      ...readFileSync(path.join(dist, 'base.wxml'), 'utf8').matchAll(
        /<template name="tmpl_0_(\w+)">([\s\S]*?)<\/template>/g,
      ),
    ]
      .filter((m) => /bindtap="eh"/.test(m[2]))
      .map((m) => m[1]),
  )

  /**
   * Taps the element holding the text (exact, the nth match): the tap bubbles from that element to
   * the root and every element whose template binds tap gets the page's `eh`, as on a device.
   */
  function tap(instance, text, nth = 0) {
    const chains = []
    const walk = (node, ancestors) => {
      if (!node || typeof node !== 'object') return
      if (typeof node.v === 'string' && node.v.trim() === text) chains.push(ancestors)
      for (const child of node.cn ?? []) walk(child, node.sid ? [...ancestors, node] : ancestors)
    }
    walk(instance.data.root, [])
    const chain = chains[nth]
    if (!chain) throw new Error(`no element shows "${text}" (${chains.length} found)`)
    const target = chain[chain.length - 1]
    const ref = (node) => ({ id: node.uid || node.sid, dataset: { sid: node.sid } })
    lastActivity = Date.now()
    for (const node of [...chain].reverse()) {
      if (!tappable.has(String(node.nn))) continue
      guarded('tap', () =>
        instance.eh({
          type: 'tap',
          timeStamp: Date.now(),
          target: ref(target),
          currentTarget: ref(node),
          detail: { x: 10, y: 10 },
          touches: [],
          changedTouches: [],
          mark: {},
        }),
      )()
    }
  }

  /** Unloads the top page (navigateBack, redirectTo, reLaunch). */
  function closePage() {
    const page = stack.pop()
    page?.onUnload?.()
  }

  return {
    wx,
    calls,
    errors,
    warnings,
    drawings,
    downloads,
    appJson,
    launch,
    openPage,
    tap,
    closePage,
    stack,
    /** Moves the sandbox's clock (Date, Date.now) forward; timers keep real time. */
    advanceClock(ms) {
      clockOffset += ms
    },
    storage: store,
    /**
     * Resolves once the app is quiet: every page rendered, no request in flight, no wx callback or
     * short timeout queued, and nothing ran for `quietMs`. Fails after `timeoutMs`.
     */
    async settle({ quietMs = 100, timeoutMs = 30_000 } = {}) {
      const started = Date.now()
      const rendered = () => stack.every((page) => page.__rendered)
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 25))
        const idle = rendered() && !pendingRequests && !soon.size
        if (idle && Date.now() - lastActivity >= quietMs) return
        if (Date.now() - started > timeoutMs) throw new Error(`app not quiet after ${timeoutMs} ms`)
      }
    },
    close() {
      while (stack.length) closePage()
      for (const handle of timers) {
        clearTimeout(handle)
        clearInterval(handle)
      }
      timers.clear()
      process.off('unhandledRejection', onUnhandled)
    },
  }
}

// setData paths as Taro writes them: "root.cn.[0].cn.[2].v" (also "a.b[0]" and "a[0].b").
function setPath(target, key, value) {
  const parts = [...key.matchAll(/\[(\d+)\]|[^.[\]]+/g)].map((m) =>
    m[1] !== undefined ? Number(m[1]) : m[0],
  )
  let node = target
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]
    if (node[part] === undefined || node[part] === null || typeof node[part] !== 'object')
      node[part] = typeof parts[i + 1] === 'number' ? [] : {}
    node = node[part]
  }
  node[parts[parts.length - 1]] = value === undefined ? undefined : structuredClone(value)
}

/** The texts a page shows: every text node (`v`) of Taro's render tree, in document order. */
export function renderedTexts(data) {
  const out = []
  const walk = (node) => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach(walk)
    if (typeof node.v === 'string' && node.v.trim()) out.push(node.v.trim())
    if (node.cn) walk(node.cn)
  }
  walk(data.root)
  return out
}
