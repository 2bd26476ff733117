// Demo products and sites on /index: 星辰科技 has one in every status (account-area §4), product and
// site cards, both sides of the renewal window, every channel, and an unpaid renewal order; 云帆贸易
// has its own. Ten cards for 星辰科技 make three pages of 4. For the renewal centre its
// renewable products expire in 2 (星辰定制项目), 6 (星辰官网代维, marked 到期不续) and 28 days (星辰科技官网),
// and 星辰商城 is in its grace days.
import { hours } from '../context'
import { priceOf } from '../services/checkout/catalog'
import { RENEWAL_MODE } from '../../src/core/contract/renewal'
import { businesses } from '../db/schema'
import { insertOrder } from '../services/orders/order-lines'
import { daysAgo, type DemoIds } from './support'
import type { Tx } from '../db/client'

type NewBusiness = typeof businesses.$inferInsert

const daysLater = (at: Date, days: number) => daysAgo(at, -days)

/** The code of 星辰商城's unpaid renewal order (checkUnPaidOrder answers 300 for it). */
export const DEMO_UNPAID_RENEWAL = 'MC202600000300'

export async function seedProducts(tx: Tx, { at, main, other }: DemoIds): Promise<void> {
  // Listed newest first, as /index shows them.
  const mainProducts: Omit<NewBusiness, 'accountId' | 'createdAt'>[] = [
    {
      orderCode: 'MC202600000101',
      skuId: 'SKU-ENT-WEB',
      secondDomain: 'xingchen',
      realSecondDomain: 'www.xingchen-demo.cn',
      websiteName: '星辰科技官网',
      productName: '企业官网',
      productVersion: '旗舰版',
      productType: 2,
      channel: 32,
      status: 1,
      isNeedDeliver: 1,
      deliveryAddress: 'https://deliver.yunmeng.example/projects/xingchen',
      openTime: daysAgo(at, 337),
      expireTime: daysLater(at, 28),
    },
    {
      // Expired three days ago, still inside the 7-day renewal window; a renewal order awaits payment.
      orderCode: 'MC202600000102',
      skuId: 'SKU-SITE-PRO',
      secondDomain: 'xcshop',
      realSecondDomain: 'shop.xingchen-demo.cn',
      websiteName: '星辰商城',
      productName: '自助建站',
      productVersion: '专业版',
      productType: 1,
      channel: 32,
      status: 4,
      isExpire: 1,
      openTime: daysAgo(at, 368),
      expireTime: daysAgo(at, 3),
    },
    {
      // Still opening: no open time yet.
      orderCode: 'MC202600000103',
      skuId: 'SKU-SITE-STD',
      secondDomain: 'xcblog',
      websiteName: '星辰博客',
      productName: '自助建站',
      productVersion: '标准版',
      productType: 1,
      source: 2,
      channel: 32,
      status: 0,
    },
    {
      // A custom project the delivery centre has no address for yet.
      orderCode: 'MC202600000104',
      skuId: 'SKU-CUSTOM',
      secondDomain: 'xcproject',
      websiteName: '星辰定制项目',
      productName: '定制方案',
      productVersion: '项目服务',
      productType: 2,
      channel: 32,
      status: 3,
      isNeedDeliver: 1,
      openTime: daysAgo(at, 363),
      expireTime: daysLater(at, 2),
    },
    {
      orderCode: 'MC202600000105',
      skuId: 'SKU-MINI-APP',
      secondDomain: 'xcmini',
      websiteName: '星辰活动小程序',
      productName: '小程序',
      productVersion: '商城版',
      productType: 3,
      channel: 1723,
      status: 2,
      openTime: daysAgo(at, 100),
      expireTime: daysLater(at, 265),
    },
    {
      // Expired past the renewal window: buy again instead.
      orderCode: 'MC202600000106',
      skuId: 'SKU-SITE-STD',
      secondDomain: 'xcold',
      websiteName: '星辰旧站',
      productName: '自助建站',
      productVersion: '标准版',
      productType: 1,
      source: 2,
      channel: 32,
      status: 4,
      isExpire: 0,
      openTime: daysAgo(at, 420),
      expireTime: daysAgo(at, 55),
    },
    {
      orderCode: 'MC202600000107',
      skuId: 'SKU-ENT-WEB',
      secondDomain: 'xcpromo',
      websiteName: '星辰推广站',
      productName: '企业官网',
      productVersion: '旗舰版',
      productType: 2,
      channel: 31,
      status: 5,
      showHoutai: 0,
      openTime: daysAgo(at, 90),
      expireTime: daysLater(at, 275),
    },
    {
      // Bought through the cloud marketplace: renewal happens there.
      orderCode: 'MC202600000108',
      skuId: 'SKU-SITE-PRO',
      secondDomain: 'xccloud',
      websiteName: '星辰云市场站',
      productName: '自助建站',
      productVersion: '专业版',
      productType: 1,
      channel: 1638,
      newOrder: 0,
      status: 1,
      openTime: daysAgo(at, 30),
      expireTime: daysLater(at, 335),
    },
    {
      orderCode: 'MC202600000109',
      skuId: 'SKU-SITE-PRO',
      secondDomain: 'xcpartner',
      websiteName: '星辰合作站',
      productName: '自助建站',
      productVersion: '专业版',
      productType: 1,
      channel: 1740,
      status: 6,
      openTime: daysAgo(at, 200),
      expireTime: daysLater(at, 165),
    },
    {
      orderCode: 'MC202600000110',
      skuId: 'SKU-DAIWEI-BASIC',
      secondDomain: 'xcbutler',
      websiteName: '星辰官网代维',
      productName: '代维管家',
      productVersion: '基础版',
      productType: 4,
      source: 2,
      channel: 32,
      status: 1,
      isDaiweiBusiness: 1,
      relationSecondDomain: 'xingchen',
      renewalMode: RENEWAL_MODE.noRenew,
      openTime: daysAgo(at, 359),
      expireTime: daysLater(at, 6),
    },
  ]
  const otherProducts: Omit<NewBusiness, 'accountId' | 'createdAt'>[] = [
    {
      orderCode: 'MC202600000201',
      skuId: 'SKU-SITE-STD',
      secondDomain: 'yunfan',
      realSecondDomain: 'www.yunfan-demo.cn',
      websiteName: '云帆贸易官网',
      productName: '自助建站',
      productVersion: '标准版',
      productType: 1,
      channel: 32,
      status: 1,
      isNeedDeliver: 1,
      deliveryAddress: 'https://deliver.yunmeng.example/projects/yunfan',
      openTime: daysAgo(at, 50),
      expireTime: daysLater(at, 315),
    },
    {
      orderCode: 'MC202600000202',
      skuId: 'SKU-ENT-WEB',
      secondDomain: 'yfexport',
      websiteName: '云帆外贸站',
      productName: '企业官网',
      productVersion: '旗舰版',
      productType: 2,
      channel: 32,
      status: 4,
      isExpire: 1,
      openTime: daysAgo(at, 370),
      expireTime: daysAgo(at, 5),
    },
  ]

  const rows = [
    ...mainProducts.map((p, i) => ({ ...p, accountId: main, createdAt: daysAgo(at, 10 * (i + 1)) })),
    ...otherProducts.map((p, i) => ({ ...p, accountId: other, createdAt: daysAgo(at, 10 * (i + 1)) })),
  ]
  const inserted = await tx.insert(businesses).values(rows).returning()
  const shop = inserted.find((b) => b.secondDomain === 'xcshop')!
  const price = priceOf(shop.skuId, 1)!.toFixed(2)
  await insertOrder(tx, {
    orderCode: DEMO_UNPAID_RENEWAL,
    accountId: main,
    businessId: shop.id,
    skuId: shop.skuId,
    productName: shop.productName,
    productVersion: shop.productVersion,
    productType: shop.productType,
    secondDomain: shop.secondDomain,
    orderType: 2,
    cycleNum: 1,
    status: 3,
    originalAmount: price,
    payAmount: price,
    createdAt: new Date(at.getTime() - hours(1)),
    payDeadline: new Date(at.getTime() + hours(47)),
  })
}
