// Work-order calls (doc2 §7 "Work orders"), one line each, typed by the shared contract.
import type {
  ConsultableOrder,
  CreatedWorkOrder,
  CreateWorkOrderRequest,
  MaintenanceOrder,
  MyWorkOrderQuery,
  ProblemTemplate,
  ServiceProjectItem,
  ServiceProjectRequest,
  UploadedFile,
  WorkOrderDetail,
  WorkOrderEvaluation,
  WorkOrderFileType,
  WorkOrderSummary,
  WorkOrderType,
} from '../../core/contract/work-orders'
import { apiUrl, http } from '../../core/http/request'
import type { Page } from '../../core/ui/paging'

const WO = '/api/acWorkOrder'
const RECORDS = '/api/appWorkOrderCommunicationRecords'
const BUTLER = '/api/app/websiteButler'
export const UPLOAD_URL = apiUrl('/api/workOrderFile/upload')

/**
 * The 服务中 tab: how the list and the count ask for in-service orders (statuses 0, 1, 2, 5). The
 * server's parameter is not settled in the spec; this is the one place to adjust it. The count is
 * asked with no status (the server answers the in-service count); the list sends `keyword`.
 */
export const IN_SERVICE = {
  listParams: { keyword: 'inService' } as Record<string, string>,
  countParams: undefined as Record<string, string> | undefined,
}

export type MyWorkOrderListQuery = MyWorkOrderQuery & { keyword?: string }

export interface FileRef {
  fileId: string
  type: WorkOrderFileType
}

export const workOrderApi = {
  templates: (workType: WorkOrderType) =>
    http.get<ProblemTemplate[]>(`${WO}/getWorkList`, { workType, state: 1 }),
  consultableOrders: () => http.post<ConsultableOrder[]>(`${WO}/getOrderList`),
  newConsultableOrders: () => http.post<ConsultableOrder[]>(`${WO}/getNewOrderList`),
  create: (request: CreateWorkOrderRequest) =>
    http.post<CreatedWorkOrder>(`${WO}/createWorkOrder`, { ...request }),
  detail: (id: number | string) => http.get<WorkOrderDetail>(`${WO}/getWorkDetail`, { id }),
  close: (id: number, closeReason: string, isClose: 1 | 0) =>
    http.post<null>(`${WO}/closeWorkOrder`, { id, closeReason, isClose }),
  open: (id: number, content: string, communicateReason: string, serviceProject?: ServiceProjectRequest[]) =>
    http.post<null>(`${WO}/openWorkOrder`, { id, content, communicateReason, serviceProject }),
  list: (query: MyWorkOrderListQuery) =>
    http.get<Page<WorkOrderSummary>>(`${WO}/getMyWorkOrderList`, { ...query }, { silent: true }),
  inServiceCount: () =>
    http.get<number>(`${WO}/getMyWorkOrderCount`, IN_SERVICE.countParams, { silent: true }),
  remove: (id: number) => http.post<null>(`${WO}/deleteWorkOrder`, { id }),
  urgent: (id: number) => http.post<null>(`${WO}/urgentWorkOrder`, { id }),
  hasUnfinishedMaintenance: () => http.get<boolean>(`${WO}/getIsExistWaitFinishWorkOrder`),
  evaluation: (workId: number) =>
    http.get<WorkOrderEvaluation | null>(`${WO}/judgeIsEvalaute`, { workId }, { silent: true }),
  reply: (workOrderId: number, content: string, acWorkOrderFilePos: FileRef[]) =>
    http.post<null>(`${RECORDS}/saveRecords`, { workOrderId, content, acWorkOrderFilePos }),
  markViewed: (workOrderId: number) =>
    http.post<null>(`${RECORDS}/updRecordLook`, { workOrderId }, { silent: true }),
  maintenanceOrders: () =>
    http.get<MaintenanceOrder[]>(`${BUTLER}/getDaiweiOrderList`, undefined, { silent: true }),
  serviceProjects: (orderCode: string, productVersion: string) =>
    http.get<ServiceProjectItem[]>(`${BUTLER}/getServiceProjectList`, { orderCode, productVersion }),
}

export type { UploadedFile }
