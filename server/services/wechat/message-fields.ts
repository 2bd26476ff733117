// The values of a WeChat subscription message, fitted to WeChat's field rules (subscribeMessage.send
// answers 47003 for any field that breaks them): `thing` at most 20 characters, `character_string`
// at most 32 letters, digits and symbols, `time` as a date and time, `phrase` at most 5 Chinese
// characters from the words WeChat accepts. Longer text is cut with …; each template's field keys
// are the layout its id in WECHAT_TEMPLATE_* must have (README "WeChat messages").
import type { WechatTemplate } from '../../../src/core/contract/wechat-messages'
import { formatBeijingTime } from '../../../src/core/format/time'

export const THING_MAX = 20
export const CHARACTER_STRING_MAX = 32
export const PHRASE_MAX = 5

/** Text cut to `max` characters (code points), the last one … when cut; never empty. */
export function cut(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim() || '-'
  const chars = [...clean]
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('')}…`
}

/** `thing`: any text, ≤ 20 characters. */
export const thing = (text: string) => cut(text, THING_MAX)

/** `character_string`: letters, digits and ASCII symbols only, ≤ 32. */
export function characterString(text: string): string {
  const kept = text.replace(/[^\x21-\x7e]/g, '')
  return (kept || '-').slice(0, CHARACTER_STRING_MAX)
}

/** `time`: 2026-12-06 18:30 in Beijing time. */
export const time = (at: Date) => formatBeijingTime(at.toISOString(), 'YYYY-MM-DD HH:mm')

/** `phrase`: a few Chinese characters (the statuses below are all WeChat accepts from us). */
export const PHRASES = { awaiting: '待确认', processing: '处理中', completed: '已完成' } as const
export const phrase = (word: (typeof PHRASES)[keyof typeof PHRASES]): string => word

/** Each template's fields, in the keys its WeChat template has. */
export interface TemplateValues {
  workOrderReply: { orderNo: string; title: string; reply: string; at: Date }
  awaitingConfirmation: { orderNo: string; title: string; at: Date }
  reopened: { orderNo: string; title: string; at: Date }
  closed: { orderNo: string; title: string; at: Date }
  expiry: { product: string; expiresAt: Date; tip: string }
}

type Status = (typeof PHRASES)[keyof typeof PHRASES]
const statusFields = (w: TemplateValues['closed'], status: Status) => ({
  character_string1: characterString(w.orderNo),
  thing2: thing(w.title),
  phrase3: phrase(status),
  time4: time(w.at),
})

const BUILDERS: { [T in WechatTemplate]: (values: TemplateValues[T]) => Record<string, string> } = {
  workOrderReply: (w) => ({
    character_string1: characterString(w.orderNo),
    thing2: thing(w.title),
    thing3: thing(w.reply),
    time4: time(w.at),
  }),
  awaitingConfirmation: (w) => statusFields(w, PHRASES.awaiting),
  reopened: (w) => statusFields(w, PHRASES.processing),
  closed: (w) => statusFields(w, PHRASES.completed),
  expiry: (e) => ({ thing1: thing(e.product), time2: time(e.expiresAt), thing3: thing(e.tip) }),
}

/** A template's data, every value within its field's rule. */
export function messageData<T extends WechatTemplate>(
  template: T,
  values: TemplateValues[T],
): Record<string, string> {
  return BUILDERS[template](values)
}
