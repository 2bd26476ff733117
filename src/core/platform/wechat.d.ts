import type { ComponentType } from 'react'

export type WechatLoginMode = 'qr' | 'oauth' | 'mini' | 'none'

/** Desktop browsers scan a QR, the WeChat browser uses OAuth, the mini-program its own login. */
export declare function wechatLoginMode(): WechatLoginMode
/** A wx.login code (mini-program only). */
export declare function miniProgramLoginCode(): Promise<string>
/** Leaves the page for an external URL (the WeChat OAuth page). */
export declare function openExternal(url: string): void
/** Scans a QR code with the camera and returns its text (mini-program only). */
export declare function scanQrCode(): Promise<string>
export declare const canScanQrCode: boolean
export declare const QrCodeImage: ComponentType<{ value: string; size: number; label?: string }>
