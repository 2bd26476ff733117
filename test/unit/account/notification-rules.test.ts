import {
  defaultAudience,
  NOTIFY_MESSAGES,
  type AudienceCandidate,
} from '../../../src/core/contract/notifications'
import {
  audienceText,
  chosenAudience,
  inboxNote,
  isClockTime,
  isLockedChoice,
  notificationRows,
  notificationSettingsPayload,
  quietHoursError,
  seesNotificationSettings,
  unreachableReason,
} from '../../../src/features/account/rules'

const owner: AudienceCandidate = {
  key: 'owner',
  name: '云帆贸易',
  kind: 'owner',
  phone: '138****0003',
  email: 'b***@yunfan-demo.cn',
}
const wang: AudienceCandidate = {
  key: 'sub:5',
  name: '王东华',
  kind: 'subAdmin',
  phone: '139****0005',
  email: '',
}
const li: AudienceCandidate = {
  key: 'sub:6',
  name: '李子管',
  kind: 'subAdmin',
  phone: '',
  email: 'l***@yunfan-demo.cn',
}
const finance: AudienceCandidate = {
  key: 'rcpt:2',
  name: '财务',
  kind: 'recipient',
  phone: '137****0007',
  email: 'f***@yunfan-demo.cn',
}
const candidates = [owner, wang, li, finance]

describe('消息接收管理 rows', () => {
  it('lists every category in the label order, a missing one with its default', () => {
    const rows = notificationRows(
      [{ category: 'marketing', audience: { inbox: ['owner'], sms: [], email: ['sub:6'], wechat: [] } }],
      candidates,
    )
    expect(rows.map((row) => row.category)).toEqual([
      'security',
      'renewal',
      'workOrder',
      'siteAlert',
      'billing',
      'service',
      'marketing',
    ])
    expect(rows[1].audience).toEqual(defaultAudience('renewal'))
    expect(rows[6].audience.email).toEqual(['sub:6'])
  })

  it('站内信 always names the owner, even when an answer leaves them out', () => {
    const [row] = notificationRows(
      [{ category: 'security', audience: { inbox: ['sub:5'], sms: [], email: [], wechat: [] } }],
      candidates,
    )
    expect(row.audience.inbox).toEqual(['owner', 'sub:5'])
  })

  it('keeps only who can be reached now: a deleted sub-admin, a lost phone are dropped', () => {
    const [row] = notificationRows(
      [
        {
          category: 'security',
          audience: {
            inbox: ['owner', 'sub:99'],
            sms: ['sub:6', 'sub:5'],
            email: ['sub:5', 'rcpt:2'],
            wechat: ['sub:5', 'rcpt:2'],
          },
        },
      ],
      candidates,
    )
    expect(row.audience).toEqual({ inbox: ['owner'], sms: ['sub:5'], email: ['rcpt:2'], wechat: ['sub:5'] })
  })

  it('only the main account sees the section', () => {
    expect(seesNotificationSettings(0)).toBe(true)
    expect(seesNotificationSettings(1)).toBe(false)
  })
})

describe('who can be reached on a channel', () => {
  it.each([
    [owner, 'sms', ''],
    [wang, 'sms', ''],
    [li, 'sms', '未验证手机'],
    [wang, 'email', '无邮箱'],
    [li, 'email', ''],
    [finance, 'inbox', '接收人无站内信'],
    [finance, 'sms', ''],
    [wang, 'inbox', ''],
  ] as const)('%j on %s: %p', (candidate, channel, reason) => {
    expect(unreachableReason(candidate, channel)).toBe(reason)
  })

  it('the owner is locked on 站内信 only', () => {
    expect(isLockedChoice('inbox', 'owner')).toBe(true)
    expect(isLockedChoice('sms', 'owner')).toBe(false)
    expect(isLockedChoice('inbox', 'sub:5')).toBe(false)
  })

  it('账号安全提醒无法关闭 is the security inbox note', () => {
    expect(inboxNote('security')).toBe('账号安全提醒无法关闭')
    expect(inboxNote('renewal')).toBe('站内信始终发送给账号所有者')
  })
})

describe('a cell', () => {
  it('names who receives in the candidates’ order, the owner as 账号所有者', () => {
    expect(audienceText(['sub:5', 'owner'], candidates)).toBe('账号所有者、王东华')
  })

  it('says 未开启 when no one (or only people no longer listed) receives', () => {
    expect(audienceText([], candidates)).toBe('未开启')
    expect(audienceText(['sub:99'], candidates)).toBe('未开启')
  })

  it('a choice is ordered as the candidates, keeps the owner’s inbox and drops the unreachable', () => {
    expect(chosenAudience('sms', ['sub:6', 'rcpt:2', 'sub:5'], candidates)).toEqual(['sub:5', 'rcpt:2'])
    expect(chosenAudience('inbox', ['rcpt:2', 'sub:6'], candidates)).toEqual(['owner', 'sub:6'])
    expect(chosenAudience('email', [], candidates)).toEqual([])
  })
})

describe('免打扰时段 (HH:mm, Beijing time)', () => {
  it.each(['00:00', '08:00', '22:30', '23:59', ' 07:15 '])('%p is a time', (value) => {
    expect(isClockTime(value)).toBe(true)
  })

  it.each(['24:00', '8:00', '08:60', '0800', '', 'ab:cd', '08:00:00'])('%p is not a time', (value) => {
    expect(isClockTime(value)).toBe(false)
  })

  it('a range over midnight is fine', () => {
    expect(quietHoursError({ start: '22:00', end: '08:00' })).toBeNull()
    expect(quietHoursError({ start: '01:00', end: '06:30' })).toBeNull()
  })

  it('names the field that is not a time, with the server’s message', () => {
    expect(quietHoursError({ start: '25:00', end: '08:00' })).toEqual({
      field: 'start',
      message: NOTIFY_MESSAGES.badTime,
    })
    expect(quietHoursError({ start: '22:00', end: '8点' })).toEqual({
      field: 'end',
      message: '请输入正确的时间（HH:mm）',
    })
  })

  it('start and end may not be the same', () => {
    expect(quietHoursError({ start: '22:00', end: '22:00' })).toEqual({
      field: 'end',
      message: '免打扰开始和结束时间不能相同',
    })
  })
})

describe('the request', () => {
  const rows = notificationRows([], candidates)

  it('sends the whole table and the trimmed quiet hours while switched on', () => {
    const payload = notificationSettingsPayload(rows, { enabled: true, start: ' 22:00', end: '08:00 ' })
    expect(payload.categories).toHaveLength(7)
    expect(payload.quietHours).toEqual({ start: '22:00', end: '08:00' })
  })

  it('sends no quiet hours while switched off', () => {
    expect(
      notificationSettingsPayload(rows, { enabled: false, start: '22:00', end: '08:00' }).quietHours,
    ).toBeNull()
  })
})
