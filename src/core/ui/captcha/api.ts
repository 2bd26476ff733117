import {
  SLIDER_TYPE,
  type ImageCaptcha,
  type ImageCaptchaQuery,
  type SliderCheckRequest,
  type SliderPuzzle,
  type SliderPuzzleQuery,
  type SolvedSlider,
} from '../../contract/captcha'
import { http } from '../../http/request'

// The answers' types are the contract's; the captcha components read them from here.
export type { ImageCaptcha, SliderPuzzle, SolvedSlider }

/** Image captcha types are per scenario (doc2 §5: 1-5 and 8; 6 and 7 on login and account pages). */
export const fetchImageCaptcha = (type: number) =>
  http.get<ImageCaptcha>('/api/app/code', { type } satisfies ImageCaptchaQuery, { silent: true })

/** A slider puzzle: drag the piece to the gap (doc2 §7 "Slider captcha"). */
export const fetchSliderPuzzle = () =>
  http.get<SliderPuzzle>('/api/app/genCaptcha', { type: SLIDER_TYPE } satisfies SliderPuzzleQuery, {
    silent: true,
  })

/** `phone` empty: the puzzle is bound to the phone of the session `token` (security verification). */
export const verifySliderPuzzle = (body: Required<SliderCheckRequest>, token?: string) =>
  http.post<null>(
    '/api/app/check222',
    body.phone ? body : ({ id: body.id, captchaData: body.captchaData } satisfies SliderCheckRequest),
    {
      silent: true,
      token,
    },
  )
