// The operation log (account-area §7 "Account": getMyOperateRecordList).
import type { FastifyInstance } from 'fastify'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import type { PageRequest } from '../services/paging'
import { pageNum, pageSize } from './paging'
import { object } from './schemas'

export function operateLogRoutes(app: FastifyInstance, { operateLog }: Services, { requireViewer }: Guards) {
  app.get<{ Querystring: PageRequest }>(
    '/api/app/account/getMyOperateRecordList',
    {
      schema: { querystring: object({ pageNum, pageSize }, ['pageNum', 'pageSize']) },
      preHandler: requireViewer,
    },
    async (req) => ok(await operateLog.list(req.viewer, req.query)),
  )
}
