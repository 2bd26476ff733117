// Account settings rules (account-area §2 "Account settings screen", §4, §5, §6, §9). The form rules
// the server checks too live in core/validation/account.ts; these are the screen's own.
import type { LoginMask } from '../../core/contract/account-settings'
import {
  defaultAudience,
  NOTIFY_CATEGORY,
  NOTIFY_CATEGORY_LABEL,
  NOTIFY_CHANNELS,
  NOTIFY_MESSAGES,
  OWNER,
  WECHAT_CATEGORIES,
  type Audience,
  type AudienceCandidate,
  type AudienceKey,
  type NotifyCategory,
  type NotifyChannel,
  type QuietHours,
  type SaveNotificationSettingsRequest,
} from '../../core/contract/notifications'
import type { LastLogin, LoginDevice } from '../../core/contract/login-devices'
import { formatBeijingTime } from '../../core/format/time'
import { isMainAccount } from '../../core/routing/guard'
import { findRoute, ROUTES, type RouteDef } from '../../core/routing/routes'
import { PASSWORD_MODEL, type PasswordModel } from '../../core/contract/account-settings'
import { joinMask, maskEntriesError, type MaskEntryError } from '../../core/validation/account'

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

// 消息接收管理: who hears each category on which channel, and the quiet hours. The server
// checks the same; these keep the screen from offering what it would refuse.

/** 消息接收管理 is the main account's: sub-admins do not see it (the server refuses them too). */
export const seesNotificationSettings = (role: number | null | undefined) => isMainAccount(role ?? 0)

/**
 * The rows, in the order NOTIFY_CATEGORY_LABEL names them; a category the answer leaves out has its
 * default. Each cell keeps only who can be reached there now (a sub-admin deleted, a phone removed):
 * the screen shows what a save would send, and the server refuses a save naming anyone else.
 */
export function notificationRows(
  categories: readonly { category: NotifyCategory; audience: Audience }[],
  candidates: readonly AudienceCandidate[],
): { category: NotifyCategory; audience: Audience }[] {
  return (Object.keys(NOTIFY_CATEGORY_LABEL) as NotifyCategory[]).map((category) => {
    const saved = categories.find((row) => row.category === category)?.audience ?? defaultAudience(category)
    const audience = Object.fromEntries(
      NOTIFY_CHANNELS.map((channel) => [channel, chosenAudience(channel, saved[channel] ?? [], candidates)]),
    ) as Audience
    return { category, audience }
  })
}

/** Why a candidate cannot be named on a channel ('' when they can): SMS needs a phone, mail a mailbox. */
export function unreachableReason(candidate: AudienceCandidate, channel: NotifyChannel): string {
  if (channel === 'inbox') return candidate.kind === 'recipient' ? '接收人无站内信' : ''
  if (channel === 'wechat') return candidate.kind === 'recipient' ? '接收人无微信提醒' : ''
  if (channel === 'sms') return candidate.phone ? '' : '未验证手机'
  return candidate.email ? '' : '无邮箱'
}

/** Whether a category can be sent on a channel at all: WeChat has templates for some only. */
export const channelCarries = (category: NotifyCategory, channel: NotifyChannel) =>
  channel !== 'wechat' || WECHAT_CATEGORIES.includes(category)

/** The owner's 站内信 cannot be unchecked: it is what "always on" means. */
export const isLockedChoice = (channel: NotifyChannel, key: AudienceKey) =>
  channel === 'inbox' && key === OWNER

/** The note of a 站内信 picker: 账号安全 cannot be switched off at all. */
export const inboxNote = (category: NotifyCategory) =>
  category === NOTIFY_CATEGORY.security ? '账号安全提醒无法关闭' : '站内信始终发送给账号所有者'

/** A cell's text: who receives, in the candidates' order (e.g. 账号所有者、王东华), or 未开启. */
export function audienceText(keys: readonly AudienceKey[], candidates: readonly AudienceCandidate[]): string {
  const names = candidates
    .filter((candidate) => keys.includes(candidate.key))
    .map((candidate) => (candidate.kind === 'owner' ? '账号所有者' : candidate.name))
  return names.length ? names.join('、') : AUDIENCE_OFF
}

export const AUDIENCE_OFF = '未开启'

/**
 * A picker's choice: the keys in the candidates' order (the request reads the same however they were
 * clicked), only those who can be reached on the channel, the owner's 站内信 always in it.
 */
export function chosenAudience(
  channel: NotifyChannel,
  keys: readonly AudienceKey[],
  candidates: readonly AudienceCandidate[],
): AudienceKey[] {
  return candidates
    .filter((c) => !unreachableReason(c, channel) && (keys.includes(c.key) || isLockedChoice(channel, c.key)))
    .map((c) => c.key)
}

/** Quiet hours (Beijing time): HH:mm, 00:00-23:59. */
export const isClockTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value.trim())

/** The first thing wrong with a quiet-hours range, or null; a range over midnight (22:00-08:00) is fine. */
export function quietHoursError(quiet: QuietHours): { field: 'start' | 'end'; message: string } | null {
  if (!isClockTime(quiet.start)) return { field: 'start', message: NOTIFY_MESSAGES.badTime }
  if (!isClockTime(quiet.end)) return { field: 'end', message: NOTIFY_MESSAGES.badTime }
  if (quiet.start.trim() === quiet.end.trim()) return { field: 'end', message: NOTIFY_MESSAGES.sameTime }
  return null
}

/** The quiet hours offered when the switch is turned on for the first time. */
export const DEFAULT_QUIET_HOURS: QuietHours = { start: '22:00', end: '08:00' }

/** POST /api/notify/settings: the whole table, and the quiet hours only while switched on. */
export function notificationSettingsPayload(
  rows: readonly { category: NotifyCategory; audience: Audience }[],
  quiet: { enabled: boolean } & QuietHours,
): SaveNotificationSettingsRequest {
  return {
    categories: rows.map(({ category, audience }) => ({ category, audience })),
    quietHours: quiet.enabled ? { start: quiet.start.trim(), end: quiet.end.trim() } : null,
  }
}

/** 登录设备's texts. */
export const LOGIN_DEVICES_TEXT = {
  empty: '暂无其他登录设备',
  historyEmpty: '暂无登录记录',
  confirmSignOut: (device: string) => `确定退出「${device}」上的登录吗？该设备需重新登录。`,
  confirmSignOutOthers: '确定退出除本机外的所有登录设备吗？这些设备需重新登录。',
  confirmNotMe: '将退出该次登录的设备，并请您立即修改密码。',
} as const

/** 上次登录：time · city · device (the member's login before this one); null before any. */
export function lastLoginText(last: LastLogin | undefined): string | null {
  if (!last) return null
  const parts = [formatBeijingTime(last.time, 'YYYY-MM-DD HH:mm'), last.city, last.device].filter(Boolean)
  return `上次登录：${parts.join(' · ')}`
}

/** A device row's place: the city and the (masked) address. */
export const devicePlace = (device: Pick<LoginDevice, 'city' | 'ip'>) =>
  [device.city, device.ip].filter(Boolean).join(' · ') || '--'

/** 本机 is ended by 退出登录, never from the list. */
export const canSignOutDevice = (device: Pick<LoginDevice, 'current'>) => !device.current

/** Whether any session besides 本机 is live (退出其他设备 has something to do). */
export const hasOtherDevices = (devices: readonly Pick<LoginDevice, 'current'>[]) =>
  devices.some(canSignOutDevice)

/** The notice's 不是我 link (/accountManage?notMe=<session id>): the session to end, or null. */
export function notMeSessionId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null
  const id = Number(param)
  return id >= 1 && id <= 2_147_483_647 ? id : null
}
