// 二次验证 as the account section shows it: its texts, its one-line state, and how the key and the
// recovery codes are laid out.
import type { SecondFactorStatus } from '../../core/contract/second-factor'

export const SECOND_FACTOR_TEXT = {
  explanation: '开启后，使用密码或短信登录时，还需输入身份验证器App中的6位动态验证码，账号更安全。',
  requiredForMe: '主账号要求开启二次验证',
  recoveryNote: '恢复码只显示一次，请妥善保存；每个恢复码只能使用一次',
  regenerateWarning: '重新生成后，旧的恢复码将全部失效。确定重新生成吗？',
  disableNote: '关闭后，登录时不再需要动态验证码。请输入身份验证器App中的6位动态验证码确认关闭。',
  subAdmins: '要求子管理员开启二次验证',
  regenerated: '恢复码已重新生成',
  saved: '保存成功',
  copied: '已复制',
} as const

/** The section's one-line state. */
export function secondFactorSummary(status: SecondFactorStatus): string {
  return status.enabled ? `已开启，剩余恢复码 ${status.recoveryCodesLeft} 个` : '未开启'
}

/** The base32 key in groups of four, easier to read and type into an app (copying takes it whole). */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? ''

/** What 复制全部 puts on the clipboard: one code a line. */
export const recoveryCodesText = (codes: readonly string[]) => codes.join('\n')
