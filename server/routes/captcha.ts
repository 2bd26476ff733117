// Image captcha and slider puzzle (doc2 §7 "GET /api/app/code {type}", "Slider captcha").
import { tokenOf } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { SLIDER_MESSAGES } from '../services/auth/captchas'
import type {
  ImageCaptcha,
  ImageCaptchaQuery,
  SliderCheckRequest,
  SliderPuzzle,
  SliderPuzzleQuery,
} from '../../src/core/contract/captcha'
import { documented, TAG } from './api-tags'
import { answer, int, nullAnswer, responseOf, shape, text } from './responses'
import { integer, object, requestOf, shortText, type TypedApp } from './schemas'

const imageTypeQuery = requestOf<ImageCaptchaQuery>()(object({ type: integer }))
const sliderTypeFields = object({ type: shortText(16) })
const sliderTypeQuery = requestOf<SliderPuzzleQuery>()(sliderTypeFields)
// POST may send no body at all (the type then comes in the query).
const sliderTypeBody = requestOf<SliderPuzzleQuery>()({ ...sliderTypeFields, nullable: true })
const sliderCheckBody = requestOf<SliderCheckRequest>()(
  object({ id: shortText(64), captchaData: shortText(256), phone: shortText(32) }),
)

const about = documented(TAG.captcha)
const imageCaptcha = responseOf<ImageCaptcha>()(shape({ uuid: text, img: text }))
const sliderPuzzle = responseOf<SliderPuzzle>()(
  shape({
    id: text,
    backgroundImage: text,
    pieceImage: text,
    y: int,
    width: int,
    height: int,
    pieceSize: int,
  }),
)

export function captchaRoutes(app: TypedApp, { captchas, sessions, smsRequests }: Services) {
  app.get(
    '/api/app/code',
    {
      schema: {
        ...about('图形验证码'),
        querystring: imageTypeQuery,
        response: answer(imageCaptcha),
      },
    },
    async (req) => ok(await captchas.createImage(req.query.type)),
  )

  app.get(
    '/api/app/genCaptcha',
    { schema: { ...about('滑块验证码'), querystring: sliderTypeQuery, response: answer(sliderPuzzle) } },
    async (req) => ok(await captchas.createSlider(req.query.type)),
  )

  // POST takes the type in the JSON body or, like GET, in the query.
  app.post(
    '/api/app/genCaptcha',
    {
      schema: {
        ...about('滑块验证码（POST）'),
        querystring: sliderTypeQuery,
        body: sliderTypeBody,
        response: answer(sliderPuzzle),
      },
    },
    async (req) => ok(await captchas.createSlider(req.body?.type ?? req.query.type)),
  )

  app.post(
    '/api/app/check222',
    { schema: { ...about('校验滑块'), body: sliderCheckBody, response: nullAnswer } },
    async (req) => {
      // Without a phone the puzzle is for the calling session's bound phone (security verification).
      const token = req.body.phone?.trim() ? undefined : tokenOf(req)
      const viewer = token ? await sessions.resolve(token) : null
      await smsRequests.checkSlider(req.body, viewer)
      return ok(null, SLIDER_MESSAGES.passed)
    },
  )
}
