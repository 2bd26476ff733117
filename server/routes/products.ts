// The product home (account-area §7 Products; doc2 §7 selectBusinessIsOpen, checkBusinessBind,
// getRenewSkuId). Handlers are thin: services/products/products.ts owns the account filter.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import type { Services } from '../services'
import type {
  BackendSignIn,
  BackendSignInQuery,
  BusinessQuery,
  DeliveryAddress,
  OrderOpenQuery,
  ProductCard,
  ProductPage,
  SecondDomainQuery,
  Site,
  UnpaidCheck,
} from '../../src/core/contract/products'
import { documented, TAG } from './api-tags'
import {
  answer,
  dateTime,
  flag,
  int,
  listOf,
  nullable,
  oneOfValues,
  responseOf,
  shape,
  text,
} from './responses'
import { object, requestOf, rowId as businessId, shortText, type TypedApp, pageQuery } from './schemas'

const about = documented(TAG.products)

const productCard = responseOf<ProductCard>()(
  shape({
    id: int,
    orderCode: text,
    skuId: text,
    secondDomain: text,
    realSecondDomain: text,
    websiteName: text,
    productName: text,
    productVersion: text,
    channel: int,
    newOrder: int,
    isWebsiteManage: int,
    source: int,
    status: int,
    isExpire: int,
    openTime: nullable(dateTime),
    expireTime: nullable(dateTime),
    payMethod: text,
    businessCenterState: int,
    isNeedDeliver: int,
    isProjectFinish: int,
    showHoutai: int,
    isDaiweiBusiness: int,
    relationSecondDomain: text,
    canUpgrade: int,
  }),
)
const productPage = responseOf<ProductPage>()(
  shape({ data: listOf(productCard), total: int, pages: int, isWebsiteManage: int }),
)
const site = responseOf<Site>()(shape({ id: int, siteName: text, secondDomain: text, siteUrl: text }))
const unpaidCheck = responseOf<UnpaidCheck>()(
  shape({ status: oneOfValues([200, 300]), orderCode: text }, ['orderCode']),
)
const deliveryAddress = responseOf<DeliveryAddress>()(shape({ address: text }))
const backendSignIn = responseOf<BackendSignIn>()(shape({ url: text }))

const byBusiness = requestOf<BusinessQuery>()(object({ businessId }, ['businessId']))
const byDomain = requestOf<SecondDomainQuery>()(object({ secondDomain: shortText(128) }, ['secondDomain']))
const byOrder = requestOf<OrderOpenQuery>()(object({ orderCode: shortText(32) }, ['orderCode']))
const backendQuery = requestOf<BackendSignInQuery>()(
  object({ businessId, tag: shortText(32) }, ['businessId']),
)

export function productRoutes(app: TypedApp, { products }: Services, { requireViewer }: Guards) {
  app.get(
    '/api/pc/getProducts',
    {
      schema: { ...about('我的产品列表'), querystring: pageQuery, response: answer(productPage) },
      preHandler: requireViewer,
    },
    async (req) => ok(await products.page(req.viewer, req.query)),
  )

  app.get(
    '/api/pc/getSiteListByEmpId',
    { schema: { ...about('我的站点列表'), response: answer(listOf(site)) }, preHandler: requireViewer },
    async (req) => ok(await products.siteList(req.viewer)),
  )

  app.get(
    '/api/pc/checkBusinessBind',
    {
      schema: {
        ...about('域名的产品是否属于当前账号（1 是，0 否）'),
        querystring: byDomain,
        response: answer(oneOfValues([0, 1])),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await products.isBound(req.viewer, req.query.secondDomain.trim())),
  )

  app.get(
    '/api/feignOrder/selectBusinessIsOpen',
    {
      schema: {
        ...about('订单开通的产品是否已开通'),
        querystring: byOrder,
        response: answer(flag),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await products.isOpen(req.viewer, req.query.orderCode.trim())),
  )

  app.get(
    '/api/pc/getRenewSkuId',
    {
      schema: { ...about('产品续费的 SKU'), querystring: byBusiness, response: answer(text) },
      preHandler: requireViewer,
    },
    async (req) => ok(await products.renewSkuId(req.viewer, req.query.businessId)),
  )

  // The envelope stays 200: data.status carries the spec's 200 / 300 with the pending order code.
  app.get(
    '/api/pc/checkUnPaidOrder',
    {
      schema: {
        ...about('产品是否有未支付的续费订单'),
        querystring: byBusiness,
        response: answer(unpaidCheck),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await products.unpaidRenewal(req.viewer, req.query.businessId)),
  )

  app.get(
    '/api/pc/getAddressByProjectStatus',
    {
      schema: {
        ...about('站点的交付中心地址'),
        querystring: byDomain,
        response: answer(deliveryAddress),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await products.deliveryAddress(req.viewer, req.query.secondDomain.trim())),
  )

  app.get(
    '/api/pc/miandenglu',
    {
      schema: {
        ...about('免登录进入产品后台（一次性链接）'),
        querystring: backendQuery,
        response: answer(backendSignIn),
      },
      preHandler: requireViewer,
    },
    async (req) =>
      ok(await products.backendSignIn(req.viewer, req.query.businessId, req.query.tag ?? '', originOf(req))),
  )
}
