// Passwords arrive AES-ECB/PKCS7 encrypted and base64-encoded (src/core/crypto/password.ts,
// doc2 §5); only a salted scrypt hash is stored.
import crypto from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>

// crypto-js picks AES-128/192/256 from the key length; mirror that.
const CIPHER_BY_KEY_LENGTH: Record<number, string> = {
  16: 'aes-128-ecb',
  24: 'aes-192-ecb',
  32: 'aes-256-ecb',
}

export function assertPasswordKey(key: string): void {
  if (!CIPHER_BY_KEY_LENGTH[Buffer.byteLength(key, 'utf8')]) {
    throw new Error('TARO_APP_PASSWORD_KEY must be 16, 24 or 32 bytes long')
  }
}

/** The plain password, or null for anything that is not a ciphertext made with this key. Never throws. */
export function decryptPassword(ciphertext: string, key: string): string | null {
  try {
    const cipher = CIPHER_BY_KEY_LENGTH[Buffer.byteLength(key, 'utf8')]
    if (!cipher || !/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return null
    const bytes = Buffer.from(ciphertext, 'base64')
    if (bytes.length === 0 || bytes.length % 16 !== 0) return null
    const decipher = crypto.createDecipheriv(cipher, Buffer.from(key, 'utf8'), null)
    const plain = Buffer.concat([decipher.update(bytes), decipher.final()])
    return new TextDecoder('utf-8', { fatal: true }).decode(plain)
  } catch {
    return null
  }
}

// scrypt parameters: N=2^17, r=8, p=1 (~0.4 s and 128 MiB on the development machines), 64-byte
// key, 16-byte salt. Each hash carries its own parameters, so older hashes keep verifying and are
// replaced at the member's next successful login (isCurrentPasswordHash).
export const PRODUCTION_COST = 2 ** 17
/**
 * N = 2^10 under NODE_ENV=test only, which is never production mode (server/config/): the test
 * suites log in thousands of times and would otherwise spend most of CI in scrypt.
 */
export const TEST_COST = 2 ** 10

export function passwordHashCost(env: { NODE_ENV?: string } = process.env): number {
  return env.NODE_ENV === 'test' ? TEST_COST : PRODUCTION_COST
}

const COST = passwordHashCost()
const BLOCK_SIZE = 8
const PARALLELISM = 1
const KEY_LENGTH = 64
/** scrypt needs 128 * N * r bytes: 128 MiB at N = 2^17; Node's default cap is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024
const SCHEME = 'scrypt'

/** "scrypt$N$r$p$salt$hash" with base64 salt and hash, so parameters can change later. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const params = { N: COST, r: BLOCK_SIZE, p: PARALLELISM, maxmem: MAX_MEMORY }
  const hash = await scrypt(plain, salt, KEY_LENGTH, params)
  return [SCHEME, COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), hash.toString('base64')].join('$')
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$')
  if (scheme !== SCHEME || !saltText || !hashText) return false
  const expected = Buffer.from(hashText, 'base64')
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY }
  try {
    const actual = await scrypt(plain, Buffer.from(saltText, 'base64'), expected.length, params)
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected)
  } catch {
    return false
  }
}

/** Whether a stored hash was made with today's parameters; an older one is rehashed after a login. */
export function isCurrentPasswordHash(stored: string): boolean {
  const [scheme, n, r, p, , hashText] = stored.split('$')
  return (
    scheme === SCHEME &&
    Number(n) === COST &&
    Number(r) === BLOCK_SIZE &&
    Number(p) === PARALLELISM &&
    Buffer.from(hashText ?? '', 'base64').length === KEY_LENGTH
  )
}

/** Hash of a password nobody has: verified against when the account is unknown, to keep timing even. */
let decoyHash: Promise<string> | null = null
export function decoyPasswordHash(): Promise<string> {
  return (decoyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')))
}
