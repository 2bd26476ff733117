// Image captcha and slider puzzle (doc2 §7 "GET /api/app/code {type}", "Slider captcha").
import { tokenOf } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { SLIDER_MESSAGES } from '../services/auth/captchas'
import type { SliderCheckRequest } from '../../src/core/contract/captcha'
import { integer, object, requestOf, shortText, type TypedApp } from './schemas'

const sliderTypeQuery = object({ type: shortText(16) })
const sliderCheckBody = requestOf<SliderCheckRequest>()(
  object({ id: shortText(64), captchaData: shortText(256), phone: shortText(32) }),
)

export function captchaRoutes(app: TypedApp, { captchas, sessions, smsRequests }: Services) {
  app.get('/api/app/code', { schema: { querystring: object({ type: integer }) } }, async (req) =>
    ok(await captchas.createImage(req.query.type)),
  )

  app.get('/api/app/genCaptcha', { schema: { querystring: sliderTypeQuery } }, async (req) =>
    ok(await captchas.createSlider(req.query.type)),
  )

  // POST takes the type in the JSON body or, like GET, in the query.
  app.post(
    '/api/app/genCaptcha',
    { schema: { querystring: sliderTypeQuery, body: { ...sliderTypeQuery, nullable: true } } },
    async (req) => ok(await captchas.createSlider(req.body?.type ?? req.query.type)),
  )

  app.post('/api/app/check222', { schema: { body: sliderCheckBody } }, async (req) => {
    // Without a phone the puzzle is for the calling session's bound phone (security verification).
    const token = req.body.phone?.trim() ? undefined : tokenOf(req)
    const viewer = token ? await sessions.resolve(token) : null
    await smsRequests.checkSlider(req.body, viewer)
    return ok(null, SLIDER_MESSAGES.passed)
  })
}
