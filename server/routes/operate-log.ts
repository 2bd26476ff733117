// The operation log (account-area §7 "Account": getMyOperateRecordList).
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { deviceOf } from '../services/account/device-info'
import { object, type TypedApp, pageNum, pageSize } from './schemas'

export function operateLogRoutes(app: TypedApp, { operateLog }: Services, { requireViewer }: Guards) {
  app.get(
    '/api/app/account/getMyOperateRecordList',
    {
      schema: { querystring: object({ pageNum, pageSize }, ['pageNum', 'pageSize']) },
      preHandler: requireViewer,
    },
    async (req) => ok(await operateLog.list(req.viewer, req.query)),
  )

  // Display only: see services/account/device-info.ts.
  app.get('/api/app/account/getDeviceInfo', { preHandler: requireViewer }, async (req) =>
    ok(deviceOf(req.headers['user-agent'], req.ip)),
  )
}
