import { useState } from 'react'
import { answerDesktopLogin, scanDesktopLogin, type PendingScan } from '../scan-login'

/** The account menu's 扫码登录网页版: `start` scans; `pending` is shown for 确认 / 取消 until answered. */
export function useScanLogin() {
  const [pending, setPending] = useState<PendingScan | null>(null)
  const [busy, setBusy] = useState(false)
  const start = async () => setPending(await scanDesktopLogin())
  const answer = async (action: 'confirm' | 'cancel') => {
    if (!pending || busy) return
    setBusy(true)
    await answerDesktopLogin(pending, action)
    setBusy(false)
    setPending(null)
  }
  return { pending, busy, start, answer }
}
