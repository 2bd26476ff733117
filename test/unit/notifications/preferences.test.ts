import { NOTIFY_MESSAGES } from '../../../src/core/contract/notifications'
import type { AccountPeople } from '../../../server/services/notifications/audience'
import { reachOf } from '../../../server/services/notifications/audience'
import { checkedSettings } from '../../../server/services/notifications/preferences'

const people: AccountPeople = {
  owner: { name: '星辰科技', phone: '13800000001', email: 'Owner@Example.cn', memberId: 1 },
  subAdmins: new Map([
    [7, { name: '李子管', phone: '13800000002', email: 'li@example.cn', memberId: 2 }],
    [8, { name: '无邮箱', phone: '13800000009', email: null, memberId: 9 }],
  ]),
  recipients: new Map([
    [21, { name: '已验证', phone: '13900000021', email: 'r21@example.cn', memberId: null }],
    [22, { name: '未验证', phone: null, email: null, memberId: null }],
  ]),
}

const save = (audience: object, category = 'renewal', quietHours: object | null = null) =>
  checkedSettings({ categories: [{ category, audience }] as never, quietHours: quietHours as never }, people)

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  return null
}

describe('消息接收管理: what a save may name', () => {
  it('keeps a table naming people of the account on channels that reach them', () => {
    const { audiences } = save({ inbox: ['owner', 'sub:7'], sms: ['sub:7', 'rcpt:21'], email: ['owner'] })
    expect(audiences.get('renewal')).toEqual({
      inbox: ['owner', 'sub:7'],
      sms: ['sub:7', 'rcpt:21'],
      email: ['owner'],
      wechat: [],
    })
  })

  it('站内信 to the owner is always on: a category without it still has it', () => {
    expect(save({ inbox: [], sms: [], email: [] }, 'marketing').audiences.get('marketing')?.inbox).toEqual([
      'owner',
    ])
  })

  it.each([
    [
      'an unknown category',
      () => save({ inbox: [], sms: [], email: [] }, 'weather'),
      NOTIFY_MESSAGES.unknownCategory,
    ],
    [
      'a sub-admin not of this account',
      () => save({ inbox: [], sms: ['sub:99'], email: [] }),
      NOTIFY_MESSAGES.unknownPerson,
    ],
    [
      'a recipient not confirmed for SMS',
      () => save({ inbox: [], sms: ['rcpt:22'], email: [] }),
      NOTIFY_MESSAGES.unknownPerson,
    ],
    [
      'a sub-admin with no mailbox for mail',
      () => save({ inbox: [], sms: [], email: ['sub:8'] }),
      NOTIFY_MESSAGES.unknownPerson,
    ],
    [
      'a key that is no key',
      () => save({ inbox: [], sms: ['owner; drop'], email: [] }),
      NOTIFY_MESSAGES.unknownPerson,
    ],
    [
      'a recipient in the inbox',
      () => save({ inbox: ['owner', 'rcpt:21'], sms: [], email: [] }),
      NOTIFY_MESSAGES.recipientInbox,
    ],
    [
      '账号安全 without the owner’s inbox',
      () => save({ inbox: ['sub:7'], sms: [], email: [] }, 'security'),
      NOTIFY_MESSAGES.securityInbox,
    ],
    [
      'quiet hours that are not a time',
      () => save({ inbox: [], sms: [], email: [] }, 'renewal', { start: '25:00', end: '08:00' }),
      NOTIFY_MESSAGES.badTime,
    ],
    [
      'quiet hours starting when they end',
      () => save({ inbox: [], sms: [], email: [] }, 'renewal', { start: '08:00', end: '08:00' }),
      NOTIFY_MESSAGES.sameTime,
    ],
  ])('refuses %s', (_name, run, message) => {
    expect(refusal(run)).toBe(message)
  })

  it('refuses the same category twice', () => {
    const row = { category: 'renewal', audience: { inbox: [], sms: [], email: [] } }
    expect(
      refusal(() => checkedSettings({ categories: [row, row] as never, quietHours: null }, people)),
    ).toBe(NOTIFY_MESSAGES.repeatedCategory)
  })
})

describe('who an audience reaches', () => {
  it('the owner’s inbox always; each phone and mailbox once; unreachable people skipped', () => {
    const reach = reachOf(people, {
      inbox: ['sub:7', 'sub:99'],
      sms: ['owner', 'sub:7', 'owner', 'rcpt:22'],
      email: ['owner', 'sub:8', 'rcpt:21'],
      wechat: ['sub:7', 'owner', 'rcpt:21', 'sub:99', 'owner'],
    })
    expect(reach).toEqual({
      inbox: [null, 7],
      phones: ['13800000001', '13800000002'],
      mailboxes: ['owner@example.cn', 'r21@example.cn'],
      // Members only (a recipient has no WeChat of ours), each once.
      wechat: [people.subAdmins.get(7), people.owner],
    })
  })

  it('WeChat names no recipient and only the categories it has templates for', () => {
    expect(refusal(() => save({ inbox: ['owner'], sms: [], email: [], wechat: ['rcpt:21'] }))).toBe(
      NOTIFY_MESSAGES.recipientWechat,
    )
    expect(
      refusal(() => save({ inbox: ['owner'], sms: [], email: [], wechat: ['owner'] }, 'marketing')),
    ).toBe(NOTIFY_MESSAGES.wechatCategory)
    expect(
      save({ inbox: ['owner'], sms: [], email: [], wechat: ['owner', 'sub:7'] }, 'workOrder'),
    ).toBeTruthy()
  })
})
