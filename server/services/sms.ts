// SMS codes go to an outbox table instead of a carrier; each is also printed to the server log
// and readable at GET /__dev/sms outside production (design "Reference server").
import crypto from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { smsOutbox } from '../db/schema'

/** doc2 §9: SMS codes are 6 digits. */
export function newSmsCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')
}

export function createSmsService({ db, now, log }: AppContext) {
  async function send(phone: string, purpose: string): Promise<string> {
    const code = newSmsCode()
    await db.insert(smsOutbox).values({ phone, code, purpose, createdAt: now() })
    log.info({ phone, purpose, code }, `SMS code ${code} for ${phone} (${purpose})`)
    return code
  }

  async function latestCode(phone: string): Promise<string | null> {
    const [row] = await db
      .select({ code: smsOutbox.code })
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, phone))
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(1)
    return row?.code ?? null
  }

  return { send, latestCode }
}

export type SmsService = ReturnType<typeof createSmsService>
