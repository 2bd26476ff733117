import { Canvas } from '@tarojs/components'
import Taro from '@tarojs/taro'
import QRCode from 'qrcode'
import { useEffect, useMemo } from 'react'
import { designPx, screenPxPerDesignPx } from './env'
import type { WechatLoginMode } from './wechat'

export function wechatLoginMode(): WechatLoginMode {
  return 'mini'
}

export async function miniProgramLoginCode(): Promise<string> {
  const { code } = await Taro.login()
  return code
}

export function openExternal(url: string) {
  // A mini-program cannot open web pages outside its business domains: offer the link instead.
  Taro.setClipboardData({ data: url })
}

export const canScanQrCode = true

export async function scanQrCode(): Promise<string> {
  const { result } = await Taro.scanCode({ onlyFromCamera: true, scanType: ['qrCode'] })
  return result
}

let nextId = 0

/** A QR code drawn module by module on a Canvas 2D (the `qrcode` package gives the matrix). */
export function QrCodeImage({ value, size }: { value: string; size: number; label?: string }) {
  const id = useMemo(() => `qr-canvas-${nextId++}`, [])
  useEffect(() => {
    Taro.createSelectorQuery()
      .select(`#${id}`)
      .fields({ node: true, size: true })
      .exec(([result]) => {
        const canvas = result?.node
        if (!canvas) return
        const ratio = Taro.getWindowInfo().pixelRatio
        const pixels = size * screenPxPerDesignPx()
        canvas.width = pixels * ratio
        canvas.height = pixels * ratio
        const ctx = canvas.getContext('2d')
        const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' })
        const cell = canvas.width / (modules.size + 2)
        ctx.fillStyle = '#fff'
        ctx.fillRect(0, 0, canvas.width, canvas.height)
        ctx.fillStyle = '#000'
        for (let row = 0; row < modules.size; row++) {
          for (let col = 0; col < modules.size; col++) {
            if (modules.get(row, col)) ctx.fillRect((col + 1) * cell, (row + 1) * cell, cell, cell)
          }
        }
      })
  }, [id, value, size])
  return <Canvas type='2d' id={id} style={{ width: designPx(size), height: designPx(size) }} />
}
