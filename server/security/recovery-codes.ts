// Recovery codes of the second factor: 10 single-use codes shown once, kept only as sha256. Eight
// characters of an alphabet without look-alikes (no 0/o, 1/l/i), shown as xxxx-xxxx; typed in any
// case, with or without the dash.
import crypto from 'node:crypto'
import { normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '../../src/core/contract/second-factor'

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

function newRecoveryCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
}

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>()
  while (codes.size < count) codes.add(newRecoveryCode())
  return [...codes]
}

export const hashRecoveryCode = (typed: string): string =>
  crypto.createHash('sha256').update(normaliseRecoveryCode(typed)).digest('hex')
