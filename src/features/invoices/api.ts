// Invoices (doc2 §7: applyBill, getTreeAddress), saved titles, 合并开票, the 发票 list, its PDFs
// and 换开.
import type {
  InvoiceApplication,
  InvoiceApplyRequest,
  InvoiceTitle,
  InvoiceTitleRequest,
  InvoiceTitleUpdateRequest,
  MergedInvoiceRequest,
  Region,
  ReissueRequest,
} from '../../core/contract/invoices'
import type { Order } from '../../core/contract/orders'
import type { Page, PageQuery } from '../../core/contract/paging'
import { downloadAttachment } from '../../core/http/attachment'
import { http } from '../../core/http/request'

export type { InvoiceApplication, InvoiceTitle, InvoiceTitleRequest, Region }

export const invoiceApi = {
  regions: () => http.get<Region[]>('/api/pc/getTreeAddress'),
  // Silent: the dialog shows the server's message under the form.
  apply: (request: InvoiceApplyRequest) =>
    http.post<null>('/api/pc/applyBill', { ...request }, { silent: true }),
  applyMerged: (request: MergedInvoiceRequest) =>
    http.post<{ id: number }>('/api/pc/applyMergedBill', { ...request }, { silent: true }),
  // Silent: the list shows its own error state.
  list: (query: PageQuery) =>
    http.get<Page<InvoiceApplication>>('/api/pc/getInvoiceList', { ...query }, { silent: true }),
  reissue: (id: number, reason: string) =>
    http.post<null>('/api/pc/reissueInvoice', { id, reason } satisfies ReissueRequest, { silent: true }),
  titles: () => http.get<InvoiceTitle[]>('/api/pc/getInvoiceTitles', {}, { silent: true }),
  addTitle: (title: InvoiceTitleRequest) =>
    http.post<InvoiceTitle>('/api/pc/addInvoiceTitle', { ...title }, { silent: true }),
  updateTitle: (id: number, title: InvoiceTitleRequest) =>
    http.post<InvoiceTitle>(
      '/api/pc/updateInvoiceTitle',
      { ...title, id } satisfies InvoiceTitleUpdateRequest,
      { silent: true },
    ),
  deleteTitle: (id: number) => http.post<null>('/api/pc/deleteInvoiceTitle', { id }),
  /** The newest orders, for 合并开票 to pick the invoiceable ones from. */
  recentOrders: () =>
    http.get<Page<Order>>('/api/pc/getOrder', { pageNum: 1, pageSize: 100 }, { silent: true }),
}

/** An issued invoice's PDF (core/http/attachment); a refusal is thrown as an ApiError. */
export const downloadInvoice = (id: number) =>
  downloadAttachment(`/api/pc/downloadInvoice?id=${id}`, { fileType: 'pdf', fallbackName: `发票-${id}.pdf` })
