import { QrCodeImage } from './wechat'

export const wechatProof = 'scan'

export function wechatLoginCode(): Promise<string> {
  return Promise.reject(new Error('wx.login exists only in the mini-program'))
}

export function BindingQrCode({ value, label }: { value: string; label: string }) {
  return <QrCodeImage value={value} size={180} label={label} />
}
