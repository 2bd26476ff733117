import { QrCodeImage } from '../../core/platform/wechat'

const QR_VALUE = 'http://127.0.0.1:8080/__dev/wechat/scan?code=abcdef123456'

/** Test entry: the mini-program QR code (module matrix drawn on a Canvas 2D). */
export default function QrCodeEntry() {
  return <QrCodeImage value={QR_VALUE} size={160} />
}
