// The question an entry link asks before it replaces another identity's session (entry-link.ts):
// `ask()` opens the dialog and resolves with the answer; `dialog` is rendered by the page frame.
import { useCallback, useState } from 'react'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { ENTRY_LINK_MSG } from '../entry-link'

export function useSwitchQuestion() {
  const [pending, setPending] = useState<((answer: boolean) => void) | null>(null)
  const ask = useCallback(() => new Promise<boolean>((resolve) => setPending(() => resolve)), [])
  const answer = (value: boolean) => {
    pending?.(value)
    setPending(null)
  }
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      message={ENTRY_LINK_MSG.switchIdentity}
      confirmText={ENTRY_LINK_MSG.switch}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  )
  return { ask, dialog }
}
