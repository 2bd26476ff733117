// Sensitive account changes (password, phone, e-mail, login mask, WeChat, cancellation) are refused
// with REVERIFY_CODE when the session logged in or re-verified more than 10 minutes ago. The action
// is then run again once the user confirms an SMS code to the bound phone in the ReverifyHost dialog
// (one per page, like the slider's SliderHost).
import { create } from 'zustand'
import { needsReverification } from '../../core/http/api-error'
import { REVERIFY_CODE } from '../../core/contract/fresh-session'

export { REVERIFY_CODE }

export interface ReverifyRequest {
  resolve(): void
  reject(reason: Error): void
}

export const useReverifyRequest = create<{ request: ReverifyRequest | null }>()(() => ({ request: null }))

/** The user closed the re-verification: the action is abandoned, nothing to report. */
export class ReverifyCancelled extends Error {
  constructor() {
    super('re-verification cancelled')
    this.name = 'ReverifyCancelled'
  }
}

export function isReverifyCancelled(reason: unknown): reason is ReverifyCancelled {
  return reason instanceof ReverifyCancelled
}

let pending: Promise<void> | null = null

/** Opens the dialog (or joins the one already open); resolves once the code is confirmed. */
export function requestReverification(): Promise<void> {
  pending ??= new Promise<void>((resolve, reject) =>
    useReverifyRequest.setState({ request: { resolve, reject } }),
  ).finally(() => {
    pending = null
    useReverifyRequest.setState({ request: null })
  })
  return pending
}

/**
 * Runs `action`; refused for a stale session, asks for the SMS re-verification and runs it once
 * more. Rejects with ReverifyCancelled when the user closes the dialog.
 */
export async function withFreshSession<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (failure) {
    if (!needsReverification(failure)) throw failure
  }
  await requestReverification()
  return action()
}
