// The customer page's calls (account-area §2 customer page, §7 accountVipServer, getUrlByQrcode).
// Public, as the page is: /customer?userId=&accountId= is opened from links without a login.
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { object, rowId, shortText, type TypedApp } from './schemas'

export function customerRoutes(app: TypedApp, { customer }: Services) {
  app.get(
    '/api/app/account/accountVipServer',
    {
      schema: { querystring: object({ userId: shortText(64), accountId: rowId }, ['userId', 'accountId']) },
    },
    async (req) => ok(await customer.vipServer(req.query.userId, req.query.accountId)),
  )

  app.get(
    '/api/user/getUrlByQrcode',
    { schema: { querystring: object({ qrCode: shortText(64) }, ['qrCode']) } },
    async (req) => ok(await customer.qrImage(req.query.qrCode)),
  )
}
