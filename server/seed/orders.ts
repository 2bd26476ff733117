// Demo orders, invoices and contracts (doc2 §4): 星辰科技 gets the orders that opened its
// businesses (seed-products.ts runs first) plus renewals, so the list holds every order status
// (1-4), every billStatus (1-5), every signStatus (0-4) and the channels 1638 / 31 / 1723 / 1740 /
// 32, over two pages. 云帆贸易 gets its own orders (ownership checks).
import crypto from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { hours } from '../context'
import { INVOICE_STATE } from '../../src/core/contract/invoices'
import { INVOICE_CONTENT } from '../../src/core/validation/billing'
import { findSku, priceOf } from '../services/checkout/catalog'
import {
  businesses,
  contractApplications,
  invoiceApplicationOrders,
  invoiceApplications,
  orders,
} from '../db/schema'
import { insertOrders } from '../services/orders/order-lines'
import { daysAgo, type DemoIds } from './support'
import type { Tx } from '../db/client'

type Business = typeof businesses.$inferSelect
type NewOrder = typeof orders.$inferInsert

const fileKey = () => crypto.randomBytes(16).toString('hex')

interface Plan {
  code: string
  business?: Business
  skuId: string
  orderType: 1 | 2 | 3
  status: 1 | 2 | 3 | 4
  channel?: number
  billStatus?: number
  signStatus?: number
  /** Days before the seeding time. */
  age: number
}

function orderOf(plan: Plan, accountId: number, at: Date): NewOrder {
  const sku = findSku(plan.skuId)!
  const price = String(priceOf(plan.skuId, 1) ?? 0)
  const created = new Date(daysAgo(at, plan.age).getTime() - hours(1))
  const paid = plan.status === 1 || plan.status === 2
  return {
    orderCode: plan.code,
    accountId,
    businessId: plan.business?.id ?? null,
    skuId: sku.SkuId,
    productName: sku.ProductName,
    productVersion: sku.ProductTypeName,
    productType: sku.productType,
    orderType: plan.orderType,
    cycleNum: 1,
    payMethod: sku.PayMethod,
    secondDomain: plan.business?.secondDomain ?? '',
    salesChannel: plan.channel ?? plan.business?.channel ?? 32,
    status: plan.status,
    originalAmount: price,
    payAmount: price,
    billStatus: plan.billStatus ?? 1,
    billUrl: '',
    signStatus: plan.signStatus ?? 0,
    createdAt: created,
    payTime: paid ? new Date(created.getTime() + hours(0.2)) : null,
    payDeadline: plan.status === 3 ? new Date(at.getTime() + hours(2)) : null,
  }
}

/** Invoice states cycled over the opening orders of direct (32) businesses. */
const OPENING_STATES = [
  { billStatus: 4, signStatus: 2 },
  { billStatus: 2, signStatus: 1 },
  { billStatus: 5, signStatus: 3 },
  { billStatus: 3, signStatus: 4 },
  { billStatus: 1, signStatus: 0 },
]

async function ownBusinesses(tx: Tx, accountId: number) {
  return tx.select().from(businesses).where(eq(businesses.accountId, accountId)).orderBy(asc(businesses.id))
}

async function existingCodes(tx: Tx) {
  return new Set((await tx.select({ code: orders.orderCode }).from(orders)).map((r) => r.code))
}

export async function seedOrders(tx: Tx, { at, main, other }: DemoIds): Promise<void> {
  const taken = await existingCodes(tx)
  const mainBusinesses = await ownBusinesses(tx, main)
  const site = mainBusinesses.find((b) => b.productType === 2 && b.channel === 32)
  const builder = mainBusinesses.find((b) => b.productType === 1 && b.channel === 32)

  // The orders that opened each business, oldest first.
  let direct = 0
  const opening: Plan[] = mainBusinesses.map((business, index) => ({
    code: business.orderCode,
    business,
    skuId: business.skuId,
    orderType: 1,
    status: 1,
    ...(business.channel === 32 ? OPENING_STATES[direct++ % OPENING_STATES.length] : {}),
    age: 120 + index * 7,
  }))

  // Newer orders: the newest page shows unpaid orders to pay or void, and paid ones that can still
  // apply for an invoice and a contract (one for each e2e viewport and one to spare).
  const recent: Plan[] = [
    // New purchases, not renewals: a pending renewal would change what the product home's renew
    // button does for that business (checkUnPaidOrder).
    { code: 'MC202611000001', skuId: 'SKU-ENT-WEB', orderType: 1, status: 3, age: 0 },
    { code: 'MC202611000002', skuId: 'SKU-SITE-PRO', orderType: 1, status: 3, age: 1 },
    { code: 'MC202611000003', skuId: 'SKU-SITE-STD', orderType: 1, status: 3, age: 2 },
    {
      code: 'MC202611000004',
      business: site,
      skuId: site?.skuId ?? 'SKU-ENT-WEB',
      orderType: 2,
      status: 1,
      age: 3,
    },
    {
      code: 'MC202611000005',
      business: builder,
      skuId: builder?.skuId ?? 'SKU-SITE-STD',
      orderType: 2,
      status: 1,
      age: 4,
    },
    { code: 'MC202611000006', skuId: 'SKU-SITE-PRO', orderType: 1, status: 1, age: 5 },
    { code: 'MC202611000007', skuId: 'SKU-MINI-APP', orderType: 1, status: 4, age: 6 },
    { code: 'MC202611000008', skuId: 'SKU-SITE-STD', orderType: 1, status: 2, billStatus: 1, age: 8 },
    { code: 'MC202611000009', skuId: 'SKU-DAIWEI-BASIC', orderType: 1, status: 1, age: 10 },
    // Marketplace orders without a business here: 1638 shows 详情 and 评价, 31 shows its amounts as 0.
    { code: 'MC202611000010', skuId: 'SKU-SITE-STD', orderType: 1, status: 1, channel: 1638, age: 12 },
    { code: 'MC202611000011', skuId: 'SKU-SITE-PRO', orderType: 2, status: 1, channel: 31, age: 14 },
    { code: 'MC202611000012', skuId: 'SKU-ENT-WEB', orderType: 3, status: 1, channel: 1723, age: 16 },
    { code: 'MC202611000013', skuId: 'SKU-SITE-STD', orderType: 2, status: 1, channel: 1740, age: 18 },
  ]

  const otherBusinesses = await ownBusinesses(tx, other)
  const otherPlans: Plan[] = [
    ...otherBusinesses.map((business, index) => ({
      code: business.orderCode,
      business,
      skuId: business.skuId,
      orderType: 1 as const,
      status: 1 as const,
      age: 90 + index,
    })),
    { code: 'MC202611000101', skuId: 'SKU-SITE-STD', orderType: 1, status: 3, age: 0 },
    { code: 'MC202611000102', skuId: 'SKU-ENT-WEB', orderType: 1, status: 1, age: 1 },
  ]

  const rows = [
    ...[...opening, ...recent].map((plan) => orderOf(plan, main, at)),
    ...otherPlans.map((plan) => orderOf(plan, other, at)),
  ].filter((row) => !taken.has(row.orderCode))
  if (!rows.length) return
  const inserted = await insertOrders(tx, rows)

  // Paperwork behind the states: invoice applications (2-4; 4 with its file) and contracts (1, 2).
  for (const order of inserted) {
    if ([2, 3, 4].includes(order.billStatus)) {
      const issued = order.billStatus === 4
      const key = issued ? fileKey() : null
      const appliedAt = new Date(order.createdAt.getTime() + hours(24))
      const [application] = await tx
        .insert(invoiceApplications)
        .values({
          orderId: order.id,
          accountId: order.accountId,
          subject: 2,
          billType: 1,
          title: order.accountId === main ? '星辰科技有限公司' : '云帆贸易有限公司',
          code: '91350100M000100Y43',
          content: INVOICE_CONTENT,
          amount: order.payAmount,
          applicant: '张星辰',
          applicantPhone: '13800000001',
          receiveMail: 'owner@xingchen-demo.cn',
          state: issued ? INVOICE_STATE.issued : INVOICE_STATE.applied,
          fileKey: key,
          issuedAt: issued ? new Date(appliedAt.getTime() + hours(24)) : null,
          createdAt: appliedAt,
        })
        .returning({ id: invoiceApplications.id })
      await tx.insert(invoiceApplicationOrders).values({ applicationId: application.id, orderId: order.id })
      if (key) {
        await tx
          .update(orders)
          .set({ billUrl: `/__dev/esign/invoices/${key}.pdf` })
          .where(eq(orders.id, order.id))
      }
    }
    if (order.signStatus === 1 || order.signStatus === 2) {
      await tx.insert(contractApplications).values({
        orderId: order.id,
        accountId: order.accountId,
        applyType: 1,
        name: '星辰科技有限公司',
        orgName: '星辰科技有限公司',
        idType: 'CRED_ORG_USCC',
        idTypeName: '统一社会信用代码',
        facNumber: '91350100M000100Y43',
        orgLegalIdType: 'CRED_PSN_CH_IDCARD',
        orgLegalIdTypeName: '大陆身份证',
        orgLegalIdNumber: '11010519491231002X',
        orgLegalName: '张星辰',
        mobile: '13800000001',
        contacts: '张星辰',
        fileKey: fileKey(),
        createdAt: new Date(order.createdAt.getTime() + hours(24)),
        signedAt: order.signStatus === 2 ? new Date(order.createdAt.getTime() + hours(25)) : null,
      })
    }
  }
}
