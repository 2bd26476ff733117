import { http } from '../../http/request'

export interface ImageCaptcha {
  uuid: string
  /** data: URL of the captcha image. */
  img: string
}

/** Image captcha types are per scenario (doc2 §5: 1-5 and 8; 6 and 7 on login and account pages). */
export const fetchImageCaptcha = (type: number) =>
  http.get<ImageCaptcha>('/api/app/code', { type }, { silent: true })
