// 消息接收管理 on the wire: per category, who hears it on which channel, and the quiet hours.
// Codes and invitation or recipient links are not here: they go to the phone or mailbox they verify.

export const NOTIFY_CATEGORY = {
  security: 'security',
  renewal: 'renewal',
  workOrder: 'workOrder',
  siteAlert: 'siteAlert',
  billing: 'billing',
  service: 'service',
  marketing: 'marketing',
} as const
export type NotifyCategory = (typeof NOTIFY_CATEGORY)[keyof typeof NOTIFY_CATEGORY]

/** The rows of the settings, in this order. */
export const NOTIFY_CATEGORY_LABEL: Record<NotifyCategory, string> = {
  security: '账号安全',
  renewal: '续费与到期',
  workOrder: '工单进展',
  siteAlert: '站点告警与流量',
  billing: '订单与发票',
  service: '服务通知',
  marketing: '营销活动',
}

export const NOTIFY_CHANNELS = ['inbox', 'sms', 'email', 'wechat'] as const
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number]
export const NOTIFY_CHANNEL_LABEL: Record<NotifyChannel, string> = {
  inbox: '站内信',
  sms: '短信',
  email: '邮件',
  wechat: '微信',
}

/**
 * Who a cell names: 'owner' (the main account), 'sub:<subAccountId>' (a sub-admin), 'rcpt:<id>' (a
 * confirmed recipient; SMS and mail only: a recipient has no inbox).
 */
export type AudienceKey = string
export const OWNER: AudienceKey = 'owner'
export const subAdminKey = (id: number): AudienceKey => `sub:${id}`
export const recipientKey = (id: number): AudienceKey => `rcpt:${id}`

export type Audience = Record<NotifyChannel, AudienceKey[]>

/** The categories WeChat can carry (their subscription templates: work orders and expiry). */
export const WECHAT_CATEGORIES: readonly NotifyCategory[] = [
  NOTIFY_CATEGORY.workOrder,
  NOTIFY_CATEGORY.renewal,
]

/**
 * Defaults, for existing and new accounts: the owner's inbox always; SMS and mail for renewal and
 * security; WeChat (where the member accepted a reminder) for work orders and renewal.
 */
export function defaultAudience(category: NotifyCategory): Audience {
  const loud = category === NOTIFY_CATEGORY.renewal || category === NOTIFY_CATEGORY.security
  return {
    inbox: [OWNER],
    sms: loud ? [OWNER] : [],
    email: loud ? [OWNER] : [],
    wechat: WECHAT_CATEGORIES.includes(category) ? [OWNER] : [],
  }
}

/** 站内信 always reaches the owner; 账号安全 cannot be switched off (only its extra channels can). */
export const ALWAYS_INBOX_OWNER = true

/** Someone a cell may name, as GET /api/notify/settings lists them. */
export interface AudienceCandidate {
  key: AudienceKey
  name: string
  /** 账号所有者, 子管理员, 接收人. */
  kind: 'owner' | 'subAdmin' | 'recipient'
  /** Masked phone, '' when none (or not confirmed, for a recipient): SMS cannot reach them. */
  phone: string
  /** Masked mailbox, '' when none (or not confirmed). */
  email: string
}

/** Quiet hours (Beijing time, HH:MM); null = none. */
export interface QuietHours {
  start: string
  end: string
}

/** One row of the table: a category and who hears it on each channel. */
export interface CategoryAudience<Category = NotifyCategory, Channels = Audience> {
  category: Category
  audience: Channels
}

export interface NotificationSettings {
  categories: CategoryAudience[]
  candidates: AudienceCandidate[]
  quietHours: QuietHours | null
}

/**
 * POST /api/notify/settings: the whole table and the quiet hours. The server takes Row and Quiet
 * loosened (any category text, any part missing) and answers those in the form's own words
 * (未知的消息类型, 请输入正确的时间), not 非法参数.
 */
export interface SaveNotificationSettingsRequest<Row = CategoryAudience, Quiet = QuietHours> {
  categories: Row[]
  quietHours: Quiet | null
}

export const NOTIFY_MESSAGES = {
  badTime: '请输入正确的时间（HH:mm）',
  sameTime: '免打扰开始和结束时间不能相同',
  unknownPerson: '接收人不存在或已删除，请刷新后重试',
  unknownCategory: '未知的消息类型',
  /** The same category twice in one save. */
  repeatedCategory: '消息类型重复，请刷新后重试',
  /** 账号安全 cannot be switched off: its 站内信 keeps the owner. */
  securityInbox: '账号安全消息的站内信不能关闭',
  /** A recipient (接收人) has no inbox: SMS and mail only. */
  recipientInbox: '接收人只能接收短信和邮件',
  /** WeChat reminders go to the members who accepted them: owners and sub-admins. */
  recipientWechat: '接收人不能接收微信提醒',
  wechatCategory: '该消息类型不支持微信提醒',
  saved: '保存成功',
} as const

/** The operation-log entry of a settings change (OPERATE_TYPE.notifySettings). */
export const NOTIFY_SETTINGS_LOG = '修改消息接收设置'
