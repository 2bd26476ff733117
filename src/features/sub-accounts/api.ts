// Sub-admins and activation (spec account-area §7 "Sub-accounts under /api/app/account",
// "Activation").
import {
  VALIDATE_TYPE,
  type Recipient,
  type RecipientForm,
  type ValidateLinkInfo,
  type ValidateType,
} from '../../core/contract/recipients'
import type { ActivationInfo } from '../../core/contract/sub-accounts'
import { http } from '../../core/http/request'
import type { LoginResult } from '../../core/session/store'
import type { SolvedSlider } from '../../core/ui/captcha/api'
import type { Page, PageQuery } from '../../core/ui/paging'
import type { SubAdminForm } from '../../core/validation/sub-admin'

const BASE = '/api/app/account'

export interface SubAdmin extends SubAdminForm {
  id: number
  positionName: string
  /** 0 not activated, 1 active (§4). */
  activeState: number
  isReceiveNotify: number
  isWebsiteManage: number
  isAdministrators: number
}

export interface Position {
  itemValue: string
  itemText: string
}

export interface AddAvailability {
  available: boolean
  used: number
  limit: number
}

export type { ActivationInfo, Recipient, ValidateLinkInfo }

interface RecipientPage {
  list: Recipient[]
  total: number
  pages: number
}

export type SwitchCall = 'seceiveNotifySwitch' | 'websiteManageSwitch'

interface SubAdminPage {
  list: SubAdmin[]
  total: number
  pages: number
}

// The list, the dialog and the activation form show their failures themselves.
const silent = { silent: true }

export const subAccountApi = {
  list: async (query: PageQuery): Promise<Page<SubAdmin>> => {
    const page = await http.get<SubAdminPage>(`${BASE}/getAccountSubAccountList`, { ...query }, silent)
    return { data: page?.list ?? [], total: page?.total ?? 0, pages: page?.pages ?? 0 }
  },
  detail: (id: number) => http.get<SubAdmin>(`${BASE}/getAccountSubAccountDetail`, { id }, silent),
  positions: () => http.get<Position[]>('/api/pc/getListByCode', { code: 'recipient_position' }, silent),
  addAvailability: () => http.get<AddAvailability>(`${BASE}/checkOderAvailable`),
  phoneAvailable: (phoneNumber: string) =>
    http.post<{ available: boolean }>(`${BASE}/checkPhoneNumberAvailable`, { phoneNumber }, silent),
  add: (form: SubAdminForm) => http.post<SubAdmin>(`${BASE}/addAccountSubAccount`, { ...form }, silent),
  edit: (id: number, form: Omit<SubAdminForm, 'phoneNumber'>) =>
    http.post<SubAdmin>(`${BASE}/editAccountSubAccount`, { id, ...form }, silent),
  remove: (id: number) => http.post<null>(`${BASE}/deleteAccountSubAccount`, { id }),
  setSwitch: (call: SwitchCall, id: number, status: number) =>
    http.post<null>(`${BASE}/${call}`, { id, status }),

  activationInfo: (activeCode: string) =>
    http.get<ActivationInfo>(`${BASE}/getAccountInfoByActiveCode`, { activeCode }, silent),
  sendActivationCode: (activeCode: string, phone: string, slider: SolvedSlider) =>
    http.post<null>(`${BASE}/sendActiveSmsCode`, { activeCode, phone, ...slider }, silent),
  activate: (activeCode: string, code: string, phone: string) =>
    http.post<LoginResult>(`${BASE}/activeAccountByActiveCode`, { activeCode, code, phone }, silent),
}

// Recipients of the account's notifications and receiver confirmation (doc2 §7 Recipients, "Under
// /api/pc: … updateValidateStatus, sendEmailValidate, sendSmsValidate, judgeInvalid").
export const recipientApi = {
  list: async (query: PageQuery): Promise<Page<Recipient>> => {
    const page = await http.get<RecipientPage>('/api/pc/searchRecipientList', { ...query }, silent)
    return { data: page?.list ?? [], total: page?.total ?? 0, pages: page?.pages ?? 0 }
  },
  detail: (id: number) => http.get<Recipient>('/api/pc/detailRecipient', { id }, silent),
  add: (form: RecipientForm) => http.post<Recipient>('/api/pc/addRecipient', { ...form }, silent),
  edit: (id: number, form: Omit<RecipientForm, 'bingPhone'>) =>
    http.post<Recipient>('/api/pc/editRecipient', { id, ...form }, silent),
  remove: (id: number) => http.post<null>('/api/pc/deleteRecipient', { id }),
  resend: (id: number, validateType: ValidateType) =>
    http.post<null>(
      validateType === VALIDATE_TYPE.sms ? '/api/pc/sendSmsValidate' : '/api/pc/sendEmailValidate',
      { id },
    ),
  judge: (id: string, validateType: number) =>
    http.get<ValidateLinkInfo>('/api/pc/judgeInvalid', { id, validateType }, silent),
  confirm: (id: string, validateType: number) =>
    http.post<null>('/api/pc/updateValidateStatus', { id, validateType }, silent),
}
