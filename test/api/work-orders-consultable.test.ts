// The orders a work order can be about (getOrderList, getNewOrderList) carry what the submit form's
// order picker shows beside each: the day it was placed and what was paid.
import type { ConsultableOrder } from '../../src/core/contract/work-orders'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let token = ''

beforeAll(async () => {
  token = await server.tokenFor(DEMO.owner)
}, 60_000)
describe('consultable orders show their date and amount', () => {
  it.each(['/api/acWorkOrder/getOrderList', '/api/acWorkOrder/getNewOrderList'])('%s', async (path) => {
    const answer = await server.post<ConsultableOrder[]>(path, {}, { token })
    expect(answer.data.length).toBeGreaterThan(0)
    for (const order of answer.data) {
      expect(order.payAmount).toMatch(/^\d+\.\d{2}$/)
      expect(Number.isNaN(Date.parse(order.createTime))).toBe(false)
    }
  })
})
