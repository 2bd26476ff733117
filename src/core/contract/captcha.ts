// Captchas on the wire (doc2 §5 image captcha, §7 "Slider captcha"). Images are data: URLs.

/** GET /api/app/code's query: the scenario's captcha type (doc2 §5). */
export interface ImageCaptchaQuery {
  type: number
}

/** GET /api/app/code. */
export interface ImageCaptcha {
  uuid: string
  /** data: URL of the captcha image (SVG). */
  img: string
}

/** genCaptcha's type for the slider. */
export const SLIDER_TYPE = 'SLIDER'

/** The slider's refusals (check222, and an SMS send whose puzzle is missing or spent). */
export const SLIDER_MESSAGES = {
  passed: '验证成功',
  wrong: '验证失败，请重新拖动滑块',
  expired: '验证码已失效，请刷新后重试',
  required: '请先完成滑块验证',
} as const

/**
 * Whether a refused SMS send is about its puzzle (a wrong, spent or expired slide): a new puzzle
 * fixes that. Any other refusal (the send limit, an unregistered phone) a new puzzle cannot.
 */
export function puzzleRefused(message: string): boolean {
  return (
    message === SLIDER_MESSAGES.wrong ||
    message === SLIDER_MESSAGES.expired ||
    message === SLIDER_MESSAGES.required
  )
}

/** GET /api/app/genCaptcha's query (and POST's body or query): SLIDER_TYPE. */
export interface SliderPuzzleQuery {
  type: string
}

/** GET /api/app/genCaptcha: drag the piece to the gap. */
export interface SliderPuzzle {
  id: string
  backgroundImage: string
  pieceImage: string
  /** Top of the gap and of the piece, px from the top of the background. */
  y: number
  width: number
  height: number
  pieceSize: number
}

/**
 * POST /api/app/check222: the slide's position for puzzle `id`, for `phone`; without a phone the
 * puzzle is for the calling session's bound phone (security verification).
 */
export interface SliderCheckRequest {
  id: string
  captchaData: string
  phone?: string
}

/** What an SMS send carries to prove the slider was solved (for that phone). */
export interface SolvedSlider {
  captchaId: string
  captchaData: string
}
