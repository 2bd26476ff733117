// The wx object of the runtime stand-in (support/runtime.mjs): a recording stub of the WeChat APIs the
// app and Taro's runtime call. Storage is in memory, requests and downloads are answered by the
// reference server, navigation is recorded, every other API succeeds after a tick.
import path from 'node:path'

/**
 * `host` is the runtime's plumbing: record(name, args), settle/refuse(options, …) (wx's
 * callback-or-promise answers), later(fn), callbackStyle(options), track(promise) (keeps settle()
 * waiting), the server, the storage map, window-info overrides and whether queries find canvases.
 */
export function createWx({
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
}) {
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
    nextTick: (fn) => later(fn),
    request(options) {
      record('request', [options])
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
      track(server.inject({ method, url: `${url.pathname}${query}`, headers, payload }))
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
    startPullDownRefresh: ok('startPullDownRefresh'),
    hideShareMenu: ok('hideShareMenu'),
    showShareMenu: ok('showShareMenu'),
    setClipboardData: ok('setClipboardData'),
    previewImage: ok('previewImage'),
    scanCode: ok('scanCode', () => ({ result: '', scanType: 'QR_CODE' })),
    requestPayment: ok('requestPayment'),
    // Downloads from the server too: the status is the server's, the file lands in a temp path.
    downloadFile(options) {
      record('downloadFile', [options])
      const url = new URL(options.url)
      const work = track(
        server.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
          headers: { ...(options.header ?? {}) },
        }),
      ).then(
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

  return { wx, drawings, downloads }
}
