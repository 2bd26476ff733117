// 群机器人 on the wire (消息接收管理): per notification category, one WeCom, DingTalk or Feishu group
// robot the account's notices are also posted to. The webhook address is a secret: once saved it is
// only ever shown masked.
import type { NotifyCategory } from './notifications'

export const ROBOT_PLATFORM = { wecom: 'wecom', dingtalk: 'dingtalk', feishu: 'feishu' } as const
export type RobotPlatform = (typeof ROBOT_PLATFORM)[keyof typeof ROBOT_PLATFORM]

export const ROBOT_PLATFORM_LABEL: Record<RobotPlatform, string> = {
  wecom: '企业微信',
  dingtalk: '钉钉',
  feishu: '飞书',
}

/** One saved robot as GET /api/notify/robots lists it. */
export interface GroupRobot {
  category: NotifyCategory
  platform: RobotPlatform
  /** The address with its token hidden but its last 4 characters. */
  maskedUrl: string
  /** Whether a signing secret is saved (never the secret itself). */
  signed: boolean
  updatedAt: string
}

/**
 * POST /api/notify/robots: set or replace the category's robot. The server takes
 * `SaveGroupRobotRequest<string>`: an unknown category is answered 未知的消息类型, not 非法参数.
 */
export interface SaveGroupRobotRequest<Category = NotifyCategory> {
  category: Category
  url: string
  /** DingTalk's SEC… or Feishu's signing secret; empty or absent when the robot has none. */
  secret?: string
}

/** POST /api/notify/robots/delete and /test; the server takes `GroupRobotCategoryRequest<string>`. */
export interface GroupRobotCategoryRequest<Category = NotifyCategory> {
  category: Category
}

/** POST /api/notify/robots/test: what the robot's platform answered the one post. */
export interface RobotTestAnswer {
  ok: boolean
  /** 发送成功, or the platform's own error message and code, or why nothing was answered. */
  message: string
}

export const ROBOT_MESSAGES = {
  badUrl: '仅支持企业微信、钉钉、飞书的机器人 Webhook 地址（https）',
  incompleteUrl: 'Webhook 地址不完整，请从群机器人设置中复制完整地址',
  secretNotUsed: '企业微信机器人没有签名密钥，请留空',
  badDingtalkSecret: '请输入正确的钉钉加签密钥（以 SEC 开头）',
  badFeishuSecret: '请输入正确的飞书签名校验密钥',
  noRobot: '该消息类型未设置群机器人',
  saved: '保存成功',
  deleted: '删除成功',
  testSent: '发送成功',
  testTooOften: '发送测试过于频繁，请稍后再试',
  testNoAnswer: '机器人所在平台暂未应答，请稍后重试',
  testRefused: '机器人所在平台拒绝了此消息',
  testRedirected: '机器人地址返回了跳转，未发送',
} as const

/** The operation-log entries (OPERATE_TYPE.notifySettings): what changed, for which category. */
export const ROBOT_LOG = {
  saved: (category: string, platform: string) => `设置群机器人（${category}，${platform}）`,
  deleted: (category: string) => `删除群机器人（${category}）`,
} as const

/** The text of a 发送测试 post. */
export const ROBOT_TEST_MESSAGE = {
  title: '会员中心群机器人测试',
  text: '这是一条测试消息：此群将收到会员中心的通知。',
} as const
