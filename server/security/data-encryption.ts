// Secrets kept at rest (the members' TOTP keys) are sealed with AES-256-GCM under one key,
// DATA_ENCRYPTION_KEY (32 bytes as 64 hex digits or base64): a copy of the database alone gives
// none of them away. A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key
// or algorithm can be told apart.
import crypto from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12

/** The key from its configured text, or null when it is not 32 bytes in hex or base64. */
export function parseDataKey(text: string | undefined): Buffer | null {
  const value = (text ?? '').trim()
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex')
  const decoded = Buffer.from(value, 'base64')
  return value && decoded.length === 32 ? decoded : null
}

export function seal(key: Buffer, plaintext: string): string {
  const iv = crypto.randomBytes(IV_BYTES)
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The plaintext, or null when the value was sealed under another key or altered. */
export function unseal(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || body === undefined) return null
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
