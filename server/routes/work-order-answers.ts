// Response schemas of the work-order routes (doc2 §3 shapes, §4 code tables): what each call
// answers, tied to the wire contract's types.
import {
  FIELD_CODES,
  FILE_TYPE,
  RECORD_ROLE,
  SERVICE_PROJECTS,
  WORK_ORDER_STATUS,
  WORK_ORDER_TYPE,
  type ConsultableOrder,
  type CreatedWorkOrder,
  type MaintenanceOrder,
  type ProblemTemplate,
  type ServiceProjectItem,
  type WaitFinishWorkOrder,
  type WorkOrderDataField,
  type WorkOrderDetail,
  type WorkOrderEvaluation,
  type WorkOrderFile,
  type WorkOrderRecord,
  type WorkOrderSummary,
} from '../../src/core/contract/work-orders'
import { dateTime, flag, int, listOf, nullable, oneOfValues, responseOf, shape, text } from './responses'

const zeroOrOne = oneOfValues([0, 1])
const workOrderType = oneOfValues(Object.values(WORK_ORDER_TYPE))
const workOrderStatus = oneOfValues(Object.values(WORK_ORDER_STATUS))
const fieldCode = oneOfValues(FIELD_CODES)

const workOrderFile = responseOf<WorkOrderFile>()(
  shape({
    fileId: text,
    fileUrl: text,
    fileName: text,
    fileSize: int,
    type: oneOfValues(Object.values(FILE_TYPE)),
  }),
)
export const serviceProjectItem = responseOf<ServiceProjectItem>()(
  shape({
    code: oneOfValues(SERVICE_PROJECTS.map((p) => p.code)),
    projectName: text,
    unit: text,
    inputNum: int,
    resisueNum: int,
    isInputBox: zeroOrOne,
    isDisplay: zeroOrOne,
    isSelected: zeroOrOne,
    isUpdate: zeroOrOne,
  }),
)
const summaryFields = {
  id: int,
  number: text,
  type: workOrderType,
  description: text,
  submitTime: dateTime,
  lastUpdateTime: dateTime,
  status: workOrderStatus,
  readState: zeroOrOne,
  isUrgent: zeroOrOne,
}
// `images`: list rows carry their pictures, the detail does not.
export const workOrderRow = responseOf<WorkOrderSummary>()(
  shape({ ...summaryFields, images: listOf(workOrderFile) }, ['images']),
)
const workOrderRecord = responseOf<WorkOrderRecord>()(
  shape({
    id: int,
    role: oneOfValues(Object.values(RECORD_ROLE)),
    title: text,
    content: text,
    createTime: dateTime,
    userTelPhone: nullable(text),
    serviceProject: nullable(listOf(serviceProjectItem)),
    acWorkOrderFilePos: listOf(workOrderFile),
  }),
)
const dataField = responseOf<WorkOrderDataField>()(
  shape({ fieldCode, name: text, fieldValue: text, sort: int }),
)
export const workOrderDetail = responseOf<WorkOrderDetail>()(
  shape(
    {
      ...summaryFields,
      images: listOf(workOrderFile),
      source: int,
      templateId: nullable(int),
      taskName: text,
      productVersion: nullable(text),
      termYear: nullable(int),
      orderCode: nullable(text),
      acWorkOrderDataPos: listOf(dataField),
      acWorkOrderFilePos: listOf(workOrderFile),
      licenseList: listOf(workOrderFile),
      identityList: listOf(workOrderFile),
      recordsDtos: listOf(workOrderRecord),
      serviceProject: nullable(listOf(serviceProjectItem)),
      urgedAt: nullable(dateTime),
    },
    ['images'],
  ),
)
export const problemTemplate = responseOf<ProblemTemplate>()(
  shape({
    id: int,
    workType: workOrderType,
    taskName: text,
    fieldChild: listOf(shape({ fieldName: text, fieldCode, required: flag, sort: int })),
  }),
)
export const consultableOrder = responseOf<ConsultableOrder>()(
  shape({ orderCode: text, productName: text, productVersion: text, createTime: dateTime, payAmount: text }),
)
export const createdWorkOrder = responseOf<CreatedWorkOrder>()(shape({ id: int, number: text }))
export const newStatus = shape({ status: int })
export const waitFinish = responseOf<WaitFinishWorkOrder>()(
  shape({ exist: flag, workOrderId: nullable(int), number: nullable(text), submittedBy: nullable(text) }),
)
export const evaluation = responseOf<WorkOrderEvaluation>()(shape({ evaluateStatus: int, url: text }))
export const maintenanceOrder = responseOf<MaintenanceOrder>()(
  shape({ orderCode: text, productVersion: text, websiteDomain: text, termYear: int }),
)
/** getWebsiteDomainByDaiweiOrder: the sites a maintenance order looks after. */
export const websiteDomains = listOf(text)
/** saveRecords: the new communication record. */
export const savedRecord = shape({ id: int })
