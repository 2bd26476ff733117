// The customer page's calls (account-area §2 customer page, §7 accountVipServer, getUrlByQrcode).
// Public, as the page is: /customer?userId=&accountId= is opened from links without a login.
import type { FastifyInstance } from 'fastify'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { object, rowId, shortText } from './schemas'

export function customerRoutes(app: FastifyInstance, { customer }: Services) {
  app.get<{ Querystring: { userId: string; accountId: number } }>(
    '/api/app/account/accountVipServer',
    {
      schema: { querystring: object({ userId: shortText(64), accountId: rowId }, ['userId', 'accountId']) },
    },
    async (req) => ok(await customer.vipServer(req.query.userId, req.query.accountId)),
  )

  app.get<{ Querystring: { qrCode: string } }>(
    '/api/user/getUrlByQrcode',
    { schema: { querystring: object({ qrCode: shortText(64) }, ['qrCode']) } },
    async (req) => ok(await customer.qrImage(req.query.qrCode)),
  )
}
