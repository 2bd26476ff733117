// 钉钉 group robot: POST {msgtype: 'markdown', markdown: {title, text}} to the webhook; a robot with
// 加签 wants `timestamp` (ms) and `sign` = base64(HMAC-SHA256(key = secret, `${timestamp}\n${secret}`)),
// URL-encoded, in the query. Answers {errcode, errmsg}.
import crypto from 'node:crypto'
import {
  platformDetail,
  type PlatformVerdict,
  type RobotMessage,
  type RobotRequest,
  type RobotTarget,
} from './message'

/** DingTalk's markdown text limit is 20000 bytes; this stays well inside it. */
const MAX_CHARACTERS = 5000

/** 130101: more than 20 messages a minute; the robot takes posts again after 10 minutes. */
const TOO_FAST = 130101
/** The access token names no robot (removed, or mistyped). */
const GONE = [300001, 400013]

export function dingtalkSign(timestamp: number, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64')
}

export function dingtalkRequest(target: RobotTarget, message: RobotMessage, at: Date): RobotRequest {
  const link = message.link ? `\n\n[查看详情](${message.link})` : ''
  const text = `#### ${message.title}\n\n${message.text}`.slice(0, MAX_CHARACTERS) + link
  const body = { msgtype: 'markdown', markdown: { title: message.title, text } }
  if (!target.secret) return { url: target.url, body }
  const timestamp = at.getTime()
  const sign = encodeURIComponent(dingtalkSign(timestamp, target.secret))
  return { url: `${target.url}&timestamp=${timestamp}&sign=${sign}`, body }
}

export const dingtalkResult: PlatformVerdict = ({ errcode, errmsg }) => {
  const code = Number(errcode)
  if (code === 0) return { result: { outcome: 'sent' }, detail: null }
  const detail = platformDetail(errmsg, errcode)
  if (code === TOO_FAST) return { result: { outcome: 'retry', code: String(code) }, detail }
  return {
    result: {
      outcome: 'refused',
      reason: GONE.includes(code) ? 'invalidRecipient' : 'other',
      code: String(errcode),
    },
    detail,
  }
}
