// Registration names an account `mc` + its phone (a collision adds `_2`, `_3`…). Those names are
// reserved: an account renamed `mc<someone's phone>` would block that phone's registration. The
// client's 编辑账号信息 and the server's rename check the same rule.

export const GENERATED_NAME_RESERVED = '“mc+手机号”格式的账号为系统保留，请换一个'

/** `mc` + 11 digits, optionally `_` + a number; case-insensitive like the account name's uniqueness. */
const GENERATED_NAME = /^mc\d{11}(_\d+)?$/i

export const isGeneratedName = (name: string) => GENERATED_NAME.test(name.trim())

/** A rename to `typed` (from `current`): the generated form is refused unless the name stays as it is. */
export function renamedMemberAccountError(typed: string, current: string): string | null {
  const name = typed.trim()
  return name !== current && isGeneratedName(name) ? GENERATED_NAME_RESERVED : null
}

/** The name registration gives a phone's account: `mc<phone>`, or the first free `mc<phone>_N`. */
export function generatedName(phone: string, taken: readonly string[]): string {
  const used = new Set(taken.map((name) => name.toLowerCase()))
  const base = `mc${phone}`
  if (!used.has(base)) return base
  let suffix = 2
  while (used.has(`${base}_${suffix}`)) suffix += 1
  return `${base}_${suffix}`
}
