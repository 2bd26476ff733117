// Work orders (doc2 §7 "Work orders"), the maintenance service's calls (websiteButler) and the
// communication records. Every call is the viewer's own: the service filters by account and, for
// a sub-admin, by submitter, so another account's id answers exactly like a missing one.
import {
  FIELD_CODES,
  FILE_TYPE,
  SERVICE_PROJECTS,
  WORK_ORDER_TYPE,
  type CloseWorkOrderRequest,
  type CreateWorkOrderRequest,
  type MaintenanceOrderQuery,
  type MyWorkOrderQuery,
  type OpenWorkOrderRequest,
  type ProblemTemplateQuery,
  type RecordLookRequest,
  type SaveRecordRequest,
  type WorkOrderCountQuery,
  type WorkOrderEvaluationQuery,
} from '../../src/core/contract/work-orders'
import { WORK_ORDER_MSG } from '../../src/core/validation/work-orders'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { documented, TAG } from './api-tags'
import { answer, int, listOf, nullable, nullAnswer, pageOf } from './responses'
import {
  consultableOrder,
  createdWorkOrder,
  evaluation,
  maintenanceOrder,
  newStatus,
  problemTemplate,
  savedRecord,
  serviceProjectItem,
  waitFinish,
  websiteDomains,
  workOrderDetail,
  workOrderRow,
} from './work-order-answers'
import {
  boundedInteger,
  byId,
  integer,
  object,
  requestOf,
  rowId,
  shortText,
  type TypedApp,
  pageNum,
  pageSize,
} from './schemas'
import { workOrderFileRoutes } from './work-order-files'

/** Free text: the 500-character rules are the validators'; this only bounds what is parsed. */
const text = shortText(5_000)
const fileId = { type: 'string', pattern: '^[0-9a-f]{32}$' } as const
const serviceProject = {
  type: 'array',
  maxItems: SERVICE_PROJECTS.length,
  items: object(
    { code: { enum: SERVICE_PROJECTS.map((p) => p.code) }, inputNum: boundedInteger(0, 100_000) },
    ['code', 'inputNum'],
  ),
} as const
// Bounded generously: more than five answers the spec's 当前限制最多上传 5 个文件 from the validators.
const fileRefs = { type: 'array', maxItems: 20, items: object({ fileId }, ['fileId']) } as const

const createBody = requestOf<CreateWorkOrderRequest>()(
  object(
    {
      type: { type: 'integer', enum: Object.values(WORK_ORDER_TYPE) },
      templateId: rowId,
      source: boundedInteger(0, 100),
      acWorkOrderDataPos: {
        type: 'array',
        maxItems: FIELD_CODES.length,
        items: object({ fieldCode: { enum: [...FIELD_CODES] }, fieldValue: text, sort: integer }, [
          'fieldCode',
          'fieldValue',
        ]),
      },
      acWorkOrderFilePos: {
        type: 'array',
        // Five in each of the three upload fields; more answers the validators' message.
        maxItems: 60,
        items: object({ fileId, type: { enum: Object.values(FILE_TYPE) } }, ['fileId', 'type']),
      },
      productVersion: shortText(64),
      serviceProject,
    },
    ['type', 'templateId', 'source', 'acWorkOrderDataPos', 'acWorkOrderFilePos'],
  ),
)
const closeBody = requestOf<CloseWorkOrderRequest>()(
  object({ id: rowId, isClose: { enum: [0, 1] }, closeReason: shortText(32) }, ['id', 'isClose']),
)
const openBody = requestOf<OpenWorkOrderRequest>()(
  object({ id: rowId, content: text, communicateReason: shortText(32), serviceProject }, ['id']),
)
/** Empty = no filter (a form's cleared field). */
const day = { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' } as const
/** One status or a comma-separated list (IN_SERVICE_STATUS_QUERY); empty = all. */
const statusList = { type: 'string', pattern: '^([0-5](,[0-5]){0,5})?$' } as const
const listQuery = requestOf<MyWorkOrderQuery>()(
  object(
    {
      pageNum,
      pageSize,
      orderNum: { type: 'string', pattern: '^\\d{0,8}$' },
      description: shortText(500),
      status: statusList,
      submitTimeStartDate: day,
      submitTimeEndDate: day,
      keyword: shortText(500),
    },
    ['pageNum', 'pageSize'],
  ),
)
const countQuery = requestOf<WorkOrderCountQuery>()(object({ status: statusList }))
const templateQuery = requestOf<ProblemTemplateQuery>()(
  object({ workType: boundedInteger(0, 4), state: boundedInteger(0, 1) }, ['workType']),
)
const orderCodeQuery = requestOf<MaintenanceOrderQuery>()(
  object({ orderCode: shortText(32), productVersion: shortText(64) }, ['orderCode']),
)
const recordBody = requestOf<SaveRecordRequest>()(
  object({ workOrderId: rowId, content: text, acWorkOrderFilePos: fileRefs }, ['workOrderId', 'content']),
)
const workOrderIdBody = requestOf<RecordLookRequest>()(object({ workOrderId: rowId }, ['workOrderId']))
const evaluationQuery = requestOf<WorkOrderEvaluationQuery>()(object({ workId: rowId }, ['workId']))

const about = documented(TAG.workOrders)

export function workOrderRoutes(app: TypedApp, services: Services, guards: Guards) {
  const { workOrders } = services
  const { requireViewer } = guards
  // The session is checked before the input: an anonymous caller gets 996 whatever it sends.
  const viewerOnly = { preValidation: requireViewer }

  app.get(
    '/api/acWorkOrder/getWorkList',
    {
      schema: {
        ...about('问题分类（模板）列表'),
        querystring: templateQuery,
        response: answer(listOf(problemTemplate)),
      },
      ...viewerOnly,
    },
    async (req) => ok(await workOrders.templates(req.query.workType, req.query.state ?? 1)),
  )

  app.post(
    '/api/acWorkOrder/getOrderList',
    { schema: { ...about('可咨询的订单'), response: answer(listOf(consultableOrder)) }, ...viewerOnly },
    async (req) => ok(await workOrders.orderList(req.viewer)),
  )

  app.post(
    '/api/acWorkOrder/getNewOrderList',
    { schema: { ...about('近 30 天的订单'), response: answer(listOf(consultableOrder)) }, ...viewerOnly },
    async (req) => ok(await workOrders.newOrderList(req.viewer)),
  )

  app.post(
    '/api/acWorkOrder/createWorkOrder',
    { schema: { ...about('提交工单'), body: createBody, response: answer(createdWorkOrder) }, ...viewerOnly },
    async (req) => ok(await workOrders.create(req.viewer, req.body), WORK_ORDER_MSG.submitted),
  )

  app.get(
    '/api/acWorkOrder/getWorkDetail',
    {
      schema: { ...about('工单详情'), querystring: byId, response: answer(workOrderDetail) },
      ...viewerOnly,
    },
    async (req) => ok(await workOrders.detail(req.viewer, req.query.id)),
  )

  app.post(
    '/api/acWorkOrder/closeWorkOrder',
    {
      schema: { ...about('关闭或确认完结工单'), body: closeBody, response: answer(newStatus) },
      ...viewerOnly,
    },
    async (req) => {
      const status = await workOrders.close(req.viewer, req.body)
      return ok({ status }, req.body.isClose === 1 ? WORK_ORDER_MSG.closed : '操作成功')
    },
  )

  app.post(
    '/api/acWorkOrder/openWorkOrder',
    {
      schema: { ...about('继续咨询、重开工单或调整服务项目'), body: openBody, response: answer(newStatus) },
      ...viewerOnly,
    },
    async (req) => ok({ status: await workOrders.open(req.viewer, req.body) }, WORK_ORDER_MSG.submitted),
  )

  app.get(
    '/api/acWorkOrder/getMyWorkOrderList',
    {
      schema: { ...about('我的工单列表'), querystring: listQuery, response: answer(pageOf(workOrderRow)) },
      ...viewerOnly,
    },
    async (req) => ok(await workOrders.list(req.viewer, req.query)),
  )

  app.get(
    '/api/acWorkOrder/getMyWorkOrderCount',
    {
      schema: {
        ...about('我的工单数量'),
        querystring: countQuery,
        response: answer(int),
      },
      ...viewerOnly,
    },
    async (req) => ok(await workOrders.count(req.viewer, req.query.status)),
  )

  app.post(
    '/api/acWorkOrder/deleteWorkOrder',
    { schema: { ...about('删除工单'), body: byId, response: nullAnswer }, ...viewerOnly },
    async (req) => {
      await workOrders.remove(req.viewer, req.body.id)
      return ok(null, '删除成功')
    },
  )

  app.post(
    '/api/acWorkOrder/urgentWorkOrder',
    { schema: { ...about('工单加急'), body: byId, response: nullAnswer }, ...viewerOnly },
    async (req) => {
      await workOrders.urge(req.viewer, req.body.id)
      return ok(null, '加急申请已提交')
    },
  )

  app.get(
    '/api/acWorkOrder/getIsExistWaitFinishWorkOrder',
    { schema: { ...about('是否有未完结的代维工单'), response: answer(waitFinish) }, ...viewerOnly },
    async (req) => ok(await workOrders.waitFinish(req.viewer)),
  )

  app.get(
    '/api/acWorkOrder/judgeIsEvalaute',
    {
      schema: {
        ...about('工单评价链接'),
        querystring: evaluationQuery,
        response: answer(nullable(evaluation)),
      },
      ...viewerOnly,
    },
    async (req) => ok(await workOrders.evaluation(req.viewer, req.query.workId)),
  )

  // The maintenance service (代维管家).
  app.get(
    '/api/app/websiteButler/getDaiweiOrderList',
    { schema: { ...about('代维订单列表'), response: answer(listOf(maintenanceOrder)) }, ...viewerOnly },
    async (req) => ok(await workOrders.maintenanceOrders(req.viewer)),
  )

  app.get(
    '/api/app/websiteButler/getWebsiteDomainByDaiweiOrder',
    {
      schema: {
        ...about('代维订单的网站域名'),
        querystring: orderCodeQuery,
        response: answer(websiteDomains),
      },
      ...viewerOnly,
    },
    async (req) => ok(await workOrders.maintenanceDomains(req.viewer, req.query.orderCode)),
  )

  app.get(
    '/api/app/websiteButler/getServiceProjectList',
    {
      schema: {
        ...about('代维订单的服务项目与剩余次数'),
        querystring: orderCodeQuery,
        response: answer(listOf(serviceProjectItem)),
      },
      ...viewerOnly,
    },
    async (req) => ok(await workOrders.serviceProjectList(req.viewer, req.query.orderCode)),
  )

  // Communication records.
  app.post(
    '/api/appWorkOrderCommunicationRecords/saveRecords',
    {
      schema: { ...about('回复工单（沟通记录）'), body: recordBody, response: answer(savedRecord) },
      ...viewerOnly,
    },
    async (req) => ok(await workOrders.saveRecord(req.viewer, req.body), WORK_ORDER_MSG.submitted),
  )

  app.get(
    '/api/appWorkOrderCommunicationRecords/getRecordCount',
    { schema: { ...about('未读工程师回复数'), response: answer(int) }, ...viewerOnly },
    async (req) => ok(await workOrders.unreadRecordCount(req.viewer)),
  )

  app.post(
    '/api/appWorkOrderCommunicationRecords/updRecordLook',
    {
      schema: { ...about('工单回复标为已读'), body: workOrderIdBody, response: nullAnswer },
      ...viewerOnly,
    },
    async (req) => {
      await workOrders.markLooked(req.viewer, req.body.workOrderId)
      return ok(null)
    },
  )

  workOrderFileRoutes(app, services, guards)
}
