// The recipient form (doc2 §7 Recipients): the sub-admin form's fields and messages (account-area §5),
// with the phone named bingPhone as on the wire. Checked by the dialog and again by the server.
import type { RecipientForm } from '../contract/recipients'
import { collectErrors, phoneError, type FieldErrors } from './rules'
import { fullNameError, mailboxError, positionError } from './sub-admin'

export function validateRecipient(
  form: RecipientForm,
  positions?: readonly string[],
): FieldErrors<keyof RecipientForm> {
  return collectErrors({
    fullName: fullNameError(form.fullName),
    mailbox: mailboxError(form.mailbox),
    bingPhone: phoneError(form.bingPhone),
    position: positionError(form.position, positions),
  })
}
