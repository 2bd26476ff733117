// 二次验证 on the wire: an optional TOTP (RFC 6238) second factor with single-use recovery codes,
// asked after the password or SMS step of a login. Routes under /api/app/secondFactor.

/** GET /api/app/secondFactor/status */
export interface SecondFactorStatus {
  enabled: boolean
  /** Unused recovery codes (0 while disabled). */
  recoveryCodesLeft: number
  /** A sub-admin whose main account requires it and who has not enabled it yet. */
  requiredForMe: boolean
  /** Main account: whether its sub-admins must enable it (always false for a sub-admin). */
  subAdminsRequired: boolean
}

/** POST /api/app/secondFactor/begin (fresh session): the key to add to an authenticator app. */
export interface SecondFactorEnrolment {
  /** Base32, for typing or copying into the app. */
  secret: string
  /** otpauth://totp/… for the QR code. */
  uri: string
}

/** begin's confirmation and disable: a current 6-digit code of the app. */
export interface SecondFactorCodeRequest {
  code: string
}

/** confirm and regenerate (POST /api/app/secondFactor/recoveryCodes): shown once, never again. */
export interface RecoveryCodes {
  recoveryCodes: string[]
}

/** POST /api/app/secondFactor/verify: the login's second step, a 6-digit code or a recovery code. */
export interface SecondFactorLoginRequest {
  code: string
  /** 在此设备 7 天内不再验证 */
  trustDevice: boolean
}

/** POST /api/app/secondFactor/subAdmins (main account, fresh session). */
export interface SubAdminSecondFactorRequest {
  required: boolean
}

/**
 * What a session still owes after the first login step (checkLoginStatus's `secondFactor`):
 * nothing, a code of the bound app, or enrolment (a sub-admin whose main account requires it).
 */
export const SECOND_FACTOR_STEP = { none: 'none', verify: 'verify', enrol: 'enrol' } as const
export type SecondFactorStep = (typeof SECOND_FACTOR_STEP)[keyof typeof SECOND_FACTOR_STEP]

export const TRUSTED_DEVICE_DAYS = 7
export const RECOVERY_CODE_COUNT = 10

export const SECOND_FACTOR_MSG = {
  codeFormat: '请输入6位动态验证码',
  recoveryFormat: '请输入正确的恢复码',
  wrongCode: '动态验证码错误，请重新输入',
  alreadyEnabled: '已开启二次验证',
  notEnabled: '尚未开启二次验证',
  noEnrolment: '请先获取密钥',
  enabled: '二次验证已开启',
  disabled: '二次验证已关闭',
  verified: '验证成功',
  unavailable: '二次验证服务未配置，暂不可用，请联系客服',
} as const

/** The authenticator apps the page names. */
export const AUTHENTICATOR_APPS = [
  '腾讯身份验证器',
  'Google Authenticator',
  'Microsoft Authenticator',
] as const

/** A 6-digit app code. */
export const isTotpCode = (text: string) => /^\d{6}$/.test(text)
/** A recovery code as shown (xxxx-xxxx, letters and digits), case and the dash optional when typed. */
export const normaliseRecoveryCode = (text: string) => text.trim().toLowerCase().replace(/[\s-]/g, '')
export const isRecoveryCode = (text: string) => /^[a-z0-9]{8}$/.test(normaliseRecoveryCode(text))

/** The message under a code field, or '' when it may be sent (a 6-digit code; spaces around it ignored). */
export function secondFactorCodeError(text: string, recovery = false): string {
  if (recovery) return isRecoveryCode(text) ? '' : SECOND_FACTOR_MSG.recoveryFormat
  return isTotpCode(text.trim()) ? '' : SECOND_FACTOR_MSG.codeFormat
}
