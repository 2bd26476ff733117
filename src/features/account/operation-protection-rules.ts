// 操作保护 as the account section shows it: its one-line state and the choices of its dialog.
import {
  PROTECTION_METHOD,
  PROTECTION_METHOD_LABEL,
  PROTECTION_WINDOW_CHOICES,
  methodUnavailableReason,
  type OperationProtection,
  type ProtectionAvailability,
  type ProtectionMethod,
} from '../../core/contract/operation-protection'

/** The row's state, e.g. 短信验证码 · 10分钟内免验证. */
export function protectionSummary(setting: Pick<OperationProtection, 'method' | 'windowMinutes'>): string {
  return `${PROTECTION_METHOD_LABEL[setting.method]} · ${setting.windowMinutes}分钟内免验证`
}

/**
 * The methods to choose from. One that cannot be chosen now (the app without 二次验证, WeChat
 * without a bound WeChat) says why in its label; choosing it only shows that message.
 */
export function protectionMethodOptions(
  available: ProtectionAvailability,
): { value: ProtectionMethod; label: string }[] {
  return Object.values(PROTECTION_METHOD).map((method) => {
    const reason = methodUnavailableReason(method, available)
    const label = PROTECTION_METHOD_LABEL[method]
    return { value: method, label: reason ? `${label}（${reason}）` : label }
  })
}

export const PROTECTION_WINDOW_OPTIONS = PROTECTION_WINDOW_CHOICES.map((minutes) => ({
  value: minutes as number,
  label: `${minutes}分钟`,
}))
