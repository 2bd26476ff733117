import MD5 from 'crypto-js/md5'

export interface SwitchTarget {
  accountId: number
  subAccountId: number
  role: number
}

/** Upper-case MD5 of the fixed prefix followed by accountId, subAccountId and role (spec account-area §6). */
export function switchSignature(prefix: string, target: SwitchTarget): string {
  return MD5(`${prefix}${target.accountId}${target.subAccountId}${target.role}`).toString().toUpperCase()
}
