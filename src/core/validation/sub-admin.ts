// The sub-admin form (account-area §5), checked by the dialog and again by the reference server.
import type { SubAdminForm } from '../contract/sub-accounts'
import { MSG } from './messages'
import { collectErrors, isMailbox, phoneError, plainName, type FieldErrors } from './rules'

/** §9: a sub-admin name is 1-32 characters. */
export const SUB_ADMIN_NAME_MAX = 32

export function fullNameError(value: string): string | null {
  const name = plainName(value)
  if (!name) return MSG.fullNameRequired
  return Array.from(name).length > SUB_ADMIN_NAME_MAX ? MSG.fullNameTooLong : null
}

export function mailboxError(value: string): string | null {
  const mailbox = value.trim()
  if (!mailbox) return MSG.mailboxRequired
  // §5: @ with a dot after it; strictly, so that one field is one mailbox (rules.ts isMailbox).
  return isMailbox(mailbox) ? null : MSG.mailboxInvalid
}

/** `positions`: the dictionary's item values; a position not among them counts as none chosen. */
export function positionError(value: string, positions?: readonly string[]): string | null {
  const position = value.trim()
  if (!position) return MSG.positionRequired
  return positions && !positions.includes(position) ? MSG.positionRequired : null
}

export function validateSubAdmin(
  form: SubAdminForm,
  positions?: readonly string[],
): FieldErrors<keyof SubAdminForm> {
  return collectErrors({
    fullName: fullNameError(form.fullName),
    mailbox: mailboxError(form.mailbox),
    phoneNumber: phoneError(form.phoneNumber),
    position: positionError(form.position, positions),
  })
}
