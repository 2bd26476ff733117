// 注销账号 as the console shows it: the explanation of the 7-day cooling-off, the question to an
// owner who is also a sub-admin elsewhere, and the 注销中 lines of the dialog, the banner and the login.
import type { PendingCancellation } from '../../core/contract/cancellation'
import { formatBeijingTime } from '../../core/format/time'
import { COOLING_OFF_DAYS, daysLeft } from '../../core/validation/cancellation'

export const CANCELLATION_TEXT = {
  blockedTitle: '以下事项处理完成后才能注销账号：',
  coolingOff: `提交后账号进入注销中状态，${COOLING_OFF_DAYS}天冷静期内登录可撤销注销；期满后账号注销，所有登录将失效，手机号和微信解除绑定，个人资料将被删除，订单、发票和合同记录依法保留。`,
  confirm: `确定注销该账号吗？${COOLING_OFF_DAYS}天后将无法恢复。`,
  leaveConfirm: '确定退出该账号吗？退出后将无法再管理该账号。',
  withdraw: '撤销注销',
  withdrawConfirm: '确定撤销注销吗？撤销后账号恢复正常使用。',
  fix: '去处理',
} as const

/** The question before confirming: the other accounts and the member stay, only this one ends. */
export const otherAccountsQuestion = (names: readonly string[]) =>
  `你同时是${names.map((name) => `「${name}」`).join('、')}的子管理员。注销只结束本账号，你仍可以子管理员身份登录上述账号，我确认继续注销`

/** 账号注销中，将于 … 注销（剩余N天）. */
export function pendingCancellationText({ dueAt }: Pick<PendingCancellation, 'dueAt'>, now: Date): string {
  const due = new Date(dueAt)
  return `账号注销中，将于 ${formatBeijingTime(due)} 注销（剩余${daysLeft(due, now)}天）`
}
