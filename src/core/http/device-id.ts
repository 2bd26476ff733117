// A long-lived random id for this browser or mini-program install, sent with every call as
// X-Device-Id: 登录设备 tells the member's devices apart by it, and a login from one it has never
// seen (in a new city) writes a 账号安全提醒. It identifies, it does not authenticate: the server
// checks its shape only. Kept in Taro's storage (localStorage on H5, the mini-program's storage).
import Taro from '@tarojs/taro'
import { randomBytes } from '../platform/random-bytes'

export const DEVICE_ID_HEADER = 'X-Device-Id'
const STORAGE_KEY = 'mc-device-id'
const DEVICE_ID = /^[0-9a-f]{32}$/

let cached = ''

const randomHex32 = () => Array.from(randomBytes(16), (byte) => byte.toString(16).padStart(2, '0')).join('')

/** This device's id, created and stored on first use. */
export function deviceId(): string {
  if (cached) return cached
  try {
    const stored: unknown = Taro.getStorageSync(STORAGE_KEY)
    cached = typeof stored === 'string' && DEVICE_ID.test(stored) ? stored : randomHex32()
    if (cached !== stored) Taro.setStorageSync(STORAGE_KEY, cached)
  } catch {
    // Private browsing without storage: an id for this page's life at least.
    cached ||= randomHex32()
  }
  return cached
}
