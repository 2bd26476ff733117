import { http } from '../../http/request'

export interface ImageCaptcha {
  uuid: string
  /** data: URL of the captcha image. */
  img: string
}

/** Image captcha types are per scenario (doc2 §5: 1-5 and 8; 6 and 7 on login and account pages). */
export const fetchImageCaptcha = (type: number) =>
  http.get<ImageCaptcha>('/api/app/code', { type }, { silent: true })

/** A slider puzzle: drag the piece to the gap (doc2 §7 "Slider captcha"). Images are data: URLs. */
export interface SliderPuzzle {
  id: string
  backgroundImage: string
  pieceImage: string
  /** Top of the piece in the background, px. */
  y: number
  width: number
  height: number
  pieceSize: number
}

/** What an SMS send carries to prove the slider was solved (for that phone). */
export interface SolvedSlider {
  captchaId: string
  captchaData: string
}

export const fetchSliderPuzzle = () =>
  http.get<SliderPuzzle>('/api/app/genCaptcha', { type: 'SLIDER' }, { silent: true })

/** `phone` empty: the puzzle is bound to the phone of the session `token` (security verification). */
export const verifySliderPuzzle = (
  body: { id: string; captchaData: string; phone: string },
  token?: string,
) =>
  http.post<null>('/api/app/check222', body.phone ? body : { id: body.id, captchaData: body.captchaData }, {
    silent: true,
    token,
  })
