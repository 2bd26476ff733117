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
