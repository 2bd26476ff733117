// Apart from rules.ts: its time formatting (dayjs) belongs to the mini-program's scan confirmation,
// and /login, which imports rules.ts, should not carry it.
import { formatBeijingTime } from '../../core/format/time'

/** What the mini-program's 扫码登录 confirmation lists under the action it approves. */
export function scanApprovalDetails(answer: {
  browser: string
  ip: string
  requestedAt: string
}): { label: string; value: string }[] {
  return [
    { label: '请求设备', value: answer.browser || '未知浏览器' },
    { label: '请求地址', value: answer.ip || '--' },
    { label: '请求时间', value: formatBeijingTime(answer.requestedAt) },
  ]
}
