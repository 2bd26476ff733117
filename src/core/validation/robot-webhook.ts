// 群机器人 addresses (checked by the dialog and again by the server, which then posts to them on the
// customer's behalf): only https on the platforms' own hosts, default port, no credentials, the
// platform's webhook path with its token. Parsed by pattern, not by `URL`: the mini-program has none,
// and a pattern anchored on `https://<host>/` leaves no room for `user@`, a port or a look-alike host.
import { ROBOT_MESSAGES, ROBOT_PLATFORM, type RobotPlatform } from '../contract/robots'

export const ROBOT_HOSTS: Record<string, RobotPlatform> = {
  'qyapi.weixin.qq.com': ROBOT_PLATFORM.wecom,
  'oapi.dingtalk.com': ROBOT_PLATFORM.dingtalk,
  'open.feishu.cn': ROBOT_PLATFORM.feishu,
  'open.larksuite.com': ROBOT_PLATFORM.feishu,
}

/** Longer than any platform's address; a longer one is not a webhook. */
export const ROBOT_URL_MAX = 512

/** Where each platform's token sits: a query parameter after a fixed path, or the path's last segment. */
const TOKEN_PLACES: Record<RobotPlatform, RegExp> = {
  wecom: /^\/cgi-bin\/webhook\/send\?(?:[^&]*&)*key=([\w-]{8,128})(?:&|$)/,
  dingtalk: /^\/robot\/send\?(?:[^&]*&)*access_token=([\w-]{8,128})(?:&|$)/,
  feishu: /^\/open-apis\/bot\/v2\/hook\/([\w-]{8,128})$/,
}

/** `https://` + a host of letters, digits, dots and dashes, then the path (no port, no `@`, no `\`). */
const SHAPE = /^https:\/\/([a-z0-9.-]+)(\/[\x21-\x7e]*)$/i

export interface RobotWebhook {
  platform: RobotPlatform
  /** As entered, with the host lower-cased. */
  url: string
  host: string
  token: string
}

/** Whether the address is on one of the platforms' hosts at all (the first thing a person is told). */
export function robotPlatformOf(text: string): RobotPlatform | null {
  const match = SHAPE.exec(text.trim())
  const host = match?.[1].toLowerCase() ?? ''
  return Object.prototype.hasOwnProperty.call(ROBOT_HOSTS, host) ? ROBOT_HOSTS[host] : null
}

/** The webhook, or the message saying why the address is refused. */
export function parseRobotWebhook(text: string): RobotWebhook | { error: string } {
  const value = text.trim()
  const match = value.length <= ROBOT_URL_MAX ? SHAPE.exec(value) : null
  const host = match?.[1].toLowerCase() ?? ''
  const platform = Object.prototype.hasOwnProperty.call(ROBOT_HOSTS, host) ? ROBOT_HOSTS[host] : null
  if (!match || !platform || /[#\\]/.test(match[2])) return { error: ROBOT_MESSAGES.badUrl }
  const token = TOKEN_PLACES[platform].exec(match[2])?.[1]
  if (!token) return { error: ROBOT_MESSAGES.incompleteUrl }
  return { platform, url: `https://${host}${match[2]}`, host, token }
}

const DINGTALK_SECRET = /^SEC[0-9a-zA-Z]{16,128}$/
const FEISHU_SECRET = /^[0-9a-zA-Z]{8,64}$/

/** The signing secret's message, '' when it fits the platform (WeCom has none; the others may). */
export function robotSecretError(platform: RobotPlatform, secret: string | null | undefined): string {
  const value = (secret ?? '').trim()
  if (!value) return ''
  if (platform === ROBOT_PLATFORM.wecom) return ROBOT_MESSAGES.secretNotUsed
  if (platform === ROBOT_PLATFORM.dingtalk)
    return DINGTALK_SECRET.test(value) ? '' : ROBOT_MESSAGES.badDingtalkSecret
  return FEISHU_SECRET.test(value) ? '' : ROBOT_MESSAGES.badFeishuSecret
}

/** What the masked address keeps before the token's last 4 characters. */
const MASK_PREFIX: Record<RobotPlatform, string> = {
  wecom: '/cgi-bin/webhook/send?key=',
  dingtalk: '/robot/send?access_token=',
  feishu: '/open-apis/bot/v2/hook/',
}

/** The address as shown after saving: the platform's path, the token hidden but its last 4 characters. */
export function maskRobotWebhook(webhook: RobotWebhook): string {
  return `https://${webhook.host}${MASK_PREFIX[webhook.platform]}****${webhook.token.slice(-4)}`
}
