// The calling client's device (its X-Device-Id and User-Agent) for the duration of a request, so the
// session a login issues carries it whichever route and service led to the login (password, SMS,
// WeChat, registration, account switch, entry link, sub-admin activation) without every login
// passing it along. Outside a request (jobs, scripts) there is none.
import { AsyncLocalStorage } from 'node:async_hooks'
import { deviceLabel } from '../account/device-info'
import { cityOfAddress } from '../account/ip-city'

export interface RequestDevice {
  /** '' when the client sent none, or a malformed one. */
  deviceId: string
  userAgent: string
  /** The mini-program's requests come from servicewechat.com (their User-Agent is WeChat's own). */
  miniProgram: boolean
}

const NO_DEVICE: RequestDevice = { deviceId: '', userAgent: '', miniProgram: false }
const current = new AsyncLocalStorage<RequestDevice>()

export const runWithDevice = (device: RequestDevice, next: () => void) => current.run(device, next)

export const requestDevice = (): RequestDevice => current.getStore() ?? NO_DEVICE

/** Where a login comes from, as 登录设备 and the login history show it. */
export interface LoginPlace {
  deviceId: string
  /** sessions.device: deviceLabel. */
  device: string
  city: string
}

/** The current request's device and the city of `ip`. */
export function placeOf(ip: string, source: string): LoginPlace {
  const { deviceId, userAgent, miniProgram } = requestDevice()
  return { deviceId, device: deviceLabel(userAgent, source, miniProgram), city: cityOfAddress(ip) }
}
