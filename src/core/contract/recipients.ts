// Recipients of the account's notifications and their confirmation links on the wire (doc2 §3
// "Recipient (receiver invitation): id, validateType, bingPhone", §4 "Receiver confirmation",
// §7 Recipients, §8 添加超时 请重新获取验证).

/** validateType of a confirmation link: which address it confirms. */
export const VALIDATE_TYPE = { sms: 1, email: 2 } as const
export type ValidateType = (typeof VALIDATE_TYPE)[keyof typeof VALIDATE_TYPE]

export function isValidateType(value: unknown): value is ValidateType {
  return value === VALIDATE_TYPE.sms || value === VALIDATE_TYPE.email
}

export const RECIPIENT_MESSAGES = {
  /** doc2 §8: an expired, used or unknown confirmation link. */
  timeout: '添加超时 请重新获取验证',
  confirmed: '验证成功',
  sent: '已发送',
} as const

/** searchRecipientList rows and detailRecipient. */
export interface Recipient {
  id: number
  fullName: string
  mailbox: string
  bingPhone: string
  position: string
  positionName: string
  /** 1 when the SMS link was opened for this phone. */
  smsValidateStatus: number
  /** 1 when the e-mail link was opened for this mailbox. */
  emailValidateStatus: number
  /** The sub-admin it mirrors (接收通知 on), else 0: such a recipient changes with the sub-admin. */
  subAccountId: number
  createTime: string
}

/** searchRecipientList: this list names its rows `list` (doc2 §7), not `data` as the other pages. */
export interface RecipientPage {
  list: Recipient[]
  total: number
  pages: number
}

/** addRecipient / editRecipient (the phone is read-only on edit). */
export interface RecipientForm {
  fullName: string
  mailbox: string
  bingPhone: string
  position: string
}

/** POST /api/pc/editRecipient: the phone is read-only (another one is refused). */
export interface EditRecipientRequest extends Omit<RecipientForm, 'bingPhone'> {
  id: number
  bingPhone?: string
}

/**
 * A confirmation link as /validate opens it: GET /api/pc/judgeInvalid's query and POST
 * /api/pc/updateValidateStatus's body. The type is any number on the wire: one that is not a
 * VALIDATE_TYPE makes the link invalid (添加超时), not the request.
 */
export interface ValidateLinkRequest {
  id: string
  validateType: number
}

/** judgeInvalid: a valid link says whom it confirms (masked); an invalid one says nothing else. */
export type ValidateLinkInfo =
  | { valid: false }
  | {
      valid: true
      validateType: ValidateType
      accountName: string
      fullName: string
      /** The phone or mailbox, masked. */
      target: string
      /** When the link stops working (ISO time), from the server. */
      expireTime: string
    }
