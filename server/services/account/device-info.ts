// getDeviceInfo (account-area §7 "Account", beside the operation log): the caller's address and
// what its User-Agent says about the device. The User-Agent is whatever the client sends, so this
// is for display only: no login, limit, mask or verification decision reads it (those use the
// socket's address, or X-Forwarded-For from TRUST_PROXY). The answer is built from fixed names,
// never from the header's text, so nothing the client wrote is echoed back.
import type { DeviceInfo, DevicePlatform } from '../../../src/core/contract/operate-log'
import { maskAddress } from '../../../src/core/validation/account'

/** Longer headers are not read: the parse is a handful of regexes over a bounded string. */
const USER_AGENT_MAX = 512

const OS_RULES: [RegExp, string][] = [
  [/HarmonyOS/i, 'HarmonyOS'],
  [/Android/i, 'Android'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Windows/i, 'Windows'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/Linux/i, 'Linux'],
]

// Order matters: Edge and WeChat's browser also say Chrome and Safari.
const BROWSER_RULES: [RegExp, string][] = [
  [/MicroMessenger/i, 'WeChat'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/Firefox|FxiOS/, 'Firefox'],
  [/Chrome|CriOS/, 'Chrome'],
  [/Safari/, 'Safari'],
]

const firstMatch = (text: string, rules: [RegExp, string][]) =>
  rules.find(([pattern]) => pattern.test(text))?.[1] ?? ''

function platformOf(agent: string): DevicePlatform {
  // WeChat's mini-program web views and requests say miniProgram (or miniprogram).
  if (/miniProgram/i.test(agent)) return 'miniProgram'
  if (/MicroMessenger/i.test(agent)) return 'wechat'
  return /Mobile|Android|iPhone|iPod|HarmonyOS/i.test(agent) ? 'mobile' : 'pc'
}

/** What a User-Agent header claims, read from its first 512 characters. */
export function deviceOf(userAgent: string | string[] | undefined, ip: string): DeviceInfo {
  const header = Array.isArray(userAgent) ? (userAgent[0] ?? '') : (userAgent ?? '')
  const agent = header.slice(0, USER_AGENT_MAX)
  return {
    ip: maskAddress(ip),
    platform: platformOf(agent),
    os: firstMatch(agent, OS_RULES),
    browser: firstMatch(agent, BROWSER_RULES),
  }
}

/** 登录设备's names for the clients the User-Agent does not name by itself. */
export const DEVICE_LABEL = {
  miniProgram: '微信小程序',
  wechatBrowser: '微信内浏览器',
  unknown: '未知设备',
} as const

/** A session begun in the mini-program (sign-in.ts LOGIN_SOURCE.wechatMini). */
const MINI_PROGRAM_SOURCE = 'wechatMini'

/**
 * 登录设备's label, e.g. `Chrome · Windows`, `微信内浏览器 · iOS`, `微信小程序`: built from fixed names
 * only, like deviceOf, and at most 32 characters. `miniProgram`: the request came from the
 * mini-program (its Referer), whatever its login method.
 */
export function deviceLabel(
  userAgent: string | string[] | undefined,
  source: string,
  miniProgram = false,
): string {
  const { platform, os, browser } = deviceOf(userAgent, '')
  if (miniProgram || source === MINI_PROGRAM_SOURCE || platform === 'miniProgram') {
    return DEVICE_LABEL.miniProgram
  }
  const client = platform === 'wechat' ? DEVICE_LABEL.wechatBrowser : browser
  const label = [client, os].filter(Boolean).join(' · ')
  return label || DEVICE_LABEL.unknown
}

/** wx.request sends Referer https://servicewechat.com/<appid>/<version>/page-frame.html. */
export function isMiniProgramReferer(referer: string | string[] | undefined): boolean {
  const value = Array.isArray(referer) ? referer[0] : referer
  return /^https:\/\/servicewechat\.com\//.test(value ?? '')
}

/** The client's device id (X-Device-Id): 32 hex digits or a uuid, lower-cased; anything else is none (''). */
export function deviceIdOf(header: string | string[] | undefined): string {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? ''
  return /^[0-9a-f]{32}$/.test(value) || /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(value)
    ? value
    : ''
}
