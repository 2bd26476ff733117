// The product home (account-area §7 Products; doc2 §7 selectBusinessIsOpen, checkBusinessBind,
// getRenewSkuId). Handlers are thin: services/products/products.ts owns the account filter.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import { object, rowId as businessId, shortText, type TypedApp, pageQuery } from './schemas'

const byBusiness = object({ businessId }, ['businessId'])
const byDomain = object({ secondDomain: shortText(128) }, ['secondDomain'])

export function productRoutes(app: TypedApp, { products }: Services, { requireViewer }: Guards) {
  app.get(
    '/api/pc/getProducts',
    { schema: { querystring: pageQuery }, preHandler: requireViewer },
    async (req) => ok(await products.page(req.viewer, req.query)),
  )

  app.get('/api/pc/getSiteListByEmpId', { preHandler: requireViewer }, async (req) =>
    ok(await products.siteList(req.viewer)),
  )

  app.get(
    '/api/pc/checkBusinessBind',
    { schema: { querystring: byDomain }, preHandler: requireViewer },
    async (req) => ok(await products.isBound(req.viewer, req.query.secondDomain.trim())),
  )

  app.get(
    '/api/feignOrder/selectBusinessIsOpen',
    {
      schema: { querystring: object({ orderCode: shortText(32) }, ['orderCode']) },
      preHandler: requireViewer,
    },
    async (req) => ok(await products.isOpen(req.viewer, req.query.orderCode.trim())),
  )

  app.get(
    '/api/pc/getRenewSkuId',
    { schema: { querystring: byBusiness }, preHandler: requireViewer },
    async (req) => ok(await products.renewSkuId(req.viewer, req.query.businessId)),
  )

  // The envelope stays 200: data.status carries the spec's 200 / 300 with the pending order code.
  app.get(
    '/api/pc/checkUnPaidOrder',
    { schema: { querystring: byBusiness }, preHandler: requireViewer },
    async (req) => ok(await products.unpaidRenewal(req.viewer, req.query.businessId)),
  )

  app.get(
    '/api/pc/getAddressByProjectStatus',
    { schema: { querystring: byDomain }, preHandler: requireViewer },
    async (req) => ok(await products.deliveryAddress(req.viewer, req.query.secondDomain.trim())),
  )

  app.get(
    '/api/pc/miandenglu',
    {
      schema: { querystring: object({ businessId, tag: shortText(32) }, ['businessId']) },
      preHandler: requireViewer,
    },
    async (req) =>
      ok(await products.backendSignIn(req.viewer, req.query.businessId, req.query.tag ?? '', originOf(req))),
  )
}
