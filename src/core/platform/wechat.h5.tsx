import { Image, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { designPx } from './env'
import type { WechatLoginMode } from './wechat'

const DESKTOP_QUERY = '(min-width: 768px)'

export function wechatLoginMode(): WechatLoginMode {
  if (/MicroMessenger/i.test(navigator.userAgent)) return 'oauth'
  return window.matchMedia?.(DESKTOP_QUERY).matches ? 'qr' : 'none'
}

export function miniProgramLoginCode(): Promise<string> {
  return Promise.reject(new Error('wx.login exists only in the mini-program'))
}

export function openExternal(url: string) {
  window.location.href = url
}

export const canScanQrCode = false

export function scanQrCode(): Promise<string> {
  return Promise.reject(new Error('scanning needs the mini-program'))
}

/** A QR code as an image (data: URL) — H5 needs no canvas. */
export function QrCodeImage({
  value,
  size,
  label = '二维码',
}: {
  value: string
  size: number
  label?: string
}) {
  const [src, setSrc] = useState('')
  useEffect(() => {
    let alive = true
    // Loaded on demand: only desktop QR views need the encoder (keeps it out of the first load).
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(value, { margin: 1, width: size * 2 }))
      .then((url) => alive && setSrc(url))
    return () => {
      alive = false
    }
  }, [value, size])
  const box = { width: designPx(size), height: designPx(size) }
  return src ? (
    <Image src={src} style={box} aria-label={label} nativeProps={{ alt: label }} data-qr-value={value} />
  ) : (
    <View style={box} aria-busy />
  )
}
