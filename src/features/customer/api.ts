// The customer page's calls (spec account-area §7 accountVipServer, getUrlByQrcode).
import type { QrImageQuery, VipServer, VipServerQuery } from '../../core/contract/customer'
import { http } from '../../core/http/request'

export type { VipServer }

// The page shows its own loading and failure states.
const silent = { silent: true }

export const customerApi = {
  vipServer: (query: VipServerQuery) =>
    http.get<VipServer>('/api/app/account/accountVipServer', { ...query }, silent),
  /** A base64 PNG data: URL of the manager's enterprise-WeChat QR code. */
  qrImage: (qrCode: string) =>
    http.get<string>('/api/user/getUrlByQrcode', { qrCode } satisfies QrImageQuery, silent),
}
