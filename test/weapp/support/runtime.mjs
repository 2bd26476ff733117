// A small stand-in for the WeChat mini-program runtime, enough to boot the built dist/weapp the way a
// phone does: each .js file is evaluated once in a shared sandbox (its own realm, like the logic
// layer's JS engine) with the globals WeChat gives it — wx, App, Page, Component, getApp,
// getCurrentPages, require — and nothing else: no window, document, localStorage or DOM. Taro's runtime
// then renders every page through setData on the page instance; the data is kept as the view layer
// would receive it. wx.* is the recording stub of ./wx-stub.mjs: storage in memory, requests answered
// by the reference server, navigation recorded (pages are opened by the test, never by the app), every
// other API answered with success.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { createWx } from './wx-stub.mjs'

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
  // Requests and downloads in flight keep settle() waiting.
  const track = (promise) => {
    pendingRequests++
    lastActivity = Date.now()
    return promise.finally(() => {
      pendingRequests--
      lastActivity = Date.now()
    })
  }
  const { wx, drawings, downloads } = createWx({
    server,
    store,
    systemInfo,
    canvas,
    record,
    settle,
    refuse,
    later,
    callbackStyle,
    track,
  })

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
