// Every request runs with its client's device in scope (services/auth/request-device.ts). Set just
// before the handlers, once the body is read, so nothing between loses it.
import type { FastifyInstance } from 'fastify'
import { deviceIdOf, isMiniProgramReferer } from '../services/account/device-info'
import { runWithDevice } from '../services/auth/request-device'

export const DEVICE_ID_HEADER = 'x-device-id'

export function registerRequestDevice(app: FastifyInstance) {
  app.addHook('preHandler', (req, _reply, done) => {
    const agent = req.headers['user-agent']
    const device = {
      deviceId: deviceIdOf(req.headers[DEVICE_ID_HEADER]),
      userAgent: (Array.isArray(agent) ? agent[0] : agent) ?? '',
      miniProgram: isMiniProgramReferer(req.headers.referer),
    }
    runWithDevice(device, done)
  })
}
