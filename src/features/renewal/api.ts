// The renewal centre. The list call is silent: the page shows its own failure;
// a refused mode change or batch order is the http wrapper's toast.
import { http } from '../../core/http/request'
import type {
  BatchRenewalAnswer,
  BatchRenewalRequest,
  RenewalItem,
  RenewalListQuery,
  RenewalModeRequest,
} from '../../core/contract/renewal'

export type { RenewalItem }

export const renewalApi = {
  products: (query: RenewalListQuery) =>
    http.get<RenewalItem[]>('/api/renewal/products', { ...query }, { silent: true }),
  setMode: (body: RenewalModeRequest) => http.post<null>('/api/renewal/mode', { ...body }),
  batchOrder: (body: BatchRenewalRequest) =>
    http.post<BatchRenewalAnswer>('/api/renewal/batchOrder', { ...body }),
}
