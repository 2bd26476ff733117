// 群机器人 webhooks (WeCom, DingTalk, Feishu/Lark): one POST per message in the platform's format and
// signature. The address was checked against the platforms' hosts when saved
// (src/core/validation/robot-webhook.ts) and is checked again here; a post never follows a redirect
// (it could lead anywhere) and has a time limit. Address, token and secret are never logged: only
// the platform's error code leaves this file, with its message for the 发送测试 answer.
import { parseRobotWebhook } from '../../../src/core/validation/robot-webhook'
import type { RobotPlatform } from '../../../src/core/contract/robots'
import type { RobotAnswer, RobotMessage, RobotRequest, RobotTarget } from './message'
import { dingtalkRequest, dingtalkResult } from './dingtalk'
import { feishuRequest, feishuResult } from './feishu'
import { wecomRequest, wecomResult } from './wecom'

export type { RobotAnswer, RobotMessage, RobotTarget } from './message'

export const ROBOT_TIMEOUT_MS = 5_000

interface Platform {
  request(target: RobotTarget, message: RobotMessage, at: Date): RobotRequest
  result: (answer: Record<string, unknown>) => RobotAnswer
}

const PLATFORMS: Record<RobotPlatform, Platform> = {
  wecom: { request: wecomRequest, result: wecomResult },
  dingtalk: { request: dingtalkRequest, result: dingtalkResult },
  feishu: { request: feishuRequest, result: feishuResult },
}

export type RobotFetch = (url: string, init: RequestInit) => Promise<Response>

export interface RobotPosterOptions {
  /**
   * Development and tests only (ROBOT_WEBHOOK_BASE, refused in production): the platform's
   * `https://host` is replaced by this origin, so a local fake receives the post.
   */
  base?: string | null
  fetch?: RobotFetch
  timeoutMs?: number
  now?: () => Date
}

const refused = (code: string, detail: string | null = null): RobotAnswer => ({
  result: { outcome: 'refused', reason: 'other', code },
  detail,
})
const retry = (code: string): RobotAnswer => ({ result: { outcome: 'retry', code }, detail: null })

export function createRobotPoster({
  base = null,
  fetch = globalThis.fetch,
  timeoutMs = ROBOT_TIMEOUT_MS,
  now = () => new Date(),
}: RobotPosterOptions = {}) {
  /** Posts once; never throws. */
  async function post(target: RobotTarget, message: RobotMessage): Promise<RobotAnswer> {
    const webhook = parseRobotWebhook(target.url)
    if ('error' in webhook) return refused('bad address')
    const platform = PLATFORMS[webhook.platform]
    const request = platform.request({ url: webhook.url, secret: target.secret }, message, now())
    const url = base ? request.url.replace(`https://${webhook.host}`, base.replace(/\/$/, '')) : request.url
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const name = (error as Error)?.name
      return retry(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network')
    }
    const { status } = response
    if ((status >= 300 && status < 400) || response.type === 'opaqueredirect')
      return refused(`http ${status}`)
    if (status === 429 || status >= 500) return retry(`http ${status}`)
    const answer = await response.json().catch(() => null)
    if (!answer || typeof answer !== 'object') return refused(`http ${status}`)
    return platform.result(answer as Record<string, unknown>)
  }

  return { post }
}

export type RobotPoster = ReturnType<typeof createRobotPoster>
