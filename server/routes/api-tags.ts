// The API document's tags, one per domain (docs/openapi.json). A route names its tag and summary with
// `documented(TAG.x)('摘要')` spread into its schema.
import { OPERATIONS_TAG } from '../http/health'

export const TAG = {
  auth: '登录与会话',
  captcha: '验证码与短信',
  account: '账号与安全',
  wechat: '微信',
  notices: '消息与通知',
  operateLog: '操作日志',
  exports: '导出',
  customer: '专属客服',
  workOrders: '工单',
  evaluations: '服务评价',
  products: '产品',
  productTransfer: '产品转移',
  renewal: '续费',
  checkout: '购买与支付',
  orders: '订单',
  billing: '发票与账单',
  subAccounts: '子管理员',
  operations: OPERATIONS_TAG,
} as const

export type Tag = (typeof TAG)[keyof typeof TAG]

/** What each tag covers, as the document lists it. */
export const TAG_DESCRIPTION: Record<Tag, string> = {
  [TAG.auth]: '密码、短信、扫码登录，安全验证，二次验证登录，退出与切换账号',
  [TAG.captcha]: '图形验证码、滑块与短信验证码',
  [TAG.account]: '个人信息、密码、手机、邮箱、登录掩码、登录设备、二次验证、操作保护、注销',
  [TAG.wechat]: '微信登录、绑定与订阅消息',
  [TAG.notices]: '站内消息、消息接收设置、接收人与群机器人',
  [TAG.operateLog]: '操作日志与当前设备信息',
  [TAG.exports]: '列表导出为 XLSX / CSV 文件',
  [TAG.customer]: '专属客服页（公开）',
  [TAG.workOrders]: '工单、沟通记录与附件',
  [TAG.evaluations]: '服务评价',
  [TAG.products]: '我的产品',
  [TAG.productTransfer]: '产品转移',
  [TAG.renewal]: '续费设置与续费',
  [TAG.checkout]: '下单与支付',
  [TAG.orders]: '订单管理',
  [TAG.billing]: '发票、抬头与账单',
  [TAG.subAccounts]: '子管理员管理',
  [TAG.operations]: '健康检查与监控指标（运维，非业务接口）',
}

/** The tag and summary of a route: `schema: { ...about('消息列表'), querystring, response }`. */
export const documented = (tag: Tag) => (summary: string) => ({ tags: [tag], summary })
