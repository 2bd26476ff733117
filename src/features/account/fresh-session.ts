// Sensitive account changes (password, phone, e-mail, login mask, WeChat, cancellation) are refused
// with REVERIFY_CODE when the session logged in or re-verified longer ago than the member's 操作保护
// window. The action is then run again once the user re-verifies the way the refusal names (an SMS
// code to the bound phone, a code of the authenticator app, or a confirmation by the bound WeChat)
// in the ReverifyHost dialog (one per page, like the slider's SliderHost).
import { create } from 'zustand'
import { needsReverification } from '../../core/http/api-error'
import { REVERIFY_CODE, type ReverifyRequirement } from '../../core/contract/fresh-session'

export { REVERIFY_CODE }

export type ReverifyMethod = ReverifyRequirement['method']

export interface ReverifyRequest {
  /** How to re-verify; undefined from a server that does not say (the SMS step, as before). */
  method?: ReverifyMethod
  /** What was refused (the refusal's `action`), shown where WeChat confirms it. */
  action?: string
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

const METHODS: readonly string[] = ['sms', 'totp', 'wechat', 'relogin'] satisfies ReverifyMethod[]

/** What a REVERIFY_CODE refusal's data names: the method (undefined when none) and the action. */
export function reverifyRequirementOf(data: unknown): Pick<ReverifyRequest, 'method' | 'action'> {
  const { method, action } = (data ?? {}) as Partial<ReverifyRequirement>
  return {
    method: typeof method === 'string' && METHODS.includes(method) ? (method as ReverifyMethod) : undefined,
    action: typeof action === 'string' ? action : undefined,
  }
}

/** Opens the dialog (or joins the one already open); resolves once the user re-verified. */
export function requestReverification(
  requirement: Pick<ReverifyRequest, 'method' | 'action'> = {},
): Promise<void> {
  pending ??= new Promise<void>((resolve, reject) =>
    useReverifyRequest.setState({ request: { ...requirement, resolve, reject } }),
  ).finally(() => {
    pending = null
    useReverifyRequest.setState({ request: null })
  })
  return pending
}

/**
 * Runs `action`; refused for a stale session, asks for the re-verification the refusal names and
 * runs it once more. Rejects with ReverifyCancelled when the user closes the dialog.
 */
export async function withFreshSession<T>(action: () => Promise<T>): Promise<T> {
  let requirement: Pick<ReverifyRequest, 'method' | 'action'>
  try {
    return await action()
  } catch (failure) {
    if (!needsReverification(failure)) throw failure
    requirement = reverifyRequirementOf(failure.data)
  }
  await requestReverification(requirement)
  return action()
}
