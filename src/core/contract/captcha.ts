// Captchas on the wire (doc2 §5 image captcha, §7 "Slider captcha"). Images are data: URLs.

/** GET /api/app/code. */
export interface ImageCaptcha {
  uuid: string
  /** data: URL of the captcha image (SVG). */
  img: string
}

/** genCaptcha's type for the slider. */
export const SLIDER_TYPE = 'SLIDER'

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

/** What an SMS send carries to prove the slider was solved (for that phone). */
export interface SolvedSlider {
  captchaId: string
  captchaData: string
}
