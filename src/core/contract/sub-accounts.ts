// Sub-admin activation on the wire (account-area §2 activation page, §4 activation).

/** getActivationInfo: who the activation link is for. */
export interface ActivationInfo {
  /** The phone the link was sent to: the page shows it masked and sends the code to it. */
  phone: string
  maskedPhone: string
  fullName: string
  accountName: string
  activeState: number
}
