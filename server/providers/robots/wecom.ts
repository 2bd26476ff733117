// 企业微信 group robot: POST {msgtype: 'markdown', markdown: {content}} to the webhook as given (its
// `key` is the credential; no signature). Answers {errcode, errmsg}; markdown content ≤ 4096 bytes.
import {
  platformDetail,
  type PlatformVerdict,
  type RobotMessage,
  type RobotRequest,
  type RobotTarget,
} from './message'

/** The markdown limit is 4096 bytes: Chinese text is 3 bytes a character. */
const MAX_CHARACTERS = 1300

/** WeCom answers 45009 when a robot posts more than 20 messages a minute. */
const TOO_FAST = 45009
/** The key no longer names a robot (removed from the group, or mistyped). */
const GONE = [93000, 93004]

export function wecomRequest(target: RobotTarget, message: RobotMessage): RobotRequest {
  const link = message.link ? `\n[查看详情](${message.link})` : ''
  const content = `**${message.title}**\n${message.text}`.slice(0, MAX_CHARACTERS - link.length) + link
  return { url: target.url, body: { msgtype: 'markdown', markdown: { content } } }
}

export const wecomResult: PlatformVerdict = ({ errcode, errmsg }) => {
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
