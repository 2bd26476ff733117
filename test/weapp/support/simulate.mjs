// Runs the custom components built by scripts/build-native-components.mjs (our real compiled code:
// Taro runtime, React, features, core) under miniprogram-simulate, WeChat's single-thread
// simulator (j-component over a jsdom document). Only the outside world is stubbed: wx.* and the
// host page. Import this module first in a test file: it installs the globals the simulator needs.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
// The jsdom that jest-environment-jsdom (a devDependency) ships.
const { JSDOM } = createRequire(require.resolve('jest-environment-jsdom'))('jsdom')

const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { pretendToBeVisual: true })
for (const name of [
  'document',
  'Node',
  'Element',
  'HTMLElement',
  'Event',
  'CustomEvent',
  'TouchEvent',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
]) {
  globalThis[name] = dom.window[name]
}
globalThis.window = dom.window

// A custom component sits in a page: Taro's runtime reads the mini-program's page stack.
const hostPage = { route: 'pages/host/index', options: {} }
globalThis.getCurrentPages = () => [hostPage]
globalThis.getApp = () => ({})

// Toasts dismiss themselves after 1.5-5 s; in a test process such timers would only delay the exit.
const setTimeoutRef = globalThis.setTimeout
globalThis.setTimeout = (callback, delay, ...args) => {
  const timer = setTimeoutRef(callback, delay, ...args)
  if (delay >= 1000) timer.unref()
  return timer
}

export const simulate = require('miniprogram-simulate')
/** The simulator's inert wx; tests replace its methods with node:test `mock.method`. */
export const wx = globalThis.wx

const componentsDir = path.resolve(import.meta.dirname, '..', '..', '..', 'dist', 'weapp-components')

/** Throws when the component has not been built: a missing build fails the run, never skips it. */
export function assertBuilt(component) {
  if (!existsSync(path.join(componentsDir, `${component}.js`)))
    throw new Error(
      `dist/weapp-components/${component} is missing: run node scripts/build-native-components.mjs`,
    )
}

/**
 * Loads a built component once (the simulator runs its JS once; the runtime it shares is cached)
 * and returns a function that renders a fresh instance into the document and, given a selector,
 * waits until React's first commit shows it (j-component selectors: classes and ids, not tags).
 */
export function loadComponent(component) {
  const id = simulate.load(path.join(componentsDir, component), { rootPath: componentsDir })
  return async (selector) => {
    const comp = simulate.render(id)
    comp.attach(document.createElement('parent-wrapper'))
    if (selector) await until(() => comp.querySelector(selector), `${selector} to render`)
    return comp
  }
}

/** Text of every node matching a class (the simulator prefixes classes, querySelector does not). */
export function texts(comp, className) {
  return comp.querySelectorAll(`.${className}`).map((node) => node.dom.textContent)
}

/** Waits until `check()` is truthy (React commits and wx callbacks are asynchronous). */
export async function until(check, what, timeoutMs = 2000) {
  const started = Date.now()
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await simulate.sleep(10)
  }
}

/** wx-style async success: the callback runs later, as on a device. */
export function succeed(options, result) {
  setTimeoutRef(() => {
    options.success?.(result)
    options.complete?.(result)
  }, 0)
}

/** wx-style async failure. */
export function fail(options, errMsg) {
  setTimeoutRef(() => {
    options.fail?.({ errMsg })
    options.complete?.({ errMsg })
  }, 0)
}

/** A wx.request stub answering every call with an HTTP 200 carrying `body`. */
export function answerRequests(body) {
  return (options) => {
    succeed(options, { errMsg: 'request:ok', statusCode: 200, header: {}, cookies: [], data: body })
    return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {} }
  }
}
