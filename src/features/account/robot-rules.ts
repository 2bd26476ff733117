// 群机器人 in 消息接收管理: what each category's row shows and what the dialog checks before
// saving (the server checks the same: core/validation/robot-webhook.ts).
import { NOTIFY_CATEGORY_LABEL, type NotifyCategory } from '../../core/contract/notifications'
import {
  ROBOT_PLATFORM,
  ROBOT_PLATFORM_LABEL,
  type GroupRobot,
  type RobotPlatform,
} from '../../core/contract/robots'
import { parseRobotWebhook, robotPlatformOf, robotSecretError } from '../../core/validation/robot-webhook'

export const ROBOT_NONE = '未设置'

export interface RobotRow {
  category: NotifyCategory
  robot: GroupRobot | null
}

/** Every category in the settings' order, with its robot or none. */
export function robotRows(robots: readonly GroupRobot[]): RobotRow[] {
  return (Object.keys(NOTIFY_CATEGORY_LABEL) as NotifyCategory[]).map((category) => ({
    category,
    robot: robots.find((robot) => robot.category === category) ?? null,
  }))
}

/** A saved robot as its row says it: 钉钉（已加签） https://…****abcd. */
export function robotSummary(robot: GroupRobot | null): string {
  if (!robot) return ROBOT_NONE
  const signed = robot.signed ? '（已加签）' : ''
  return `${ROBOT_PLATFORM_LABEL[robot.platform]}${signed} ${robot.maskedUrl}`
}

/** Whether the platform of what is typed so far takes a signing secret (WeCom has none). */
export const takesSecret = (platform: RobotPlatform | null) => platform !== ROBOT_PLATFORM.wecom

/** The line under the address: the platform recognised, or what is accepted. */
export function robotUrlHint(url: string): string {
  const platform = robotPlatformOf(url)
  return platform ? `已识别：${ROBOT_PLATFORM_LABEL[platform]}机器人` : '支持企业微信、钉钉、飞书的群机器人'
}

export const SECRET_HINT: Record<RobotPlatform, string> = {
  wecom: '',
  dingtalk: '机器人安全设置选择“加签”时填写（SEC 开头）；使用关键词或 IP 时留空',
  feishu: '机器人安全设置开启“签名校验”时填写；否则留空',
}

/** The dialog's messages, per field; empty when it may be sent. */
export function robotFormErrors(form: { url: string; secret: string }): { url: string; secret: string } {
  const webhook = parseRobotWebhook(form.url)
  if ('error' in webhook) return { url: webhook.error, secret: '' }
  return { url: '', secret: robotSecretError(webhook.platform, form.secret) }
}

/** The question before 删除. */
export const deleteRobotQuestion = (category: NotifyCategory) =>
  `确定删除「${NOTIFY_CATEGORY_LABEL[category]}」的群机器人吗？删除后该类通知不再发送到群里。`
