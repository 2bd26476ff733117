// Work orders (doc2 §7 "Work orders").
import type { FastifyInstance } from 'fastify'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'

export function workOrderRoutes(app: FastifyInstance, { workOrders }: Services, { requireViewer }: Guards) {
  app.get(
    '/api/appWorkOrderCommunicationRecords/getRecordCount',
    { preHandler: requireViewer },
    async (req) => ok(await workOrders.unreadRecordCount(req.viewer)),
  )
}
