// The columns of a WeChat QR scene that tie it to the browser that asked for it and to the one
// confirmation the phone may give (login scenes and bind / change scenes alike; qr-scene.ts).
import { varchar } from 'drizzle-orm/pg-core'

export const sceneApprovalColumns = () => ({
  /** sha256 of the secret handed only to the creating browser: every poll must show it. */
  secretHash: varchar('secret_hash', { length: 64 }),
  /** sha256 of the one-time token of the confirmation form shown to whoever scanned last. */
  formTokenHash: varchar('form_token_hash', { length: 64 }),
  /** The creating browser and address, shown on the phone before it confirms. */
  requesterBrowser: varchar('requester_browser', { length: 64 }),
  requesterIp: varchar('requester_ip', { length: 64 }),
})
