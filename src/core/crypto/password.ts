import AES from 'crypto-js/aes'
import Utf8 from 'crypto-js/enc-utf8'
import Base64 from 'crypto-js/enc-base64'
import ECB from 'crypto-js/mode-ecb'
import Pkcs7 from 'crypto-js/pad-pkcs7'

/**
 * Passwords are trimmed, then AES-encrypted (ECB, PKCS7) and base64-encoded before sending
 * (spec doc2 §5). The server decrypts with the same key and stores only an scrypt hash.
 */
export function encryptPassword(plain: string, key: string): string {
  const encrypted = AES.encrypt(plain.trim(), Utf8.parse(key), { mode: ECB, padding: Pkcs7 })
  return encrypted.ciphertext.toString(Base64)
}
