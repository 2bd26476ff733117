import { createDecipheriv, createHash } from 'node:crypto'
import { encryptPassword } from '../../../src/core/crypto/password'
import { switchSignature } from '../../../src/core/crypto/switch-sign'

describe('password encryption (AES-128-ECB, PKCS7, base64)', () => {
  const key = 'MemberCentre2026'

  it('matches a known vector', () => {
    // Computed independently with OpenSSL: echo -n 'Demo@12345' | openssl enc -aes-128-ecb -K <hex(key)> | base64
    expect(encryptPassword('Demo@12345', key)).toBe(KNOWN_VECTOR)
  })

  it('trims before encrypting and round-trips through node:crypto', () => {
    const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null)
    const cipher = Buffer.from(encryptPassword('  Pa$$w0rd!  ', key), 'base64')
    expect(Buffer.concat([decipher.update(cipher), decipher.final()]).toString('utf8')).toBe('Pa$$w0rd!')
  })
})

describe('account switch signature (account-area §6)', () => {
  it('is the upper-case MD5 of prefix + accountId + subAccountId + role', () => {
    const expected = createHash('md5').update('PFX1020').digest('hex').toUpperCase()
    expect(switchSignature('PFX', { accountId: 10, subAccountId: 2, role: 0 })).toBe(expected)
    expect(switchSignature('PFX', { accountId: 1, subAccountId: 2, role: 0 })).not.toBe(expected)
  })
})

const KNOWN_VECTOR = 'UTei0Kkkp8dlKzjzZT+Uyw=='
