// Which WeChat subscriptions a tap asks for, and how WeChat's answers read back (core/wechat/rules.ts).
import type { SubscriptionState, WechatTemplate } from '../../../src/core/contract/wechat-messages'
import {
  WORK_ORDER_TEMPLATES,
  RENEWAL_TEMPLATES,
  subscriptionSummary,
} from '../../../src/core/contract/wechat-messages'
import {
  answersByTemplate,
  answersFromFailure,
  answersFromWechat,
  anyConfigured,
  askPlan,
  keptFromSetting,
  receiveText,
  REMINDER_MSG,
  reminderSummary,
  templateLines,
} from '../../../src/core/wechat/rules'

const state = (template: WechatTemplate, overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  template,
  templateId: `id-${template}`,
  remaining: 0,
  refused: false,
  ...overrides,
})

const ALL = (overrides: Partial<Record<WechatTemplate, Partial<SubscriptionState>>> = {}) =>
  (['workOrderReply', 'awaitingConfirmation', 'reopened', 'closed', 'expiry'] as const).map((template) =>
    state(template, overrides[template]),
  )

describe('askPlan: what one tap asks WeChat for', () => {
  it('asks at most three templates, those with the fewest messages left first', () => {
    const plan = askPlan(ALL({ workOrderReply: { remaining: 2 } }), WORK_ORDER_TEMPLATES, null)
    expect(plan.ask).toEqual(['id-awaitingConfirmation', 'id-reopened', 'id-closed'])
    expect(plan.told).toEqual({})
    expect(plan.keepChoice).toBe(false)
  })

  it('keeps the listed order among equal counts', () => {
    expect(askPlan(ALL(), WORK_ORDER_TEMPLATES, null).ask).toEqual([
      'id-workOrderReply',
      'id-awaitingConfirmation',
      'id-reopened',
    ])
  })

  it('skips a template without an id (not configured)', () => {
    const plan = askPlan(ALL({ expiry: { templateId: '' } }), RENEWAL_TEMPLATES, null)
    expect(plan.ask).toEqual([])
  })

  it('does not ask again at every tap once refused, but does from the 提醒 button', () => {
    const states = ALL({ workOrderReply: { refused: true }, awaitingConfirmation: { refused: true } })
    expect(askPlan(states, WORK_ORDER_TEMPLATES, null).ask).toEqual(['id-reopened', 'id-closed'])
    expect(askPlan(states, WORK_ORDER_TEMPLATES, null, true).ask).toEqual([
      'id-workOrderReply',
      'id-awaitingConfirmation',
      'id-reopened',
    ])
  })

  it('tells a kept refusal without asking (WeChat would not ask), once', () => {
    const kept = { 'id-workOrderReply': 'ban', 'id-closed': 'reject' } as const
    const plan = askPlan(ALL({ closed: { refused: true } }), WORK_ORDER_TEMPLATES, kept, true)
    expect(plan.ask).toEqual(['id-awaitingConfirmation', 'id-reopened'])
    expect(plan.told).toEqual({ workOrderReply: 'ban' })
    expect(plan.keepChoice).toBe(true)
  })

  it('still asks a kept acceptance: WeChat answers it silently and it buys one more message', () => {
    const plan = askPlan(ALL(), RENEWAL_TEMPLATES, { 'id-expiry': 'accept' })
    expect(plan).toEqual({ ask: ['id-expiry'], told: {}, keepChoice: true })
  })
})

describe("WeChat's answers", () => {
  it('reads the answer of each id asked and drops errMsg and ids not asked', () => {
    const result = { errMsg: 'requestSubscribeMessage:ok', a: 'accept', b: 'ban', c: 'accept', d: 'odd' }
    expect(answersFromWechat(['a', 'b', 'd'], result)).toEqual({ a: 'accept', b: 'ban' })
  })

  it('reads a switched-off failure (20004) as every template refused', () => {
    expect(answersFromFailure(['a', 'b'], { errCode: 20004, errMsg: 'switched off' })).toEqual({
      a: 'reject',
      b: 'reject',
    })
  })

  it('learns nothing from another failure (not from a tap, no network)', () => {
    expect(answersFromFailure(['a'], { errCode: 10004, errMsg: 'not from a tap' })).toEqual({})
    expect(answersFromFailure(['a'], new Error('boom'))).toEqual({})
  })

  it('maps answers by template id back to template keys, ignoring unknown ids', () => {
    expect(
      answersByTemplate(ALL(), { 'id-workOrderReply': 'accept', 'id-closed': 'filter', other: 'accept' }),
    ).toEqual({ workOrderReply: 'accept', closed: 'filter' })
  })
})

describe('keptFromSetting: 总是保持以上选择', () => {
  it('reads the kept choices by template id', () => {
    expect(
      keptFromSetting({ mainSwitch: true, itemSettings: { a: 'accept', b: 'reject', c: 'ban', d: 'x' } }),
    ).toEqual({ a: 'accept', b: 'reject', c: 'ban' })
  })

  it.each([
    ['no setting', undefined],
    ['the main switch off', { mainSwitch: false, itemSettings: { a: 'accept' } }],
    ['none kept', { mainSwitch: true }],
    ['nothing readable kept', { mainSwitch: true, itemSettings: { a: 1 } }],
  ])('is null with %s', (_name, setting) => {
    expect(keptFromSetting(setting as never)).toBeNull()
  })
})

describe('what is shown', () => {
  it('shows the first configured template beside a 提醒 button: 可接收 N 次提醒', () => {
    expect(reminderSummary(ALL({ workOrderReply: { remaining: 3 } }), WORK_ORDER_TEMPLATES)).toBe(
      '可接收 3 次提醒',
    )
    expect(
      reminderSummary(
        ALL({ workOrderReply: { templateId: '' }, awaitingConfirmation: { refused: true } }),
        WORK_ORDER_TEMPLATES,
      ),
    ).toBe('已拒绝微信提醒')
    expect(reminderSummary(ALL({ expiry: { templateId: '' } }), RENEWAL_TEMPLATES)).toBe(
      REMINDER_MSG.notConfigured,
    )
  })

  it('says a button is worth showing only when a wanted template is configured', () => {
    expect(anyConfigured(ALL(), RENEWAL_TEMPLATES)).toBe(true)
    expect(anyConfigured(ALL({ expiry: { templateId: '' } }), RENEWAL_TEMPLATES)).toBe(false)
  })

  it('tells 账户管理 whether the WeChat can receive, and each configured template’s count', () => {
    expect(receiveText({ canReceive: true })).toBe('可接收微信提醒')
    expect(receiveText({ canReceive: false })).toMatch(/^暂不能接收微信提醒/)
    const lines = templateLines({
      templates: ALL({ closed: { templateId: '', remaining: 5 }, expiry: { remaining: 1 } }),
    })
    expect(lines.map((line) => line.text)).toEqual([
      '工单回复提醒：暂无可用提醒次数',
      '工单待确认提醒：暂无可用提醒次数',
      '工单重新处理提醒：暂无可用提醒次数',
      '产品到期提醒：可接收 1 次提醒',
    ])
  })

  it.each([
    [{ remaining: 2, refused: true }, '可接收 2 次提醒'],
    [{ remaining: 0, refused: true }, '已拒绝微信提醒'],
    [{ remaining: 0, refused: false }, '暂无可用提醒次数'],
  ])('subscriptionSummary(%o) is %s', (input, text) => {
    expect(subscriptionSummary(input)).toBe(text)
  })
})
