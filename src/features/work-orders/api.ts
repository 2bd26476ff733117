// Work-order calls (doc2 §7 "Work orders"), one line each, typed by the shared contract.
import {
  IN_SERVICE_STATUS_QUERY,
  type CloseWorkOrderRequest,
  type ConsultableOrder,
  type CreatedWorkOrder,
  type CreateWorkOrderRequest,
  type MaintenanceOrder,
  type MaintenanceOrderQuery,
  type MyWorkOrderQuery,
  type OpenWorkOrderRequest,
  type ProblemTemplate,
  type ProblemTemplateQuery,
  type RecordLookRequest,
  type SaveRecordRequest,
  type ServiceProjectItem,
  type ServiceProjectRequest,
  type UploadedFile,
  type WaitFinishWorkOrder,
  type WorkOrderCountQuery,
  type WorkOrderDetail,
  type WorkOrderEvaluation,
  type WorkOrderEvaluationQuery,
  type WorkOrderSummary,
  type WorkOrderType,
} from '../../core/contract/work-orders'
import { apiUrl, http } from '../../core/http/request'
import type { Page } from '../../core/ui/paging'

const WO = '/api/acWorkOrder'
const RECORDS = '/api/appWorkOrderCommunicationRecords'
const BUTLER = '/api/app/websiteButler'
export const UPLOAD_URL = apiUrl('/api/workOrderFile/upload')

export const workOrderApi = {
  /** The form shows a failed load with 重试. */
  templates: (workType: WorkOrderType) =>
    http.get<ProblemTemplate[]>(`${WO}/getWorkList`, { workType, state: 1 } satisfies ProblemTemplateQuery, {
      silent: true,
    }),
  consultableOrders: () => http.post<ConsultableOrder[]>(`${WO}/getOrderList`),
  newConsultableOrders: () => http.post<ConsultableOrder[]>(`${WO}/getNewOrderList`),
  /** The form shows the refusal above 提交. */
  create: (request: CreateWorkOrderRequest) =>
    http.post<CreatedWorkOrder>(`${WO}/createWorkOrder`, { ...request }, { silent: true }),
  detail: (id: number | string) => http.get<WorkOrderDetail>(`${WO}/getWorkDetail`, { id }, { silent: true }),
  /** isClose 0 confirms completion (a toast on refusal); 1 closes from its dialog (the refusal shown there). */
  close: (id: number, closeReason: string, isClose: 1 | 0) =>
    http.post<null>(`${WO}/closeWorkOrder`, { id, closeReason, isClose } satisfies CloseWorkOrderRequest, {
      silent: isClose === 1,
    }),
  /** From the 继续咨询 / 重开服务 / 调整服务项目 dialogs, which show the refusal. */
  open: (id: number, content: string, communicateReason: string, serviceProject?: ServiceProjectRequest[]) =>
    http.post<null>(
      `${WO}/openWorkOrder`,
      { id, content, communicateReason, serviceProject } satisfies OpenWorkOrderRequest,
      { silent: true },
    ),
  list: (query: MyWorkOrderQuery) =>
    http.get<Page<WorkOrderSummary>>(`${WO}/getMyWorkOrderList`, { ...query }, { silent: true }),
  inServiceCount: () =>
    http.get<number>(
      `${WO}/getMyWorkOrderCount`,
      { status: IN_SERVICE_STATUS_QUERY } satisfies WorkOrderCountQuery,
      { silent: true },
    ),
  remove: (id: number) => http.post<null>(`${WO}/deleteWorkOrder`, { id }),
  urgent: (id: number) => http.post<null>(`${WO}/urgentWorkOrder`, { id }),
  waitFinishMaintenance: () => http.get<WaitFinishWorkOrder>(`${WO}/getIsExistWaitFinishWorkOrder`),
  evaluation: (workId: number) =>
    http.get<WorkOrderEvaluation | null>(
      `${WO}/judgeIsEvalaute`,
      { workId } satisfies WorkOrderEvaluationQuery,
      { silent: true },
    ),
  /** The reply box shows the refusal. */
  reply: (request: SaveRecordRequest) =>
    http.post<null>(`${RECORDS}/saveRecords`, { ...request }, { silent: true }),
  markViewed: (workOrderId: number) =>
    http.post<null>(`${RECORDS}/updRecordLook`, { workOrderId } satisfies RecordLookRequest, {
      silent: true,
    }),
  maintenanceOrders: () =>
    http.get<MaintenanceOrder[]>(`${BUTLER}/getDaiweiOrderList`, undefined, { silent: true }),
  serviceProjects: (orderCode: string, productVersion: string) =>
    http.get<ServiceProjectItem[]>(`${BUTLER}/getServiceProjectList`, {
      orderCode,
      productVersion,
    } satisfies MaintenanceOrderQuery),
}

export type { UploadedFile }
