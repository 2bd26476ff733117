// Which one-time subscriptions to ask WeChat for at a tap, and how its answers read back. Pure, so
// the mini-program adapter (core/platform/subscribe.weapp.ts) and the reminders hook share them.
import {
  subscriptionSummary,
  WECHAT_TEMPLATE_LABEL,
  type SubscribeAnswer,
  type SubscribeAnswers,
  type Subscriptions,
  type SubscriptionState,
  type WechatTemplate,
} from '../contract/wechat-messages'

/** WeChat takes at most three one-time templates in one wx.requestSubscribeMessage. */
export const MAX_TEMPLATES_PER_ASK = 3

/** What "always keep this choice" (总是保持以上选择) fixed for a template id. */
export type KeptChoice = Exclude<SubscribeAnswer, 'filter'>
export type KeptChoices = Record<string, KeptChoice>

export const REMINDER_MSG = {
  notConfigured: '未配置微信提醒',
  keptOff: '已在微信中关闭此提醒，请在小程序右上角“设置”中开启',
  switchedOffOa: '已在微信中关闭公众号提醒，请在公众号设置中开启',
  unavailable: '微信提醒暂不可用，请稍后重试',
  failed: '提醒设置失败，请重试',
} as const

const ANSWERS: readonly string[] = ['accept', 'reject', 'ban', 'filter']
const KEPT: readonly string[] = ['accept', 'reject', 'ban']

/** wx.requestSubscribeMessage's success: the answer of each id asked (its other keys, errMsg, dropped). */
export function answersFromWechat(
  templateIds: readonly string[],
  result: Record<string, unknown>,
): Record<string, SubscribeAnswer> {
  const answers: Record<string, SubscribeAnswer> = {}
  for (const id of templateIds) {
    const answer = result[id]
    if (typeof answer === 'string' && ANSWERS.includes(answer)) answers[id] = answer as SubscribeAnswer
  }
  return answers
}

/** wx.requestSubscribeMessage's fail code when the member switched subscription messages off. */
export const SWITCHED_OFF = 20004

/**
 * A failed request: switched off means every template is refused; any other failure (not from a
 * tap, a network error) says nothing about the member, so nothing is recorded.
 */
export function answersFromFailure(templateIds: readonly string[], failure: unknown) {
  const code =
    typeof failure === 'object' && failure !== null ? (failure as { errCode?: unknown }).errCode : null
  if (code !== SWITCHED_OFF) return {}
  return Object.fromEntries(templateIds.map((id) => [id, 'reject'])) as Record<string, SubscribeAnswer>
}

interface SubscriptionsSetting {
  mainSwitch?: boolean
  itemSettings?: Record<string, unknown>
}

/** wx.getSetting's subscriptionsSetting: the kept choices, or null when switched off or none kept. */
export function keptFromSetting(setting: SubscriptionsSetting | undefined | null): KeptChoices | null {
  if (!setting?.mainSwitch || !setting.itemSettings) return null
  const kept: KeptChoices = {}
  for (const [id, choice] of Object.entries(setting.itemSettings))
    if (typeof choice === 'string' && KEPT.includes(choice)) kept[id] = choice as KeptChoice
  return Object.keys(kept).length ? kept : null
}

export interface AskPlan {
  /** Template ids to pass to wx.requestSubscribeMessage (at most three). */
  ask: string[]
  /** Kept refusals the server does not know yet: told without asking (WeChat would not ask). */
  told: SubscribeAnswers
  /** Some of these templates are answered by a kept choice. */
  keepChoice: boolean
}

/**
 * What one tap asks: the wanted templates that have an id, not refused before (unless `again`, the
 * member's own tap on 回复提醒 / 到期提醒) and not refused for good in WeChat's settings; those
 * with the fewest messages left first, three at most. A kept acceptance is still asked: WeChat
 * answers it without a dialog and it buys one more message.
 */
export function askPlan(
  states: readonly SubscriptionState[],
  wanted: readonly WechatTemplate[],
  kept: KeptChoices | null,
  again = false,
): AskPlan {
  const told: SubscribeAnswers = {}
  const candidates: SubscriptionState[] = []
  let keepChoice = false
  for (const template of wanted) {
    const state = states.find((candidate) => candidate.template === template)
    if (!state?.templateId) continue
    const choice = kept?.[state.templateId]
    if (choice) keepChoice = true
    if (choice === 'reject' || choice === 'ban') {
      if (!state.refused) told[template] = choice
    } else if (again || !state.refused) candidates.push(state)
  }
  const ask = candidates
    .map((state, order) => ({ state, order }))
    .sort((a, b) => a.state.remaining - b.state.remaining || a.order - b.order)
    .slice(0, MAX_TEMPLATES_PER_ASK)
    .map(({ state }) => state.templateId)
  return { ask, told, keepChoice }
}

/** WeChat's answers by template id, as the server takes them: by template key. */
export function answersByTemplate(
  states: readonly SubscriptionState[],
  byId: Record<string, SubscribeAnswer>,
): SubscribeAnswers {
  const answers: SubscribeAnswers = {}
  for (const state of states) {
    const answer = state.templateId ? byId[state.templateId] : undefined
    if (answer) answers[state.template] = answer
  }
  return answers
}

/** The line beside a 提醒 button: its first configured template's count, or why there is none. */
export function reminderSummary(states: readonly SubscriptionState[], wanted: readonly WechatTemplate[]) {
  const first = wanted
    .map((template) => states.find((state) => state.template === template))
    .find((state) => state?.templateId)
  return first ? subscriptionSummary(first) : REMINDER_MSG.notConfigured
}

/** Whether any wanted template can be asked for at all (its id is configured). */
export const anyConfigured = (states: readonly SubscriptionState[], wanted: readonly WechatTemplate[]) =>
  states.some((state) => wanted.includes(state.template) && state.templateId !== '')

/**
 * What the member's WeChat can receive through either app (the mini-program's and the official
 * account's acceptances both count): receives if either can, the messages left added up, refused
 * only where every app with the template was refused.
 */
export function combinedReach(apps: readonly Subscriptions[]): Subscriptions {
  const [first] = apps
  return {
    app: first.app,
    canReceive: apps.some((app) => app.canReceive),
    templates: first.templates.map(({ template }) => {
      const states = apps.flatMap((app) => app.templates.filter((state) => state.template === template))
      const configured = states.filter((state) => state.templateId)
      return {
        template,
        templateId: configured[0]?.templateId ?? '',
        remaining: configured.reduce((sum, state) => sum + state.remaining, 0),
        refused: configured.length > 0 && configured.every((state) => state.refused),
      }
    }),
  }
}

/** 账户管理's 微信提醒 line: whether the member's own WeChat can receive at all. */
export function receiveText(subscriptions: Pick<Subscriptions, 'canReceive'>): string {
  return subscriptions.canReceive
    ? '可接收微信提醒'
    : '暂不能接收微信提醒（请在微信小程序或微信中登录会员中心）'
}

/** Each configured template with its count, as 账户管理 lists them. */
export function templateLines(subscriptions: Pick<Subscriptions, 'templates'>) {
  return subscriptions.templates
    .filter((state) => state.templateId)
    .map((state) => ({
      template: state.template,
      text: `${WECHAT_TEMPLATE_LABEL[state.template]}：${subscriptionSummary(state)}`,
    }))
}

/** What the wx-open-subscribe tag's `success` event carries (subscribeDetails: JSON of JSON). */
interface OpenTagDetail {
  subscribeDetails?: unknown
}

/**
 * The official account's tag answered: its subscribeDetails map each template id to a JSON text
 * `{"status":"accept"}`. 'cancel' (the dialog dismissed) says nothing about the member, like an
 * unknown status; anything unreadable records nothing.
 */
export function answersFromOpenTag(
  templateIds: readonly string[],
  detail: OpenTagDetail | null | undefined,
): Record<string, SubscribeAnswer> {
  const parse = (value: unknown): unknown => {
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value)
    } catch {
      return null
    }
  }
  const details = parse(detail?.subscribeDetails)
  if (typeof details !== 'object' || details === null) return {}
  const statuses: Record<string, string> = {}
  for (const id of templateIds) {
    const status = (parse((details as Record<string, unknown>)[id]) as { status?: unknown } | null)?.status
    if (typeof status === 'string') statuses[id] = status
  }
  return answersFromWechat(templateIds, statuses)
}

/** The tag's `error` event: switched off refuses them all (as in the mini-program), else nothing. */
export const answersFromOpenTagError = answersFromFailure

/** Why the tag failed, shown beside the button. */
export function openTagFailure(detail: { errCode?: unknown } | null | undefined): string {
  return detail?.errCode === SWITCHED_OFF ? REMINDER_MSG.switchedOffOa : REMINDER_MSG.failed
}
