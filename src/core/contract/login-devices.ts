// 登录设备 and the login history (账户管理): the session member's own live sessions and logins.

/** GET /api/app/account/loginDevices: one live session of the caller's member. */
export interface LoginDevice {
  id: number
  /** e.g. `Chrome · Windows`, `微信内浏览器 · iOS`, `微信小程序`. */
  device: string
  /** From the offline IP database; 局域网 or 未知 when it has none. */
  city: string
  /** Masked like getClientIp's. */
  ip: string
  /** The login; ISO 8601. */
  firstActiveAt: string
  /** The last request; ISO 8601. */
  lastActiveAt: string
  /** The caller's own session (本机): it signs out by 退出登录, not from the list. */
  current: boolean
}

/** POST /api/app/account/loginDevices/signOut. */
export interface SignOutDeviceRequest {
  id: number
}

/** GET /api/app/account/loginHistory (paged, newest first): one login, kept 90 days. */
export interface LoginHistoryEntry {
  id: number
  /** ISO 8601. */
  time: string
  success: boolean
  /** e.g. 密码登录, 短信登录, 微信扫码登录. */
  method: string
  ip: string
  city: string
  device: string
}

/** GET /api/app/account/lastLogin: the member's login before the current one, or null. */
export type LastLogin = Pick<LoginHistoryEntry, 'time' | 'city' | 'device'> | null

export const LOGIN_DEVICE_MESSAGES = {
  signedOut: '已退出该设备',
  othersSignedOut: '已退出其他设备',
  notFound: '该设备已退出或不存在',
  current: '本机请使用退出登录',
} as const

/** The methods a login history entry names. */
export const LOGIN_METHOD_LABEL: Record<string, string> = {
  password: '密码登录',
  sms: '短信登录',
  register: '注册',
  wechatQr: '微信扫码登录',
  wechatOauth: '微信授权登录',
  wechatMini: '微信小程序登录',
  activation: '子管理员激活',
  workOrder: '工单链接',
}
