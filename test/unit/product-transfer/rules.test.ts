// The transfer's steps (account-area §4 Transfer, §5, §9 30 s) and its shared form rules.
import {
  afterHold,
  holdLeft,
  holdSeconds,
  isVerificationLost,
  productsConfirmed,
  START,
  toggleProduct,
  TRANSFER_HOLD_MS,
  TRANSFER_MESSAGES,
  verified,
  type TransferState,
} from '../../../src/features/product-transfer/rules'
import {
  distinctIds,
  productsError,
  receiverPhoneError,
  transferCodeError,
} from '../../../src/core/validation/product-transfer'

describe('the 30 s the step-1 verification holds (fake timers)', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    jest.setSystemTime(new Date('2026-11-26T08:00:00Z'))
  })
  afterEach(() => jest.useRealTimers())

  /** The hook's loop in miniature: a timer set for what is left of the hold, then afterHold. */
  function runSteps(initial: TransferState) {
    let state = initial
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      clearTimeout(timer)
      const left = holdLeft(state, Date.now())
      if (left !== null) timer = setTimeout(() => ((state = afterHold(state, Date.now())), schedule()), left)
    }
    schedule()
    return {
      get: () => state,
      set: (next: TransferState) => ((state = next), schedule()),
    }
  }

  it('is 30 000 ms', () => expect(TRANSFER_HOLD_MS).toBe(30_000))

  it('sends step 2 back to step 1 once 30 s pass unconfirmed', () => {
    const steps = runSteps(verified(Date.now()))
    expect(steps.get().step).toBe(2)
    jest.advanceTimersByTime(29_999)
    expect(steps.get().step).toBe(2)
    jest.advanceTimersByTime(1)
    expect(steps.get()).toEqual(START)
  })

  it('keeps step 3 once step 2 is confirmed in time, however long it takes', () => {
    const steps = runSteps(verified(Date.now()))
    jest.advanceTimersByTime(20_000)
    steps.set(productsConfirmed({ ...steps.get(), chosen: [7] }))
    jest.advanceTimersByTime(10 * 60_000)
    expect(steps.get()).toMatchObject({ step: 3, chosen: [7] })
  })

  it('counts down the seconds left of step 2, and nothing on the other steps', () => {
    const state = verified(Date.now())
    expect(holdSeconds(holdLeft(state, Date.now())!)).toBe(30)
    jest.advanceTimersByTime(12_500)
    expect(holdSeconds(holdLeft(state, Date.now())!)).toBe(18)
    expect(holdLeft(START, Date.now())).toBeNull()
    expect(holdLeft(productsConfirmed(state), Date.now())).toBeNull()
    jest.advanceTimersByTime(60_000)
    expect(holdLeft(state, Date.now())).toBe(0)
  })

  it('leaves step 1 and step 3 alone', () => {
    expect(afterHold(START, Date.now() + 60_000)).toBe(START)
    const third = productsConfirmed(verified(Date.now()))
    expect(afterHold(third, Date.now() + 60_000)).toBe(third)
  })
})

describe('choosing products', () => {
  it('toggles an id and keeps the list order', () => {
    const order = [5, 3, 9]
    expect(toggleProduct([], 9, order)).toEqual([9])
    expect(toggleProduct([9], 5, order)).toEqual([5, 9])
    expect(toggleProduct([5, 9], 5, order)).toEqual([9])
  })

  it('a refusal naming the lost verification means step 1 again', () => {
    expect(isVerificationLost(TRANSFER_MESSAGES.verificationExpired)).toBe(true)
    expect(isVerificationLost(TRANSFER_MESSAGES.wrongCode)).toBe(false)
  })
})

describe('form rules shared with the server (§5 Transfer)', () => {
  it.each([
    ['', '请输入新手机号码'],
    ['  ', '请输入新手机号码'],
    ['1380000000', '请输入正确的手机号'],
    ['13800000003', null],
  ])('receiving phone %j → %j', (phone, message) => expect(receiverPhoneError(phone)).toBe(message))

  it.each([
    ['', '请输入短信验证码'],
    ['12345', '长度在 6个字符'],
    [' 123456 ', null],
  ])('code %j → %j', (code, message) => expect(transferCodeError(code)).toBe(message))

  it('needs at least one product', () => {
    expect(productsError([])).toBe('您尚未选择移交的产品')
    expect(productsError([1])).toBeNull()
    expect(distinctIds([3, 3, 0, -1, 2.5, 4])).toEqual([3, 4])
  })
})
