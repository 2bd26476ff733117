// Contracts through the e-sign service (doc2 §7: applyContract, getContractUrl).
import { http } from '../../core/http/request'
import type { ContractForm } from '../../core/validation/billing'

export interface ContractDocs {
  docs: { fileName: string; fileUrl: string }[]
}

export const esignApi = {
  // Silent: the dialog shows the server's message under the form.
  apply: (orderId: number, form: ContractForm & { idTypeName: string; orgLegalIdTypeName: string }) =>
    http.post<ContractDocs>('/api/esign/applyContract', { orderId, ...form }, { silent: true }),
  url: (orderId: number) => http.get<ContractDocs>('/api/esign/getContractUrl', { orderId }),
}
