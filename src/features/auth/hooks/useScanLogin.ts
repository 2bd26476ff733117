import { useState } from 'react'
import { answerBrowserRequest, scanBrowserRequest, type PendingScan } from '../scan-login'

/** The account menu's 扫一扫: `start` scans; `pending` is shown for 确认 / 取消 until answered. */
export function useScanLogin() {
  const [pending, setPending] = useState<PendingScan | null>(null)
  const [busy, setBusy] = useState(false)
  const start = async () => setPending(await scanBrowserRequest())
  const answer = async (action: 'confirm' | 'cancel') => {
    if (!pending || busy) return
    setBusy(true)
    await answerBrowserRequest(pending, action)
    setBusy(false)
    setPending(null)
  }
  return { pending, busy, start, answer }
}
