// 登录设备 and the login history (账户管理): the session member's own data, for the main account
// and sub-admins alike.
import { LOGIN_DEVICE_MESSAGES, type SignOutDeviceRequest } from '../../src/core/contract/login-devices'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { object, pageQuery, requestOf, rowId, type TypedApp } from './schemas'

const signOutBody = requestOf<SignOutDeviceRequest>()(object({ id: rowId }, ['id']))

export function loginDeviceRoutes(app: TypedApp, { loginDevices }: Services, guards: Guards) {
  const { requireViewer, requireFreshSession } = guards

  app.get('/api/app/account/loginDevices', { preHandler: requireViewer }, async (req) =>
    ok(await loginDevices.list(req.viewer)),
  )

  app.post(
    '/api/app/account/loginDevices/signOut',
    { schema: { body: signOutBody }, preHandler: requireViewer },
    async (req) => {
      await loginDevices.signOut(req.viewer, req.body.id, req.ip)
      return ok(null, LOGIN_DEVICE_MESSAGES.signedOut)
    },
  )

  // Ending every other session is what someone holding a stolen one would do first: credentials
  // must have been shown recently (account-reverify.ts).
  app.post(
    '/api/app/account/loginDevices/signOutOthers',
    { preHandler: requireFreshSession },
    async (req) => {
      await loginDevices.signOutOthers(req.viewer, req.ip)
      return ok(null, LOGIN_DEVICE_MESSAGES.othersSignedOut)
    },
  )

  app.get(
    '/api/app/account/loginHistory',
    { schema: { querystring: pageQuery }, preHandler: requireViewer },
    async (req) => ok(await loginDevices.history(req.viewer, req.query)),
  )

  app.get('/api/app/account/lastLogin', { preHandler: requireViewer }, async (req) =>
    ok(await loginDevices.lastLogin(req.viewer)),
  )
}
