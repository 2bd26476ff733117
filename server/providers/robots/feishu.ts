// 飞书 / Lark group robot: POST {msg_type: 'post', content: {post: {zh_cn: {title, content}}}}; a robot
// with 签名校验 wants `timestamp` (seconds) and `sign` = base64(HMAC-SHA256(key = `${timestamp}\n${secret}`,
// message = '')) in the body. Answers {code, msg} (older robots {StatusCode, StatusMessage}).
import crypto from 'node:crypto'
import {
  platformDetail,
  type PlatformVerdict,
  type RobotMessage,
  type RobotRequest,
  type RobotTarget,
} from './message'

/** A request body may be 20 KB; this stays well inside it. */
const MAX_CHARACTERS = 5000

/** 11232: the robot's frequency limit (100 a minute, 5 a second). */
const TOO_FAST = 11232
/** The hook names no robot (removed, or mistyped). */
const GONE = [19001]

export function feishuSign(timestamp: number, secret: string): string {
  return crypto.createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64')
}

export function feishuRequest(target: RobotTarget, message: RobotMessage, at: Date): RobotRequest {
  const lines: Record<string, string>[][] = [[{ tag: 'text', text: message.text.slice(0, MAX_CHARACTERS) }]]
  if (message.link) lines.push([{ tag: 'a', text: '查看详情', href: message.link }])
  const content = { post: { zh_cn: { title: message.title, content: lines } } }
  const body = { msg_type: 'post', content }
  if (!target.secret) return { url: target.url, body }
  const timestamp = Math.floor(at.getTime() / 1000)
  return {
    url: target.url,
    body: { timestamp: String(timestamp), sign: feishuSign(timestamp, target.secret), ...body },
  }
}

export const feishuResult: PlatformVerdict = (answer) => {
  const raw = answer.code ?? answer.StatusCode
  const code = Number(raw)
  if (code === 0) return { result: { outcome: 'sent' }, detail: null }
  const detail = platformDetail(answer.msg ?? answer.StatusMessage, raw)
  if (code === TOO_FAST) return { result: { outcome: 'retry', code: String(code) }, detail }
  return {
    result: {
      outcome: 'refused',
      reason: GONE.includes(code) ? 'invalidRecipient' : 'other',
      code: String(raw),
    },
    detail,
  }
}
