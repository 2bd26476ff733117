// TODO: routes of the renewal centre issue.
import type { Guards } from '../http/auth'
import type { Services } from '../services'
import type { TypedApp } from './schemas'

export function notificationSettingsRoutes(_app: TypedApp, _services: Services, _guards: Guards) {}
