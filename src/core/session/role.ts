import { isMainAccount } from '../routing/guard'

/** The session role as the header, the account switch and the account settings name it. */
export function roleLabel(role: number | null | undefined): string {
  return isMainAccount(role) ? '管理员' : '子管理员'
}
