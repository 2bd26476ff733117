// Stored password hashes: today's scrypt parameters in every new hash, older hashes still verified
// and recognised as due for a rehash.
import crypto from 'node:crypto'
import {
  hashPassword,
  isCurrentPasswordHash,
  passwordHashCost,
  PRODUCTION_COST,
  TEST_COST,
  verifyPassword,
} from '../../../server/security/password'

/** A hash made with older, cheaper parameters than today's (N = 2^9). */
function legacyHash(plain: string): string {
  const salt = crypto.randomBytes(16)
  const hash = crypto.scryptSync(plain, salt, 64, { N: 512, r: 8, p: 1 })
  return ['scrypt', 512, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$')
}

jest.setTimeout(20_000)

describe('password hashes', () => {
  it('costs N = 2^17 everywhere but under NODE_ENV=test, which is never production', () => {
    expect(PRODUCTION_COST).toBe(2 ** 17)
    for (const NODE_ENV of ['production', 'development', 'staging', undefined])
      expect(passwordHashCost({ NODE_ENV })).toBe(PRODUCTION_COST)
    expect(passwordHashCost({ NODE_ENV: 'test' })).toBe(TEST_COST)
  })

  it('makes new hashes with the current N, r = 8, p = 1 and a 64-byte key', async () => {
    const stored = await hashPassword('Demo@12345')
    const [scheme, n, r, p, salt, hash] = stored.split('$')
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', passwordHashCost(), 8, 1])
    expect(Buffer.from(salt, 'base64')).toHaveLength(16)
    expect(Buffer.from(hash, 'base64')).toHaveLength(64)
    expect(isCurrentPasswordHash(stored)).toBe(true)
    expect(await verifyPassword('Demo@12345', stored)).toBe(true)
    expect(await verifyPassword('Demo@12346', stored)).toBe(false)
  })

  it('still verifies a hash made with the older parameters, which is due for a rehash', async () => {
    const stored = legacyHash('Demo@12345')
    expect(await verifyPassword('Demo@12345', stored)).toBe(true)
    expect(await verifyPassword('Demo@12346', stored)).toBe(false)
    expect(isCurrentPasswordHash(stored)).toBe(false)
  })

  it('does not take a malformed hash for a current one', () => {
    expect(isCurrentPasswordHash('plain')).toBe(false)
    expect(isCurrentPasswordHash('scrypt$131072$8$1$$')).toBe(false)
    expect(isCurrentPasswordHash('bcrypt$131072$8$1$c2FsdA==$aGFzaA==')).toBe(false)
  })
})
