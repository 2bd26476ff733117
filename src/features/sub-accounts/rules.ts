// Sub-admin rules (spec account-area §2, §4, §5, §6, §8): mailbox suggestions, switch and state
// labels, who may change what, and the texts the screens show.
import { ApiError } from '../../core/http/api-error'
import { NETWORK_ERROR_CODE } from '../../core/http/envelope'
import { isMainAccount } from '../../core/routing/guard'
import type { SwitchCall } from './api'

export const SUB_ADMIN_TEXT = {
  added: '新增成功',
  saved: '保存成功',
  deleted: '删除成功！',
  deleteConfirm: '您确定要删除该账号吗？删除后，该账号无权对您的网站进行管理。',
  phoneTaken: '该手机号已被使用，请更换手机号',
  empty: '暂无子管理员',
  activated: '激活成功',
} as const

/** §4: after 当前账户已被激活 the page goes to /login after 1 s. */
export const ALREADY_ACTIVE_REDIRECT_MS = 1000

/**
 * §5 suggestion domains, in the spec's order. `{host}` is what the user typed after @: typing
 * `li@xingchen` also offers li@xingchen.cn.
 */
export const MAILBOX_DOMAINS = [
  'qq.com',
  'gmail.com',
  '126.com',
  '163.com',
  'hotmail.com',
  'yahoo.com',
  '{host}.cn',
  'live.com',
  'sohu.com',
  'sina.com',
] as const

/** Whole addresses to offer once an @ is typed: the domains that continue what follows it. */
export function mailboxSuggestions(typed: string): string[] {
  const value = typed.trim()
  const at = value.indexOf('@')
  if (at <= 0 || value.indexOf('@', at + 1) !== -1) return []
  const local = value.slice(0, at)
  const host = value.slice(at + 1).toLowerCase()
  const domains = MAILBOX_DOMAINS.flatMap((domain) => {
    if (domain !== '{host}.cn') return [domain]
    return host && !host.includes('.') ? [`${host}.cn`] : []
  })
  const offered = domains
    .filter((domain) => domain.startsWith(host))
    .map((domain) => `${local}@${domain}`)
    .filter((address) => address.toLowerCase() !== value.toLowerCase())
  return [...new Set(offered)]
}

export interface SwitchDef {
  call: SwitchCall
  field: 'isReceiveNotify' | 'isWebsiteManage'
  label: string
}

/** §6: each sub-admin has two flags, receive notifications and website management. */
export const SUB_ADMIN_SWITCHES: readonly SwitchDef[] = [
  { call: 'seceiveNotifySwitch', field: 'isReceiveNotify', label: '接收通知' },
  { call: 'websiteManageSwitch', field: 'isWebsiteManage', label: '网站管理' },
]

export function activeStateLabel(activeState: number | null | undefined): string {
  return Number(activeState) === 1 ? '已激活' : '未激活'
}

/** §6: only the main account adds, edits, deletes and toggles; sub-accounts see switches disabled. */
export function canManageSubAdmins(role: number | null | undefined): boolean {
  return isMainAccount(role)
}

export function isOn(value: number | null | undefined): boolean {
  return Number(value) === 1
}

export const RECIPIENT_TEXT = {
  added: '新增成功',
  saved: '保存成功',
  deleted: '删除成功！',
  sent: '已发送',
  deleteConfirm: '您确定要删除该接收人吗？删除后，该接收人将不再收到通知。',
  empty: '暂无接收人',
  ofSubAdmin: '子管理员',
} as const

/** A recipient's confirmation of one address (validateType 1 SMS, 2 e-mail). */
export function validateStateLabel(status: number | null | undefined): string {
  return Number(status) === 1 ? '已验证' : '待验证'
}

/** Recipients mirroring a sub-admin (接收通知 on) change with the sub-admin, not in this list. */
export function canEditRecipient(manage: boolean, recipient: { subAccountId: number }): boolean {
  return manage && !recipient.subAccountId
}

/** /validate and /uesrfrom query: the link id and type; effectiveTime only for display. */
export interface ValidateQuery {
  id: string
  validateType: number
  effectiveTime: number | null
}

export function parseValidateQuery(params: Record<string, string | undefined>): ValidateQuery {
  const time = Number(params.effectiveTime)
  return {
    id: (params.id ?? '').trim(),
    validateType: Number(params.validateType),
    effectiveTime: Number.isFinite(time) && time > 0 ? time : null,
  }
}

/** The two ends of a receiver confirmation (doc2 §4, §8). */
export type ValidateOutcome = 'success' | 'timeout'

/**
 * /validate: a link judgeInvalid calls valid is spent by updateValidateStatus → success; anything
 * the server refuses (invalid, malformed, or the spend lost to another open) → timeout. A network
 * failure is thrown: the page offers a retry rather than calling a good link dead.
 */
export async function runValidation(
  query: ValidateQuery,
  api: {
    judge(id: string, validateType: number): Promise<{ valid: boolean }>
    confirm(id: string, validateType: number): Promise<unknown>
  },
): Promise<ValidateOutcome> {
  if (!query.id || !Number.isInteger(query.validateType)) return 'timeout'
  try {
    const info = await api.judge(query.id, query.validateType)
    if (!info?.valid) return 'timeout'
    await api.confirm(query.id, query.validateType)
    return 'success'
  } catch (error) {
    if (error instanceof ApiError && error.code !== NETWORK_ERROR_CODE) return 'timeout'
    throw error
  }
}
