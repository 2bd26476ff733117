import { useState } from 'react'
import { useSubmit } from '../../../core/ui/useSubmit'
import { answerBrowserRequest, scanBrowserRequest, type PendingScan } from '../scan-login'

/** The account menu's 扫一扫: `start` scans; `pending` is shown for 确认 / 取消 until answered. */
export function useScanLogin() {
  const [pending, setPending] = useState<PendingScan | null>(null)
  // answerBrowserRequest toasts its own outcome and never rejects.
  const answering = useSubmit()
  const start = async () => setPending(await scanBrowserRequest())
  const answer = async (action: 'confirm' | 'cancel') => {
    if (!pending) return
    await answering.run(async () => {
      await answerBrowserRequest(pending, action)
      setPending(null)
    })
  }
  return { pending, busy: answering.busy, start, answer }
}
