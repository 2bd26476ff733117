// Navigation by spec URL: the route table turns '/index?x=1' into the Taro page path, so pages
// never spell page paths and the same call works on H5 (custom routes) and weapp.
import Taro from '@tarojs/taro'
import { findRoute, HOME_PATH, pagePath } from './routes'
import { splitUrl, withQuery, type Query } from './url'
import type { Destination } from './guard'

export function toTaroUrl(fullPath: string): string {
  const { path, query } = splitUrl(fullPath)
  const route = findRoute(path) ?? findRoute(HOME_PATH)!
  return withQuery(`/${pagePath(route)}`, query)
}

export const navigateTo = (fullPath: string) => Taro.navigateTo({ url: toTaroUrl(fullPath) })
export const redirectTo = (fullPath: string) => Taro.redirectTo({ url: toTaroUrl(fullPath) })
/** Replaces the whole page stack: used for login, logout and account switches. */
export const relaunch = (fullPath: string) => Taro.reLaunch({ url: toTaroUrl(fullPath) })

/** 返回: the previous page, or `fallback` when this page was opened first (a link, a reload). */
export function goBack(fallback: string = HOME_PATH) {
  if (Taro.getCurrentPages().length > 1) Taro.navigateBack()
  else redirectTo(fallback)
}

// Keys Taro adds to page params itself (H5 adds `stamp` to tell page instances apart).
const TARO_PARAM = /^(\$|stamp$)/

/** The page being shown, as a spec path plus its query (Taro's own keys dropped). */
export function currentDestination(): Destination {
  const router = Taro.getCurrentInstance().router
  const route = router ? findRoute(router.path) : undefined
  const query: Query = {}
  for (const [key, value] of Object.entries(router?.params ?? {})) {
    if (!TARO_PARAM.test(key) && typeof value === 'string') query[key] = safeDecode(value)
  }
  return { path: route?.path ?? HOME_PATH, query }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
