// Image captchas (GET /api/app/code) and slider puzzles (GET|POST /api/app/genCaptcha, check222).
// Image types 1-8 name the scenario (doc2 §5); all get the same 4-character image for now. Both
// kinds are single use: the first verification consumes them, right or wrong, so an answer cannot
// be guessed against one picture. A slider answered right is "solved for a phone" and then permits
// exactly one SMS send to that phone.
import crypto from 'node:crypto'
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import { create as drawCaptcha } from 'svg-captcha'
import {
  SLIDER_MESSAGES,
  SLIDER_TYPE,
  type ImageCaptcha,
  type SliderPuzzle,
} from '../../../src/core/contract/captcha'
import { captchaMatches } from '../../../src/core/validation/rules'
import { later, minutes, type AppContext } from '../../context'
import { captchas } from '../../db/schema'
import { invalid, INVALID_PARAMS } from '../shared/errors'
import { drawSliderPicture, SLIDER_HEIGHT, SLIDER_PIECE, SLIDER_WIDTH } from './slider-image'

export const CAPTCHA_TTL_MS = minutes(5)
export const IMAGE_CAPTCHA_TYPES = [1, 2, 3, 4, 5, 6, 7, 8]
export const CAPTCHA_TYPE_INVALID = '验证码类型错误'
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// Comparison ignores case, so only characters that stay distinct in both cases and cannot be
// mistaken for one another (no 0/O/o/Q, 1/I/l/i, 2/Z, 5/S, 9/g/q, c/C) are drawn.
const CHARACTERS = 'ABDEFGHJKMNPRTUWXYabdefhkmnprtuwxy3468'

/** How far (px) the dropped piece may be from the gap. */
export const SLIDER_TOLERANCE = 4
export { SLIDER_MESSAGES } from '../../../src/core/contract/captcha'

/** The dropped position from captchaData (`{"x":N}`), or null when it is not that shape. */
export function droppedX(captchaData: string): number | null {
  try {
    const x = (JSON.parse(captchaData) as { x?: unknown } | null)?.x
    return typeof x === 'number' && Number.isFinite(x) ? x : null
  } catch {
    return null
  }
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

  /** GET|POST /api/app/genCaptcha?type=SLIDER: the only type there is. */
  async function createSlider(type: string | undefined): Promise<SliderPuzzle> {
    if (type !== SLIDER_TYPE) throw invalid(INVALID_PARAMS)
    const picture = drawSliderPicture()
    const id = crypto.randomUUID()
    const createdAt = now()
    await db.insert(captchas).values({
      id,
      kind: 'slider',
      answer: JSON.stringify({ x: picture.answerX }),
      createdAt,
      expiresAt: later(createdAt, CAPTCHA_TTL_MS),
    })
    return {
      id,
      backgroundImage: picture.backgroundImage,
      pieceImage: picture.pieceImage,
      y: picture.y,
      width: SLIDER_WIDTH,
      height: SLIDER_HEIGHT,
      pieceSize: SLIDER_PIECE,
    }
  }

  /**
   * POST /api/app/check222: the first check consumes the puzzle. Right, in time: solved for
   * `phone`. Wrong: void. Unknown, expired or already checked: 验证码已失效.
   */
  async function checkSlider(id: string, captchaData: string, phone: string): Promise<void> {
    if (!UUID_PATTERN.test(id)) throw invalid(SLIDER_MESSAGES.expired)
    const current = now()
    const [checked] = await db
      .update(captchas)
      .set({ usedAt: current })
      .where(and(eq(captchas.id, id), eq(captchas.kind, 'slider'), isNull(captchas.usedAt)))
      .returning({ answer: captchas.answer, expiresAt: captchas.expiresAt })
    if (!checked || checked.expiresAt <= current) throw invalid(SLIDER_MESSAGES.expired)
    const answerX = droppedX(checked.answer)
    const given = droppedX(captchaData)
    if (answerX === null || given === null || Math.abs(given - answerX) > SLIDER_TOLERANCE) {
      throw invalid(SLIDER_MESSAGES.wrong)
    }
    await db.update(captchas).set({ solvedAt: current, phone }).where(eq(captchas.id, id))
  }

  /** One SMS send per solved puzzle, to the phone it was solved for, before the puzzle expires. */
  async function spendSlider(id: string, phone: string): Promise<void> {
    const current = now()
    const spent = UUID_PATTERN.test(id)
      ? await db
          .update(captchas)
          .set({ spentAt: current })
          .where(
            and(
              eq(captchas.id, id),
              eq(captchas.kind, 'slider'),
              isNotNull(captchas.solvedAt),
              isNull(captchas.spentAt),
              eq(captchas.phone, phone),
              gt(captchas.expiresAt, current),
            ),
          )
          .returning({ id: captchas.id })
      : []
    if (spent.length === 0) throw invalid(SLIDER_MESSAGES.required)
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

  return { createImage, verifyImage, createSlider, checkSlider, spendSlider, answerOf }
}

export type CaptchaService = ReturnType<typeof createCaptchaService>
