// 操作保护 on the wire: how a member re-verifies before a protected action (SMS to the bound phone,
// a code of its authenticator app once 二次验证 is on, or a confirmation in the mini-program by its
// bound WeChat) and for how long a verification lasts.
// GET / POST /api/app/account/operationProtection; changing it is itself protected.

export const PROTECTION_METHOD = { sms: 'sms', totp: 'totp', wechat: 'wechat' } as const
export type ProtectionMethod = (typeof PROTECTION_METHOD)[keyof typeof PROTECTION_METHOD]

export const PROTECTION_METHOD_LABEL: Record<ProtectionMethod, string> = {
  sms: '短信验证码',
  totp: '身份验证器动态验证码',
  wechat: '微信确认',
}

/** Minutes a verification lasts: 5 to 30, 10 unless set. */
export const PROTECTION_WINDOW = { min: 5, max: 30, default: 10 } as const
export const PROTECTION_WINDOW_CHOICES = [5, 10, 15, 20, 30] as const

export interface OperationProtection {
  method: ProtectionMethod
  windowMinutes: number
  /** 二次验证 is on, so the authenticator app may be chosen. */
  totpAvailable: boolean
  /** A WeChat is bound to the member, so it may confirm in the mini-program. */
  wechatAvailable: boolean
}

/** Which methods besides SMS the member can use now. */
export type ProtectionAvailability = Pick<OperationProtection, 'totpAvailable' | 'wechatAvailable'>

export interface SaveOperationProtectionRequest {
  method: ProtectionMethod
  windowMinutes: number
}

/** What asks for a fresh verification (docs/api.md lists the routes; product transfer has its own SMS). */
export const PROTECTED_ACTIONS = [
  '修改密码',
  '绑定、修改手机号',
  '修改邮箱',
  '绑定、更换、解绑微信',
  '登录掩码',
  '二次验证的开启、关闭与恢复码',
  '子管理员的新增、修改、删除与验证要求',
  '退出登录设备',
  '产品转移',
  '注销账号',
  '导出个人数据',
  '操作保护设置',
] as const
export type ProtectedAction = (typeof PROTECTED_ACTIONS)[number]

export const OPERATION_PROTECTION_MSG = {
  method: '请选择验证方式',
  windowRange: '验证有效期须为5到30分钟',
  totpUnavailable: '请先开启二次验证',
  wechatUnavailable: '请先绑定微信',
  saved: '保存成功',
} as const

/** Why `method` cannot be chosen now, or '' when it can. */
export function methodUnavailableReason(method: ProtectionMethod, available: ProtectionAvailability): string {
  if (method === PROTECTION_METHOD.totp && !available.totpAvailable)
    return OPERATION_PROTECTION_MSG.totpUnavailable
  if (method === PROTECTION_METHOD.wechat && !available.wechatAvailable)
    return OPERATION_PROTECTION_MSG.wechatUnavailable
  return ''
}

const METHODS: readonly string[] = Object.values(PROTECTION_METHOD)

/** The first problem with a setting, or '' (client and server). */
export function protectionError(
  form: { method?: string; windowMinutes?: number },
  available: ProtectionAvailability,
): string {
  if (typeof form.method !== 'string' || !METHODS.includes(form.method))
    return OPERATION_PROTECTION_MSG.method
  const unavailable = methodUnavailableReason(form.method as ProtectionMethod, available)
  if (unavailable) return unavailable
  const minutes = form.windowMinutes
  if (
    typeof minutes !== 'number' ||
    !Number.isInteger(minutes) ||
    minutes < PROTECTION_WINDOW.min ||
    minutes > PROTECTION_WINDOW.max
  )
    return OPERATION_PROTECTION_MSG.windowRange
  return ''
}
