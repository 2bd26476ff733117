import fc from 'fast-check'
import {
  CHARACTER_STRING_MAX,
  characterString,
  cut,
  messageData,
  THING_MAX,
  thing,
  time,
} from '../../../server/services/wechat/message-fields'
import { nextBeijingMidnight } from '../../../server/services/wechat/wechat-messaging'
import { templateVariable } from '../../../server/config/wechat'

describe("WeChat's field rules", () => {
  it('a thing is at most 20 characters, cut with …', () => {
    expect(thing('首页轮播图无法更新')).toBe('首页轮播图无法更新')
    expect(thing('一二三四五六七八九十一二三四五六七八九十一')).toBe(
      '一二三四五六七八九十一二三四五六七八九…',
    )
    expect(thing('   ')).toBe('-')
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => [...thing(text)].length <= THING_MAX))
  })

  it('a character_string keeps letters, digits and symbols, at most 32', () => {
    expect(characterString('WO-2026 0001号')).toBe('WO-20260001')
    expect(characterString('工单')).toBe('-')
    fc.assert(
      fc.property(fc.string(), (text) => {
        const value = characterString(text)
        return value.length <= CHARACTER_STRING_MAX && /^[\x21-\x7e]+$/.test(value)
      }),
    )
  })

  it('a time is Beijing time to the minute', () => {
    expect(time(new Date('2026-12-06T10:30:59Z'))).toBe('2026-12-06 18:30')
  })

  it('cut never cuts a character in half', () => {
    expect(cut('😀😀😀', 2)).toBe('😀…')
  })

  it("each template's fields carry its layout's keys", () => {
    const at = new Date('2026-12-06T10:30:00Z')
    expect(messageData('workOrderReply', { orderNo: '20260001', title: '标题', reply: '回复', at })).toEqual({
      character_string1: '20260001',
      thing2: '标题',
      thing3: '回复',
      time4: '2026-12-06 18:30',
    })
    expect(messageData('awaitingConfirmation', { orderNo: '1', title: 't', at }).phrase3).toBe('待确认')
    expect(messageData('expiry', { product: '企业官网', expiresAt: at, tip: '请及时续费' })).toEqual({
      thing1: '企业官网',
      time2: '2026-12-06 18:30',
      thing3: '请及时续费',
    })
  })
})

describe('settings and days', () => {
  it('names each template variable after its key', () => {
    expect(templateVariable('mini', 'workOrderReply')).toBe('WECHAT_TEMPLATE_WORK_ORDER_REPLY')
    expect(templateVariable('oa', 'expiry')).toBe('WECHAT_OA_TEMPLATE_EXPIRY')
  })

  it("WeChat's day ends at Beijing midnight", () => {
    expect(nextBeijingMidnight(new Date('2026-12-06T15:59:59Z')).toISOString()).toBe(
      '2026-12-06T16:00:00.000Z',
    )
    expect(nextBeijingMidnight(new Date('2026-12-06T16:00:00Z')).toISOString()).toBe(
      '2026-12-07T16:00:00.000Z',
    )
  })
})
