// WeChat as a channel (消息接收管理's 微信): one-time subscription messages. In the mini-program the
// member accepts a template with wx.requestSubscribeMessage (one acceptance buys one message); in
// WeChat's browser the official account's wx-open-subscribe tag does the same. The server keeps,
// per member, app and template, how many messages are left and whether the member refused.

/** The templates the console sends (their ids: WECHAT_TEMPLATE_* / WECHAT_OA_TEMPLATE_*). */
export const WECHAT_TEMPLATES = [
  'workOrderReply',
  'awaitingConfirmation',
  'reopened',
  'closed',
  'expiry',
] as const
export type WechatTemplate = (typeof WECHAT_TEMPLATES)[number]

export const WECHAT_TEMPLATE_LABEL: Record<WechatTemplate, string> = {
  workOrderReply: '工单回复提醒',
  awaitingConfirmation: '工单待确认提醒',
  reopened: '工单重新处理提醒',
  closed: '工单完结提醒',
  expiry: '产品到期提醒',
}

/** What the work-order screens ask for at 提交, 回复, 继续咨询 and the 回复提醒 switch. */
export const WORK_ORDER_TEMPLATES: readonly WechatTemplate[] = [
  'workOrderReply',
  'awaitingConfirmation',
  'reopened',
  'closed',
]
/** What the renewal centre's 到期提醒 asks for. */
export const RENEWAL_TEMPLATES: readonly WechatTemplate[] = ['expiry']

/** Which WeChat: the mini-program ('mini') or the official account ('oa', in WeChat's browser). */
export type WechatApp = 'mini' | 'oa'

/** What wx.requestSubscribeMessage answered per template ('filter': the template id was unknown). */
export type SubscribeAnswer = 'accept' | 'reject' | 'ban' | 'filter'

/** What one request answered, by template key. */
export type SubscribeAnswers = Partial<Record<WechatTemplate, SubscribeAnswer>>

export const WECHAT_APPS: readonly WechatApp[] = ['mini', 'oa']
export const SUBSCRIBE_ANSWERS: readonly SubscribeAnswer[] = ['accept', 'reject', 'ban', 'filter']

/**
 * POST /api/app/wechat/subscriptions: the answers of one request. Text on the wire: the server
 * refuses another app with 未知的微信应用 and an unknown template or answer with 订阅结果无效.
 */
export interface SaveSubscriptionsRequest {
  /** A WechatApp. */
  app: string
  /** SubscribeAnswers: by template key, at least one. */
  answers: Record<string, string>
  /**
   * wx.getSetting's "always keep this choice" (总是保持以上选择): WeChat answers for the member from now
   * on, so the console reads the kept choice instead of asking (an accepted one still buys a message).
   */
  keepChoice?: boolean
}

/** One template as the session member stands with it. */
export interface SubscriptionState {
  template: WechatTemplate
  /** The template id to ask WeChat for; '' when not configured (the console then does not ask). */
  templateId: string
  /** Messages left (accepts minus sends). */
  remaining: number
  /** The member refused (reject, ban) or chose to keep its choice: asking again at every tap is not done. */
  refused: boolean
}

/**
 * GET /api/app/wechat/subscriptions: a WechatApp. Text on the wire: another is refused with
 * 未知的微信应用.
 */
export interface SubscriptionsQuery {
  app: string
}

/** GET /api/app/wechat/subscriptions?app=mini|oa */
export interface Subscriptions {
  app: WechatApp
  /** The member has an openid of that app (a mini-program login, or the official account's). */
  canReceive: boolean
  templates: SubscriptionState[]
}

export const SUBSCRIPTION_MSG = {
  badApp: '未知的微信应用',
  badAnswers: '订阅结果无效',
  saved: '已更新提醒设置',
} as const

/** 可接收 N 次提醒, or why none (shown beside the 回复提醒 switch and on 账户管理). */
export function subscriptionSummary(state: Pick<SubscriptionState, 'remaining' | 'refused'>): string {
  if (state.remaining > 0) return `可接收 ${state.remaining} 次提醒`
  return state.refused ? '已拒绝微信提醒' : '暂无可用提醒次数'
}

/**
 * GET /api/app/wechat/jssdkConfig?url=<the page's address>: what wx.config needs in WeChat's browser
 * for the official account's wx-open-subscribe tag, signed with its jsapi_ticket.
 */
export interface JssdkConfig {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
  openTagList: string[]
}

/** GET /api/app/wechat/jssdkConfig: the page's own address (only the console's pages are signed). */
export interface JssdkConfigQuery {
  url: string
}

export const JSSDK_MSG = {
  badUrl: '页面地址无效',
  unavailable: '微信提醒暂不可用，请稍后重试',
} as const
