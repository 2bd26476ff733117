// The three steps of the product transfer (account-area §2 "Product transfer page", §4 Transfer, §9):
// 1 security verification, 2 choose products, 3 the receiving phone. Pure: the hook runs the clock.
import { TRANSFER_HOLD_MS, TRANSFER_MESSAGES } from '../../core/contract/product-transfer'

export { TRANSFER_HOLD_MS, TRANSFER_MESSAGES }

export type TransferStep = 1 | 2 | 3

export const TRANSFER_STEPS: readonly { step: TransferStep; label: string }[] = [
  { step: 1, label: '安全验证' },
  { step: 2, label: '选择产品' },
  { step: 3, label: '绑定新手机' },
]

/** An account with nothing to move is told so before step 1 asks for a code. */
export const NO_PRODUCTS = '暂无可移交的产品'

/** Shown when step 2 outlived the verification and step 1 comes again. */
export const HOLD_EXPIRED = '安全验证已超时，请重新验证'

export interface TransferState {
  step: TransferStep
  /** When step 1 was verified (ms); null before. */
  verifiedAt: number | null
  /** The products chosen in step 2, in the list's order. */
  chosen: number[]
}

export const START: TransferState = { step: 1, verifiedAt: null, chosen: [] }

/** Step 1 done: step 2 starts, and with it the 30 s the verification holds. */
export const verified = (at: number): TransferState => ({ step: 2, verifiedAt: at, chosen: [] })

/** Step 2 confirmed (the server claimed the verification in time): on to the receiver. */
export const productsConfirmed = (state: TransferState): TransferState => ({ ...state, step: 3 })

/** What is left of the 30 s while step 2 is open; 0 once over, null on the other steps. */
export function holdLeft(state: TransferState, now: number): number | null {
  if (state.step !== 2 || state.verifiedAt === null) return null
  return Math.max(0, state.verifiedAt + TRANSFER_HOLD_MS - now)
}

/** §4: leaving step 2 unconfirmed longer than 30 s sends the user back to step 1. */
export function afterHold(state: TransferState, now: number): TransferState {
  return holdLeft(state, now) === 0 ? START : state
}

/** The countdown text beside step 2's button, in whole seconds. */
export const holdSeconds = (leftMs: number) => Math.ceil(leftMs / 1000)

/** Ticks a product on or off; the list keeps the products' order. */
export function toggleProduct(chosen: readonly number[], id: number, order: readonly number[]): number[] {
  const next = chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]
  return order.filter((candidate) => next.includes(candidate))
}

/** A refusal of the server meaning the verification is gone: step 1 again. */
export const isVerificationLost = (message: string) => message === TRANSFER_MESSAGES.verificationExpired

/**
 * Step 2's plain account of what moves and what stays: products move, the
 * sender's invoice and contract records stay with the account that paid.
 */
export const TRANSFER_SCOPE = {
  moves: '移交后转入对方账号：所选产品，及其订单、评价和代维管家服务余量。',
  stays:
    '仍留在当前账号：已申请的发票、合同及其中的开票和签约资料（抬头、税号、证件号码、联系人等）。对方看不到这些资料，也不能为这些订单申请发票或合同，需要的请在移交前申请。',
  openWorkOrders: '有未完结工单的产品不能移交，请先完结相关工单。',
} as const
