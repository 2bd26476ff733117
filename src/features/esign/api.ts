// Contracts through the e-sign service (doc2 §7: applyContract, getContractUrl).
import type { ContractApplyRequest, ContractDocs } from '../../core/contract/invoices'
import type { OrderIdQuery } from '../../core/contract/orders'
import { http } from '../../core/http/request'

export type { ContractDocs }

/** The applyContract body with the type names doc2 §3 lists (the server reads the codes). */
export type ContractPayload = ContractApplyRequest & { idTypeName: string; orgLegalIdTypeName: string }

export const esignApi = {
  // Silent: the dialog shows the server's message under the form.
  apply: (payload: ContractPayload) =>
    http.post<ContractDocs>('/api/esign/applyContract', { ...payload }, { silent: true }),
  url: (orderId: number) =>
    http.get<ContractDocs>('/api/esign/getContractUrl', { orderId } satisfies OrderIdQuery),
}
