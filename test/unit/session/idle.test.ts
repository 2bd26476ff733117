import { IDLE_LIMIT_MS, isIdleExpired } from '../../../src/core/session/idle'

describe('idle logout rule (30 minutes without a click)', () => {
  const start = Date.UTC(2026, 10, 22, 8, 0, 0)

  it('is not expired one second before 30 minutes', () => {
    expect(isIdleExpired(start, start + IDLE_LIMIT_MS - 1000)).toBe(false)
  })

  it('is expired at 30 minutes', () => {
    expect(IDLE_LIMIT_MS).toBe(30 * 60 * 1000)
    expect(isIdleExpired(start, start + IDLE_LIMIT_MS)).toBe(true)
  })

  it('never fires without a recorded click', () => {
    expect(isIdleExpired(0, start)).toBe(false)
  })
})
