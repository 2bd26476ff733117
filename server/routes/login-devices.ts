// 登录设备 and the login history (账户管理): the session member's own data, for the main account
// and sub-admins alike.
import {
  LOGIN_DEVICE_MESSAGES,
  type LastLogin,
  type LoginDevice,
  type LoginHistoryEntry,
  type SignOutDeviceRequest,
} from '../../src/core/contract/login-devices'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { documented, TAG } from './api-tags'
import { answer, flag, int, listOf, nullable, nullAnswer, pageOf, responseOf, shape, text } from './responses'
import { object, pageQuery, requestOf, rowId, type TypedApp } from './schemas'

const about = documented(TAG.account)
const loginDevice = responseOf<LoginDevice>()(
  shape({
    id: int,
    device: text,
    city: text,
    ip: text,
    firstActiveAt: text,
    lastActiveAt: text,
    current: flag,
  }),
)
const historyEntry = responseOf<LoginHistoryEntry>()(
  shape({ id: int, time: text, success: flag, method: text, ip: text, city: text, device: text }),
)
const lastLogin = responseOf<LastLogin>()(nullable(shape({ time: text, city: text, device: text })))

const signOutBody = requestOf<SignOutDeviceRequest>()(object({ id: rowId }, ['id']))

export function loginDeviceRoutes(app: TypedApp, { loginDevices }: Services, guards: Guards) {
  const { requireViewer, requireFreshSession } = guards

  app.get(
    '/api/app/account/loginDevices',
    {
      schema: { ...about('登录设备列表'), response: answer(listOf(loginDevice)) },
      preHandler: requireViewer,
    },
    async (req) => ok(await loginDevices.list(req.viewer)),
  )

  app.post(
    '/api/app/account/loginDevices/signOut',
    {
      schema: { ...about('退出一台登录设备'), body: signOutBody, response: nullAnswer },
      preHandler: requireViewer,
    },
    async (req) => {
      await loginDevices.signOut(req.viewer, req.body.id, req.ip)
      return ok(null, LOGIN_DEVICE_MESSAGES.signedOut)
    },
  )

  // Ending every other session is what someone holding a stolen one would do first: credentials
  // must have been shown recently (account-reverify.ts).
  app.post(
    '/api/app/account/loginDevices/signOutOthers',
    { schema: { ...about('退出其他所有登录设备'), response: nullAnswer }, preHandler: requireFreshSession },
    async (req) => {
      await loginDevices.signOutOthers(req.viewer, req.ip)
      return ok(null, LOGIN_DEVICE_MESSAGES.othersSignedOut)
    },
  )

  app.get(
    '/api/app/account/loginHistory',
    {
      schema: { ...about('登录历史'), querystring: pageQuery, response: answer(pageOf(historyEntry)) },
      preHandler: requireViewer,
    },
    async (req) => ok(await loginDevices.history(req.viewer, req.query)),
  )

  app.get(
    '/api/app/account/lastLogin',
    { schema: { ...about('上次登录（本次之前）'), response: answer(lastLogin) }, preHandler: requireViewer },
    async (req) => ok(await loginDevices.lastLogin(req.viewer)),
  )
}
