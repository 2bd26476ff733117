// The operation log (account-area §7 "Account": getMyOperateRecordList).
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { deviceOf } from '../services/account/device-info'
import { DEVICE_PLATFORM, type DeviceInfo, type OperateRecord } from '../../src/core/contract/operate-log'
import { documented, TAG } from './api-tags'
import { answer, int, oneOfValues, pageOf, responseOf, shape, text } from './responses'
import { pageQuery, type TypedApp } from './schemas'

const about = documented(TAG.operateLog)

const operateRecord = responseOf<OperateRecord>()(
  shape({ id: int, memberAccount: text, type: int, content: text, status: int, ip: text, createTime: text }),
)
const deviceInfo = responseOf<DeviceInfo>()(
  shape({ ip: text, platform: oneOfValues(DEVICE_PLATFORM), os: text, browser: text }),
)

export function operateLogRoutes(app: TypedApp, { operateLog }: Services, { requireViewer }: Guards) {
  app.get(
    '/api/app/account/getMyOperateRecordList',
    {
      schema: {
        ...about('操作日志列表'),
        querystring: pageQuery,
        response: answer(pageOf(operateRecord)),
      },
      preHandler: requireViewer,
    },
    async (req) => ok(await operateLog.list(req.viewer, req.query)),
  )

  // Display only: see services/account/device-info.ts.
  app.get(
    '/api/app/account/getDeviceInfo',
    { schema: { ...about('当前设备信息'), response: answer(deviceInfo) }, preHandler: requireViewer },
    async (req) => ok(deviceOf(req.headers['user-agent'], req.ip)),
  )
}
