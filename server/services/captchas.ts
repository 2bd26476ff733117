// Image captchas (GET /api/app/code). Types 1-8 name the scenario (doc2 §5); all get the same
// 4-character image for now. A captcha is single use: its first verification consumes it, right
// or wrong, so an answer cannot be guessed against one image.
import crypto from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { create as drawCaptcha } from 'svg-captcha'
import { captchaMatches } from '../../src/core/validation/rules'
import { later, minutes, type AppContext } from '../context'
import { captchas } from '../db/schema'
import { invalid } from '../http/failure'

export const CAPTCHA_TTL_MS = minutes(5)
export const IMAGE_CAPTCHA_TYPES = [1, 2, 3, 4, 5, 6, 7, 8]
export const CAPTCHA_TYPE_INVALID = '验证码类型错误'
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// Comparison ignores case, so only characters that stay distinct in both cases and cannot be
// mistaken for one another (no 0/O/o/Q, 1/I/l/i, 2/Z, 5/S, 9/g/q, c/C) are drawn.
const CHARACTERS = 'ABDEFGHJKMNPRTUWXYabdefhkmnprtuwxy3468'

export interface ImageCaptcha {
  uuid: string
  /** data: URL of the SVG image. */
  img: string
}

export function createCaptchaService({ db, now }: AppContext) {
  async function createImage(type: number | undefined): Promise<ImageCaptcha> {
    if (type === undefined || !IMAGE_CAPTCHA_TYPES.includes(type)) throw invalid(CAPTCHA_TYPE_INVALID)
    const picture = drawCaptcha({
      size: 4,
      charPreset: CHARACTERS,
      noise: 2,
      color: true,
      width: 120,
      height: 40,
      fontSize: 48,
    })
    const uuid = crypto.randomUUID()
    const createdAt = now()
    await db.insert(captchas).values({
      id: uuid,
      kind: 'image',
      answer: picture.text,
      createdAt,
      expiresAt: later(createdAt, CAPTCHA_TTL_MS),
    })
    return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(picture.data).toString('base64')}` }
  }

  /** Consumes the captcha and says whether `given` answered it in time (case-insensitive, account-area §5). */
  async function verifyImage(uuid: string, given: string): Promise<boolean> {
    if (!UUID_PATTERN.test(uuid)) return false
    const current = now()
    const [consumed] = await db
      .update(captchas)
      .set({ usedAt: current })
      .where(and(eq(captchas.id, uuid), eq(captchas.kind, 'image'), isNull(captchas.usedAt)))
      .returning({ answer: captchas.answer, expiresAt: captchas.expiresAt })
    if (!consumed || consumed.expiresAt <= current) return false
    return captchaMatches(consumed.answer, given)
  }

  /** Dev sandbox only: the answer of any captcha, used or not. */
  async function answerOf(id: string): Promise<string | null> {
    if (!UUID_PATTERN.test(id)) return null
    const [row] = await db
      .select({ answer: captchas.answer })
      .from(captchas)
      .where(eq(captchas.id, id))
      .limit(1)
    return row?.answer ?? null
  }

  return { createImage, verifyImage, answerOf }
}

export type CaptchaService = ReturnType<typeof createCaptchaService>
