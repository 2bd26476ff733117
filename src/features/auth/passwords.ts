import { PASSWORD_AES_KEY } from '../../core/config/shared'
import { encryptPassword } from '../../core/crypto/password'

/** A new password typed twice, as the registration and reset calls take it (encrypted, doc2 §5). */
export function encryptedPasswords(v: { password: string; passwordAgain: string }) {
  return {
    password: encryptPassword(v.password, PASSWORD_AES_KEY),
    passwordAgain: encryptPassword(v.passwordAgain, PASSWORD_AES_KEY),
  }
}
