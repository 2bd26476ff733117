// Invoices (doc2 §7: applyBill, getTreeAddress).
import type { Region } from '../../core/contract/invoices'
import { http } from '../../core/http/request'

export type { Region }

/** The applyBill payload: the form plus what the server recomputes anyway (doc2 §3). */
export type InvoicePayload = Record<string, string | number>

export const invoiceApi = {
  regions: () => http.get<Region[]>('/api/pc/getTreeAddress'),
  // Silent: the dialog shows the server's message under the form.
  apply: (payload: InvoicePayload) => http.post<null>('/api/pc/applyBill', payload, { silent: true }),
}
