// The customer manager of an account (account-area §3 "Customer service", §7 accountVipServer).

export interface VipServer {
  name: string
  /** '' when the manager has not bound enterprise WeChat (the page says 当前客服尚未绑定企微). */
  qrCode: string
}
