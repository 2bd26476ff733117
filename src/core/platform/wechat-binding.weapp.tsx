import { miniProgramLoginCode, QrCodeImage } from './wechat'

// The mini-program is WeChat itself: the user's WeChat is proven by wx.login, with no QR to scan.
export const wechatProof = 'login'

export const wechatLoginCode = miniProgramLoginCode

export function BindingQrCode({ value, label }: { value: string; label: string }) {
  return <QrCodeImage value={value} size={180} label={label} />
}
