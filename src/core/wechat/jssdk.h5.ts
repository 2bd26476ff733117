// WeChat's JS-SDK in WeChat's browser, for the official account's open tags (wx-open-subscribe).
// The script is WeChat's own (res.wx.qq.com, allowed by the CSP) and loads once; wx.config runs once
// per signed address. iOS signs the address the console was entered at (WeChat there keeps the
// landing URL for a single-page app), other systems the current one. Used by the H5 subscribe adapter.
import { JSSDK_MSG, type JssdkConfig, type JssdkConfigQuery } from '../contract/wechat-messages'
import { http } from '../http/request'

export const JSSDK_SRC = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'

/** The part of WeChat's `wx` object the open tags need. */
export interface WxJssdk {
  config(options: JssdkConfig & { debug: boolean; jsApiList: string[] }): void
  ready(callback: () => void): void
  error(callback: (reason: unknown) => void): void
}

declare global {
  interface Window {
    wx?: WxJssdk
  }
}

let loading: Promise<WxJssdk> | null = null
const configured = new Map<string, Promise<void>>()

function loadScript(): Promise<WxJssdk> {
  if (window.wx) return Promise.resolve(window.wx)
  loading ??= new Promise<WxJssdk>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = JSSDK_SRC
    script.async = true
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error(JSSDK_MSG.unavailable)))
    script.onerror = () => reject(new Error(JSSDK_MSG.unavailable))
    document.head.appendChild(script)
  }).catch((reason: unknown) => {
    loading = null
    throw reason
  })
  return loading
}

/** The address wx.config must be signed for, without its #fragment. */
export function signedPageUrl(): string {
  const ios = /iPhone|iPad|iPod/i.test(navigator.userAgent)
  const landing = ios ? performance.getEntriesByType?.('navigation')[0]?.name : undefined
  return (landing || window.location.href).split('#')[0]
}

/** Resolves once wx.config accepted this page's signature; rejects (and tries again next time) if not. */
export function readyForOpenTags(): Promise<void> {
  const url = signedPageUrl()
  let ready = configured.get(url)
  if (!ready) {
    ready = Promise.all([
      loadScript(),
      http.get<JssdkConfig>('/api/app/wechat/jssdkConfig', { url } satisfies JssdkConfigQuery, {
        silent: true,
      }),
    ]).then(
      ([wx, config]) =>
        new Promise<void>((resolve, reject) => {
          wx.ready(resolve)
          wx.error(reject)
          // jsApiList may not be empty; the open tags themselves are asked for by openTagList.
          wx.config({ debug: false, ...config, jsApiList: ['checkJsApi'] })
        }),
    )
    ready.catch(() => configured.delete(url))
    configured.set(url, ready)
  }
  return ready
}
