// What the WeChat Pay and Alipay suites share: calls as the demo owner on a production-mode variant
// of the test server, a fresh order to pay, and the rows the paid path writes.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { orders, payments } from '../../../server/db/schema'
import type { TestServer } from './harness'

/** The catalogue product every provider test buys. */
export const PROVIDER_TEST_SKU = 'SKU-SITE-STD'

/** `current()` gives the suite's server, production app and owner token once beforeAll has set them. */
export function providerOrders(current: () => { server: TestServer; app: FastifyInstance; owner: string }) {
  async function call<T = unknown>(method: 'GET' | 'POST', url: string, payload?: object) {
    const { app, owner } = current()
    const response = await app.inject({
      method,
      url,
      headers: { token: owner },
      ...(payload ? { payload } : {}),
    })
    return response.json() as { code: number; message: string; data: T }
  }

  async function newOrder(): Promise<string> {
    const { server, owner } = current()
    const answer = (await server.post(
      '/oapi/newac/GenerateOrder',
      { SkuId: PROVIDER_TEST_SKU, OrderTypeId: 1, BuyCycle: 1 },
      { token: owner },
    )) as { Data?: { OrderNo: string }[] }
    return answer.Data![0]!.OrderNo
  }

  const orderRow = async (code: string) =>
    (await current().server.db.select().from(orders).where(eq(orders.orderCode, code)))[0]!
  const paymentRows = (code: string) =>
    current().server.db.select().from(payments).where(eq(payments.orderCode, code))

  return { call, newOrder, orderRow, paymentRows }
}
