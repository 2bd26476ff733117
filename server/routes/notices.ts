// Notices (account-area §7 "Notices and messages").
import type { FastifyInstance } from 'fastify'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'

export function noticeRoutes(app: FastifyInstance, { notices }: Services, { requireViewer }: Guards) {
  app.get('/api/pc/getUnReadCount', { preHandler: requireViewer }, async (req) =>
    ok(await notices.unreadCount(req.viewer)),
  )
}
