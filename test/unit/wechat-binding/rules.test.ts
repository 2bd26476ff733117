import {
  bindSceneShown,
  bindStep,
  changeResult,
  changeSceneShown,
  changeStep,
  expireBindState,
  expireChangeState,
  nextBindState,
  nextChangeState,
  type BindOutcome,
  type BindState,
  type ChangePollOutcome,
  type ChangeState,
} from '../../../src/features/wechat-binding/rules'

const T0 = 1_000_000
const scan: BindState = { status: 'scan', expiresAt: T0 + 120_000 }
const scanned: BindState = { status: 'scanned', expiresAt: T0 + 120_000 }
const answer = (key: number, wasScanned = false): BindOutcome => ({
  kind: 'answer',
  key,
  scanned: wasScanned,
})
const failure = (code: number, message = '失败') => ({ kind: 'failure' as const, code, message })

describe('bind dialog (account-area §4: 0 scan, 1 scanned and waiting for approval, 2 bound)', () => {
  it('a new QR is step 0 until it expires', () => {
    expect(bindSceneShown(120, T0)).toEqual(scan)
    expect(bindStep(scan)).toBe(0)
  })

  it.each<[string, BindState, BindOutcome, BindState]>([
    ['key 2 waiting, not scanned: stays at 0 scan', scan, answer(2), scan],
    ['key 2 waiting, scanned: 1 scanned and waiting for approval', scan, answer(2, true), scanned],
    ['key 2 after scanned: stays at 1', scanned, answer(2, true), scanned],
    ['key 1 success: 2 bound', scanned, answer(1, true), { status: 'bound' }],
    ['key 1 success straight from 0: 2 bound', scan, answer(1, true), { status: 'bound' }],
    ['key 0 already bound: the WeChat is taken', scanned, answer(0, true), { status: 'taken' }],
    ['989 (QR expired or used): expired, offer a refresh', scan, failure(989), { status: 'expired' }],
    ['a network failure changes nothing (the next poll retries)', scanned, failure(-1), scanned],
    ['another refusal changes nothing', scan, failure(500), scan],
  ])('%s', (_name, state, outcome, next) => {
    expect(nextBindState(state, outcome)).toEqual(next)
  })

  it.each<BindState>([
    { status: 'bound' },
    { status: 'taken' },
    { status: 'expired' },
    { status: 'qrFailed' },
  ])('answers arriving after the dialog left polling (%j) change nothing', (state) => {
    expect(nextBindState(state, answer(1))).toBe(state)
  })

  it('steps: 0 scan, 1 scanned, 2 bound', () => {
    expect([scan, scanned, { status: 'bound' } as BindState].map(bindStep)).toEqual([0, 1, 2])
    expect(bindStep({ status: 'taken' })).toBeNull()
  })

  it('the QR expires on the client when its time is up, even without an answer', () => {
    expect(expireBindState(scanned, T0 + 119_999)).toBe(scanned)
    expect(expireBindState(scanned, T0 + 120_000)).toEqual({ status: 'expired' })
    expect(expireBindState({ status: 'bound' }, T0 + 999_999)).toEqual({ status: 'bound' })
  })
})

describe('change dialog (account-area §4: 1 QR shown, 2 success, 3 already bound, 4 failed with retry)', () => {
  const qr: ChangeState = changeSceneShown(120, T0)
  const poll = (status: 'waiting' | 'scanned' | 'confirmed'): ChangePollOutcome => ({
    kind: 'answer',
    status,
  })

  it('a new QR is step 1', () => {
    expect(qr).toEqual({ status: 'qr', scanned: false, expiresAt: T0 + 120_000 })
    expect(changeStep(qr)).toBe(1)
  })

  it.each<[string, ChangeState, ChangePollOutcome, ChangeState]>([
    ['waiting: unchanged', qr, poll('waiting'), qr],
    ['scanned: the QR shows it was scanned', qr, poll('scanned'), { ...qr, scanned: true } as ChangeState],
    [
      'approved: saving the new WeChat (updateWechat), still step 1',
      qr,
      poll('confirmed'),
      { status: 'saving' },
    ],
    ['989: expired', qr, failure(989), { status: 'expired' }],
    ['network failure: unchanged', qr, failure(-1), qr],
  ])('%s', (_name, state, outcome, next) => {
    expect(nextChangeState(state, outcome)).toEqual(next)
  })

  it('answers after saving began change nothing', () => {
    expect(nextChangeState({ status: 'saving' }, poll('confirmed'))).toEqual({ status: 'saving' })
  })

  it.each<[string, Parameters<typeof changeResult>[0], ChangeState, number]>([
    ['updateWechat succeeded: 2 修改成功', null, { status: 'success' }, 2],
    ['510: 3 already bound', { code: 510, message: '' }, { status: 'taken' }, 3],
    ['513: 3 already bound', { code: 513, message: '' }, { status: 'taken' }, 3],
    ['9002: 3 already bound', { code: 9002, message: '' }, { status: 'taken' }, 3],
    [
      '989 (the approval was used or expired): 4 failed, retry',
      { code: 989, message: '' },
      { status: 'failed' },
      4,
    ],
    ['network failure: 4 failed, retry', { code: -1, message: '' }, { status: 'failed' }, 4],
  ])('%s', (_name, outcome, state, step) => {
    expect(changeResult(outcome)).toEqual(state)
    expect(changeStep(changeResult(outcome))).toBe(step)
  })

  it('the QR expires on the client when its time is up', () => {
    expect(expireChangeState(qr, T0 + 119_999)).toBe(qr)
    expect(expireChangeState(qr, T0 + 120_000)).toEqual({ status: 'expired' })
    expect(expireChangeState({ status: 'saving' }, T0 + 999_999)).toEqual({ status: 'saving' })
  })
})
