// The operation log on the wire (account-area §3 log fields, §4 log type and status, §7
// getMyOperateRecordList).

/** account-area §4: operation log types. */
export const OPERATE_TYPE = {
  login: 0,
  changePassword: 1,
  changePhone: 2,
  addSubAdmin: 3,
  editSubAdmin: 4,
  deleteSubAdmin: 5,
  changeEmail: 6,
  wechatAuthorize: 7,
  wechatChange: 8,
  wechatUnbind: 9,
  productTransfer: 10,
  /** 续费管理: a product's renewal setting changed. */
  renewalSetting: 11,
  /** 消息接收管理 saved (11 is the renewal setting). */
  notifySettings: 12,
  /** 登录设备: one session, or all others, signed out. */
  signOutDevice: 13,
  /** 二次验证: enabled, disabled, recovery codes renewed or one used, the sub-admins' rule. */
  secondFactor: 14,
  /** 操作保护: the re-verification method or window changed. */
  operationProtection: 15,
  /** 导出: a list written out as a file (what, how many rows, which format). */
  exportRecords: 16,
  /** 发票: a saved title added, edited or deleted, an application, a 换开 request. */
  invoices: 17,
  /** 注销账号: asked (or refused for its blockers), withdrawn, done by the job after 7 days. */
  cancellation: 18,
} as const

/** account-area §4: 0 success, 1 failure. */
export const OPERATE_STATUS = { success: 0, failure: 1 } as const

/** An entry of getMyOperateRecordList. */
export interface OperateRecord {
  id: number
  /** Who acted: the member account, or the sub-admin's name. */
  memberAccount: string
  /** OPERATE_TYPE. */
  type: number
  content: string
  /** OPERATE_STATUS. */
  status: number
  ip: string
  createTime: string
}

/** The kind of client a request came from, read from its User-Agent (display only). */
export const DEVICE_PLATFORM = ['pc', 'mobile', 'wechat', 'miniProgram'] as const
export type DevicePlatform = (typeof DEVICE_PLATFORM)[number]

/**
 * GET /api/app/account/getDeviceInfo: the caller's address (as getClientIp shows it) and what its
 * User-Agent claims. A client can claim anything there: nothing but a display may read it.
 */
export interface DeviceInfo {
  ip: string
  platform: DevicePlatform
  /** e.g. Windows, macOS, Android, iOS, Linux; '' when not recognised. */
  os: string
  /** e.g. Chrome, Edge, Firefox, Safari, WeChat; '' when not recognised. */
  browser: string
}
