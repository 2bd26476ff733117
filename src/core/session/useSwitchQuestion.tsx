// The question asked before a login that arrives from outside (an entry link, a WeChat in-app
// login's return) replaces another identity's session: `ask()` opens the dialog and resolves with
// the answer; `dialog` is rendered by the page that asks.
import { useCallback, useState } from 'react'
import { ConfirmDialog } from '../ui/ConfirmDialog'

export const SWITCH_QUESTION = {
  message: '当前已登录其他账号，是否切换到链接中的账号？',
  confirm: '切换',
} as const

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
      message={SWITCH_QUESTION.message}
      confirmText={SWITCH_QUESTION.confirm}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  )
  return { ask, dialog }
}
