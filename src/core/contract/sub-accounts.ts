// Sub-admins and their activation on the wire (account-area §2 activation page, §4 activation, §5
// the form, §7 "Sub-accounts under /api/app/account", "Activation").
import type { SolvedSlider } from './captcha'

/** POST addAccountSubAccount: the sub-admin form (account-area §5). */
export interface SubAdminForm {
  fullName: string
  mailbox: string
  phoneNumber: string
  /** A recipient_position dictionary itemValue. */
  position: string
}

/** POST editAccountSubAccount: the phone is read-only (another one is refused 手机号不可修改). */
export interface EditSubAdminRequest extends Omit<SubAdminForm, 'phoneNumber'> {
  id: number
  phoneNumber?: string
}

/** getAccountSubAccountList rows and getAccountSubAccountDetail; add and edit answer the row too. */
export interface SubAdmin extends SubAdminForm {
  id: number
  positionName: string
  /** 0 not activated, 1 active (§4). */
  activeState: number
  isReceiveNotify: number
  isWebsiteManage: number
  /** Always 0: the main account's owner is not one of its sub-admins. */
  isAdministrators: number
  createTime: string
}

/** getAccountSubAccountList: this list names its rows `list`, not `data` as the other pages. */
export interface SubAdminPage {
  list: SubAdmin[]
  total: number
  pages: number
}

/** GET /api/pc/getListByCode: a data dictionary by its code (the console reads recipient_position). */
export interface DictionaryQuery {
  code: string
}

/** A getListByCode item: for recipient_position, a position a sub-admin or recipient may hold. */
export interface Position {
  itemValue: string
  itemText: string
}

/** GET checkOderAvailable: whether one more sub-admin may be added (`used` of `limit`). */
export interface AddAvailability {
  available: boolean
  used: number
  limit: number
}

/** POST checkPhoneNumberAvailable: whether the phone may be given to a new sub-admin. */
export interface PhoneNumberRequest {
  phoneNumber: string
}

export interface PhoneAvailability {
  available: boolean
}

/** POST seceiveNotifySwitch and websiteManageSwitch: status 1 on, 0 off. */
export interface SubAdminSwitchRequest {
  id: number
  status: number
}

/** GET getAccountInfoByActiveCode: the code of the activation link. */
export interface ActivationQuery {
  activeCode: string
}

/** getAccountInfoByActiveCode: who the activation link is for. */
export interface ActivationInfo {
  /** The phone the link was sent to: the page shows it masked and sends the code to it. */
  phone: string
  maskedPhone: string
  fullName: string
  accountName: string
  activeState: number
}

/** POST sendActiveSmsCode: a code to the sub-admin's own phone, the slider solved for it. */
export interface ActivationSmsRequest extends SolvedSlider {
  activeCode: string
  phone: string
}

/** POST activeAccountByActiveCode: the link's code, the SMS code and the phone it went to. */
export interface ActivationRequest {
  activeCode: string
  code: string
  phone: string
}
