import { encryptPassword } from '../../src/core/crypto/password'
import { PASSWORD_AES_KEY } from '../../src/core/config/shared'
import {
  decryptPassword,
  hashPassword,
  passwordHashCost,
  verifyPassword,
} from '../../server/security/password'

describe('decryptPassword (the client encrypts with AES-ECB/PKCS7, doc2 §5)', () => {
  it('reads what the client encrypted', () => {
    expect(decryptPassword(encryptPassword('Demo@12345', PASSWORD_AES_KEY), PASSWORD_AES_KEY)).toBe(
      'Demo@12345',
    )
    expect(decryptPassword(encryptPassword('密码Abc@1234', PASSWORD_AES_KEY), PASSWORD_AES_KEY)).toBe(
      '密码Abc@1234',
    )
  })

  it('works with 24- and 32-byte keys as crypto-js does', () => {
    for (const key of ['k'.repeat(24), 'k'.repeat(32)]) {
      expect(decryptPassword(encryptPassword('Demo@12345', key), key)).toBe('Demo@12345')
    }
  })

  it.each([
    ['plain text', 'Demo@12345'],
    ['empty', ''],
    ['base64 of the wrong length', Buffer.from('short').toString('base64')],
    ['a block that does not unpad', Buffer.alloc(16, 7).toString('base64')],
  ])('answers null for %s and never throws', (_case, ciphertext) => {
    expect(decryptPassword(ciphertext, PASSWORD_AES_KEY)).toBeNull()
  })

  it('answers null for a ciphertext made with another key', () => {
    const foreign = encryptPassword('Demo@12345', 'AnotherKey123456')
    expect(decryptPassword(foreign, PASSWORD_AES_KEY)).toBeNull()
  })
})

describe('password hashes (scrypt with a per-user salt)', () => {
  it('verifies the right password only', async () => {
    const stored = await hashPassword('Demo@12345')
    expect(stored).toMatch(
      new RegExp(`^scrypt\\$${passwordHashCost()}\\$8\\$1\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`),
    )
    expect(await verifyPassword('Demo@12345', stored)).toBe(true)
    expect(await verifyPassword('Demo@12346', stored)).toBe(false)
  })

  it('salts each hash differently', async () => {
    expect(await hashPassword('Demo@12345')).not.toBe(await hashPassword('Demo@12345'))
  })

  it('rejects a malformed stored hash', async () => {
    expect(await verifyPassword('Demo@12345', 'plain')).toBe(false)
    expect(await verifyPassword('Demo@12345', 'scrypt$1$1$1$$')).toBe(false)
  })
})
