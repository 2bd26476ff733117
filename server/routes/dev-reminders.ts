// TODO: POST /__dev/reminders/run (development only).
import type { Services } from '../services'
import type { TypedApp } from './schemas'

export function devReminderRoutes(_app: TypedApp, _services: Services) {}
