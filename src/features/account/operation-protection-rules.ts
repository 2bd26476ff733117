// 操作保护 as the account section shows it: its one-line state and the choices of its dialog.
import {
  PROTECTION_METHOD,
  PROTECTION_METHOD_LABEL,
  PROTECTION_WINDOW_CHOICES,
  OPERATION_PROTECTION_MSG,
  type OperationProtection,
  type ProtectionMethod,
} from '../../core/contract/operation-protection'

/** The row's state, e.g. 短信验证码 · 10分钟内免验证. */
export function protectionSummary(setting: Pick<OperationProtection, 'method' | 'windowMinutes'>): string {
  return `${PROTECTION_METHOD_LABEL[setting.method]} · ${setting.windowMinutes}分钟内免验证`
}

/**
 * The methods to choose from. Without 二次验证 the app cannot be chosen: its label says why
 * (choosing it only shows that message).
 */
export function protectionMethodOptions(
  totpAvailable: boolean,
): { value: ProtectionMethod; label: string }[] {
  return [PROTECTION_METHOD.sms, PROTECTION_METHOD.totp].map((method) => ({
    value: method,
    label:
      method === PROTECTION_METHOD.totp && !totpAvailable
        ? `${PROTECTION_METHOD_LABEL[method]}（${OPERATION_PROTECTION_MSG.totpUnavailable}）`
        : PROTECTION_METHOD_LABEL[method],
  }))
}

export const PROTECTION_WINDOW_OPTIONS = PROTECTION_WINDOW_CHOICES.map((minutes) => ({
  value: minutes as number,
  label: `${minutes}分钟`,
}))
