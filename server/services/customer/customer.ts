// The customer manager of an account (account-area §2 customer page, §3 "Customer service",
// §7 accountVipServer, getUrlByQrcode). The /customer page is public: it is what an account's
// people open from a link to add their manager on enterprise WeChat.
import QRCode from 'qrcode'
import { eq } from 'drizzle-orm'
import type { VipServer } from '../../../src/core/contract/customer'
import type { AppContext } from '../../context'
import { accountVipServers } from '../../db/schema'
import { invalid, INVALID_PARAMS, notFound } from '../shared/errors'

export const QR_NOT_FOUND = '二维码不存在'
/** Where an enterprise-WeChat contact code leads (the QR encodes this URL plus the code). */
export const WEWORK_CONTACT_BASE = 'https://work.weixin.qq.com/ca/'
/** account-area §9: WeChat QR codes are shown at 180 px; drawn at twice that for sharp screens. */
const QR_IMAGE_PX = 360

/** userId is `accountId` or `{accountId}_{subAccountId}` (account-area §6): it must name the account. */
export function userIdMatches(userId: string, accountId: number): boolean {
  const [head, sub, ...rest] = userId.trim().split('_')
  return head === String(accountId) && rest.length === 0 && (sub === undefined || /^\d+$/.test(sub))
}

export function createCustomerService({ db }: AppContext) {
  async function vipServer(userId: string, accountId: number): Promise<VipServer> {
    if (!userIdMatches(userId, accountId)) throw invalid(INVALID_PARAMS)
    const [row] = await db
      .select({ name: accountVipServers.name, qrCode: accountVipServers.qrCode })
      .from(accountVipServers)
      .where(eq(accountVipServers.accountId, accountId))
      .limit(1)
    return { name: row?.name ?? '', qrCode: row?.qrCode ?? '' }
  }

  /** A PNG data URL of a manager's contact QR; only codes of known managers are drawn. */
  async function qrImage(qrCode: string): Promise<string> {
    const code = qrCode.trim()
    if (!code) throw invalid(INVALID_PARAMS)
    const [row] = await db
      .select({ qrCode: accountVipServers.qrCode })
      .from(accountVipServers)
      .where(eq(accountVipServers.qrCode, code))
      .limit(1)
    if (!row) throw notFound(QR_NOT_FOUND)
    return QRCode.toDataURL(WEWORK_CONTACT_BASE + encodeURIComponent(code), {
      width: QR_IMAGE_PX,
      margin: 1,
      errorCorrectionLevel: 'M',
    })
  }

  return { vipServer, qrImage }
}

export type CustomerService = ReturnType<typeof createCustomerService>
