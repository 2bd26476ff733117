import { useCallback, useEffect, useState } from 'react'
import { fetchImageCaptcha, type ImageCaptcha } from './api'

export const CAPTCHA_LOAD_FAILED = '获取图形验证码失败'

export interface ImageCaptchaState {
  captcha: ImageCaptcha | null
  loading: boolean
  failed: boolean
  refresh(): void
}

/** One image captcha; `refresh` fetches a new one (after every failed attempt: captchas are single use). */
export function useImageCaptcha(type: number): ImageCaptchaState {
  const [captcha, setCaptcha] = useState<ImageCaptcha | null>(null)
  const [loading, setLoading] = useState(true)
  const [failed, setFailed] = useState(false)
  const refresh = useCallback(() => {
    setLoading(true)
    setFailed(false)
    fetchImageCaptcha(type)
      .then(setCaptcha)
      .catch(() => {
        setCaptcha(null)
        setFailed(true)
      })
      .finally(() => setLoading(false))
  }, [type])
  useEffect(refresh, [refresh])
  return { captcha, loading, failed, refresh }
}
