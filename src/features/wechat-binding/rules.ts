// WeChat bind / change dialogs (account-area §4 "WeChat bind dialog", "Change dialog", §8, §9):
// pure state machines — what the dialog shows next, given a poll answer, a clock tick or the
// outcome of updateWechat.
import { ENVELOPE_CODE } from '../../core/contract/envelope'
import { BIND_KEY, WECHAT_TAKEN_CODE } from '../../core/contract/wechat'

export const BIND_POLL_MS = 1000
export const CHANGE_POLL_MS = 1500
/** account-area §9: the WeChat QR is 180 px. */
export const WECHAT_QR_SIZE = 180
/** The bound dialog's 完成 button counts down, then closes the dialog. */
export const BIND_DONE_SECONDS = 3

export const WECHAT_TEXT = {
  qrFailed: '获取公众号二维码失败',
  expired: '二维码已失效，请刷新二维码',
  taken: '当前微信已被绑定，请使用新的微信进行扫码授权～',
  bound: '绑定成功',
  changed: '修改成功',
  changedNote: '您将使用新的微信进行扫码登录～',
  changeFailed: '修改失败',
  retry: '请重试！',
  unbound: '解绑成功',
  unbindConfirm: '解绑后将无法使用该微信扫码登录，确定解绑吗？',
} as const

/** isUserBind data.key (account-area §4). */
export { BIND_KEY }
/** updateWechat data codes meaning the WeChat is already bound (account-area §4). */
export const ALREADY_BOUND_CODES: readonly number[] = Object.values(WECHAT_TAKEN_CODE)

/** A failed call as the dialogs see it. */
export interface Failure {
  code: number
  message: string
}

// ---- bind: 0 scan, 1 scanned and waiting for approval, 2 bound ----

export type BindState =
  | { status: 'loading' }
  | { status: 'qrFailed' }
  | { status: 'scan'; expiresAt: number }
  | { status: 'scanned'; expiresAt: number }
  | { status: 'bound' }
  | { status: 'taken' }
  | { status: 'expired' }

export type BindOutcome = { kind: 'answer'; key: number; scanned: boolean } | ({ kind: 'failure' } & Failure)

/** The spec's step number of a bind state (0 scan, 1 scanned, 2 bound); null for the others. */
export function bindStep(state: BindState): 0 | 1 | 2 | null {
  if (state.status === 'scan') return 0
  if (state.status === 'scanned') return 1
  return state.status === 'bound' ? 2 : null
}

export const isBindPolling = (state: BindState) => state.status === 'scan' || state.status === 'scanned'

/** A new QR: shown until `expiresIn` seconds from `now`. */
export function bindSceneShown(expiresIn: number, now: number): BindState {
  return { status: 'scan', expiresAt: now + expiresIn * 1000 }
}

/** What an isUserBind answer (or its failure) makes of the dialog; network trouble changes nothing. */
export function nextBindState(state: BindState, outcome: BindOutcome): BindState {
  if (!isBindPolling(state)) return state
  if (outcome.kind === 'failure') {
    return outcome.code === ENVELOPE_CODE.qrExpired ? { status: 'expired' } : state
  }
  if (outcome.key === BIND_KEY.success) return { status: 'bound' }
  if (outcome.key === BIND_KEY.alreadyBound) return { status: 'taken' }
  return outcome.scanned && state.status === 'scan' ? { ...state, status: 'scanned' } : state
}

/** The QR's time is up: stop polling and offer a new one. */
export function expireBindState(state: BindState, now: number): BindState {
  return isBindPolling(state) && 'expiresAt' in state && now >= state.expiresAt
    ? { status: 'expired' }
    : state
}

// ---- change: 1 QR shown, 2 success, 3 already bound, 4 failed (retry) ----

export type ChangeState =
  | { status: 'loading' }
  | { status: 'qrFailed' }
  | { status: 'qr'; scanned: boolean; expiresAt: number }
  | { status: 'saving' }
  | { status: 'success' }
  | { status: 'taken' }
  | { status: 'failed' }
  | { status: 'expired' }

export type ChangePollOutcome =
  { kind: 'answer'; status: 'waiting' | 'scanned' | 'confirmed' } | ({ kind: 'failure' } & Failure)

/** The spec's step number of a change state (1 QR shown, 2 success, 3 already bound, 4 failed). */
export function changeStep(state: ChangeState): 1 | 2 | 3 | 4 | null {
  switch (state.status) {
    case 'qr':
    case 'saving':
      return 1
    case 'success':
      return 2
    case 'taken':
      return 3
    case 'failed':
      return 4
    default:
      return null
  }
}

export function changeSceneShown(expiresIn: number, now: number): ChangeState {
  return { status: 'qr', scanned: false, expiresAt: now + expiresIn * 1000 }
}

/** getBindInfoByCode: scanned shows so; approved moves on to saving (updateWechat); 989 expires. */
export function nextChangeState(state: ChangeState, outcome: ChangePollOutcome): ChangeState {
  if (state.status !== 'qr') return state
  if (outcome.kind === 'failure') {
    return outcome.code === ENVELOPE_CODE.qrExpired ? { status: 'expired' } : state
  }
  if (outcome.status === 'confirmed') return { status: 'saving' }
  return outcome.status === 'scanned' ? { ...state, scanned: true } : state
}

export function expireChangeState(state: ChangeState, now: number): ChangeState {
  return state.status === 'qr' && now >= state.expiresAt ? { status: 'expired' } : state
}

/** updateWechat's outcome: success (2), already bound (3: 510, 513, 9002), anything else failed (4). */
export function changeResult(failure: Failure | null): ChangeState {
  if (!failure) return { status: 'success' }
  return ALREADY_BOUND_CODES.includes(failure.code) ? { status: 'taken' } : { status: 'failed' }
}
