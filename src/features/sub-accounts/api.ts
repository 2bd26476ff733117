// Sub-admins and activation (spec account-area §7 "Sub-accounts under /api/app/account",
// "Activation").
import type { LoginResult } from '../../core/contract/account'
import type { SolvedSlider } from '../../core/contract/captcha'
import {
  VALIDATE_TYPE,
  type EditRecipientRequest,
  type Recipient,
  type RecipientForm,
  type RecipientPage,
  type ValidateLinkInfo,
  type ValidateLinkRequest,
  type ValidateType,
} from '../../core/contract/recipients'
import type {
  ActivationInfo,
  ActivationQuery,
  ActivationRequest,
  ActivationSmsRequest,
  AddAvailability,
  DictionaryQuery,
  EditSubAdminRequest,
  PhoneAvailability,
  PhoneNumberRequest,
  Position,
  SubAdmin,
  SubAdminForm,
  SubAdminPage,
  SubAdminSwitchRequest,
} from '../../core/contract/sub-accounts'
import { http } from '../../core/http/request'
import type { Page, PageQuery } from '../../core/ui/paging'

const BASE = '/api/app/account'

export type { ActivationInfo, AddAvailability, Position, Recipient, SubAdmin, ValidateLinkInfo }

export type SwitchCall = 'seceiveNotifySwitch' | 'websiteManageSwitch'

// The list, the dialog and the activation form show their failures themselves.
const silent = { silent: true }

export const subAccountApi = {
  list: async (query: PageQuery): Promise<Page<SubAdmin>> => {
    const page = await http.get<SubAdminPage>(`${BASE}/getAccountSubAccountList`, { ...query }, silent)
    return { data: page?.list ?? [], total: page?.total ?? 0, pages: page?.pages ?? 0 }
  },
  detail: (id: number) => http.get<SubAdmin>(`${BASE}/getAccountSubAccountDetail`, { id }, silent),
  positions: () =>
    http.get<Position[]>(
      '/api/pc/getListByCode',
      { code: 'recipient_position' } satisfies DictionaryQuery,
      silent,
    ),
  addAvailability: () => http.get<AddAvailability>(`${BASE}/checkOderAvailable`),
  phoneAvailable: (phoneNumber: string) =>
    http.post<PhoneAvailability>(
      `${BASE}/checkPhoneNumberAvailable`,
      { phoneNumber } satisfies PhoneNumberRequest,
      silent,
    ),
  add: (form: SubAdminForm) => http.post<SubAdmin>(`${BASE}/addAccountSubAccount`, { ...form }, silent),
  edit: (id: number, form: Omit<SubAdminForm, 'phoneNumber'>) =>
    http.post<SubAdmin>(
      `${BASE}/editAccountSubAccount`,
      { id, ...form } satisfies EditSubAdminRequest,
      silent,
    ),
  remove: (id: number) => http.post<null>(`${BASE}/deleteAccountSubAccount`, { id }),
  setSwitch: (call: SwitchCall, id: number, status: number) =>
    http.post<null>(`${BASE}/${call}`, { id, status } satisfies SubAdminSwitchRequest),

  activationInfo: (activeCode: string) =>
    http.get<ActivationInfo>(
      `${BASE}/getAccountInfoByActiveCode`,
      { activeCode } satisfies ActivationQuery,
      silent,
    ),
  sendActivationCode: (activeCode: string, phone: string, slider: SolvedSlider) =>
    http.post<null>(
      `${BASE}/sendActiveSmsCode`,
      { activeCode, phone, ...slider } satisfies ActivationSmsRequest,
      silent,
    ),
  activate: (activeCode: string, code: string, phone: string) =>
    http.post<LoginResult>(
      `${BASE}/activeAccountByActiveCode`,
      { activeCode, code, phone } satisfies ActivationRequest,
      silent,
    ),
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
    http.post<Recipient>('/api/pc/editRecipient', { id, ...form } satisfies EditRecipientRequest, silent),
  remove: (id: number) => http.post<null>('/api/pc/deleteRecipient', { id }),
  resend: (id: number, validateType: ValidateType) =>
    http.post<null>(
      validateType === VALIDATE_TYPE.sms ? '/api/pc/sendSmsValidate' : '/api/pc/sendEmailValidate',
      { id },
    ),
  judge: (id: string, validateType: number) =>
    http.get<ValidateLinkInfo>(
      '/api/pc/judgeInvalid',
      { id, validateType } satisfies ValidateLinkRequest,
      silent,
    ),
  confirm: (id: string, validateType: number) =>
    http.post<null>(
      '/api/pc/updateValidateStatus',
      { id, validateType } satisfies ValidateLinkRequest,
      silent,
    ),
}
