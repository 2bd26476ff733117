import type { ComponentType } from 'react'

/**
 * How this end proves which WeChat the user holds when binding or changing it (account-area §2):
 * 'scan' — the page shows a QR that WeChat on a phone scans and approves, and polls (H5);
 * 'login' — the mini-program's own WeChat, through a wx.login code (no QR).
 */
export declare const wechatProof: 'scan' | 'login'
/** A wx.login code for the server to map to the openid (mini-program only). */
export declare function wechatLoginCode(): Promise<string>
/** The bind / change QR at the spec's 180 px (account-area §9). */
export declare const BindingQrCode: ComponentType<{ value: string; label: string }>
