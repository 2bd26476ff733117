// Account settings rules (account-area §2 "Account settings screen", §4, §5, §6, §9). The form rules
// the server checks too live in core/validation/account.ts; these are the screen's own.
import type { LoginMask } from '../../core/contract/account-settings'
import { isMainAccount } from '../../core/routing/guard'
import { findRoute, ROUTES, type RouteDef } from '../../core/routing/routes'
import {
  joinMask,
  maskEntriesError,
  PASSWORD_MODEL,
  type MaskEntryError,
  type PasswordModel,
} from '../../core/validation/account'

/** §9: a password older than 90 days is flagged. */
export const PASSWORD_STALE_DAYS = 90
const DAY_MS = 24 * 60 * 60 * 1000
export const PASSWORD_STALE_TEXT = '您的密码已超过90天未修改，为了账号安全，建议您修改密码'

/** Never set (null) is not stale: there is no password to change yet (model 0). */
export function isPasswordStale(
  passwordUpdatedAt: string | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!passwordUpdatedAt) return false
  const changed = new Date(passwordUpdatedAt).getTime()
  return Number.isFinite(changed) && now.getTime() - changed > PASSWORD_STALE_DAYS * DAY_MS
}

/** §4 password action: the dialog's title and whether it asks for the current password. */
export function passwordAction(model: PasswordModel): { title: string; needsOldPassword: boolean } {
  return model === PASSWORD_MODEL.change
    ? { title: '修改密码', needsOldPassword: true }
    : { title: '设置密码', needsOldPassword: false }
}

/** §2: e-mail shown masked: the first character of the name, then ***, then the domain. */
export function maskEmail(email: string | null | undefined): string {
  const value = (email ?? '').trim()
  const at = value.indexOf('@')
  if (at <= 0) return value
  return `${value.slice(0, 1)}***${value.slice(at)}`
}

/** §2, §6: what a role sees beyond the parts every role has. */
export function accountSections(role: number | null | undefined) {
  const main = isMainAccount(role ?? 0)
  return { loginMask: main, referralCode: main, productTransfer: main, memberAccountEditable: main }
}

export interface AccountLink {
  label: string
  path: string
}

/**
 * §2 links: the operation log when the personal info state allows it; only pages in the route table
 * are offered. Product transfer has its own row under 安全设置 (one entry, with what it does).
 */
export function accountLinks(
  info: { role: number; state: number | string | null | undefined },
  routes: readonly RouteDef[] = ROUTES,
): AccountLink[] {
  const links: (AccountLink & { shown: boolean })[] = [
    { label: '操作日志', path: '/log', shown: Boolean(Number(info.state)) },
  ]
  return links
    .filter((link) => link.shown && findRoute(link.path, routes))
    .map(({ label, path }) => ({ label, path }))
}

/** §4: the switch on sends status 0 with the list, off sends status 1 with an empty ip. */
export function maskPayload(enabled: boolean, entries: readonly string[]): LoginMask {
  return enabled ? { status: 0, ip: joinMask(entries) } : { status: 1, ip: '' }
}

/**
 * §5: checks the mask entries; the offending entry is cleared (the others are kept as typed) and
 * the message says why.
 */
export function checkMaskEntries(entries: readonly string[]): {
  entries: string[]
  error: MaskEntryError | null
} {
  const error = maskEntriesError(entries)
  if (!error) return { entries: entries.map((entry) => entry.trim()), error: null }
  const cleared =
    entries.length === 0 ? [''] : entries.map((entry, index) => (index === error.index ? '' : entry))
  return { entries: cleared, error }
}

/** Offers the caller's own address first, so an owner turning the mask on does not lock themselves out. */
export function entriesWithCurrentIp(entries: readonly string[], currentIp: string): string[] {
  const kept = entries.filter((entry) => entry.trim())
  if (!currentIp || kept.some((entry) => entry.trim() === currentIp)) return kept.length ? [...kept] : ['']
  return [currentIp, ...kept]
}
