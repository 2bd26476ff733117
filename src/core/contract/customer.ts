// The customer manager of an account (account-area §3 "Customer service", §7 accountVipServer).

/** accountVipServer's query: the ids the /customer?userId=&accountId= link carries. */
export interface VipServerQuery {
  userId: string
  accountId: number
}

/** getUrlByQrcode's query: the manager's qrCode from accountVipServer. */
export interface QrImageQuery {
  qrCode: string
}

export interface VipServer {
  name: string
  /** '' when the manager has not bound enterprise WeChat (the page says 当前客服尚未绑定企微). */
  qrCode: string
}
