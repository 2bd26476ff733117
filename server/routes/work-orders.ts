// Work orders (doc2 §7 "Work orders"), the maintenance service's calls (websiteButler) and the
// communication records. Every call is the viewer's own: the service filters by account and, for
// a sub-admin, by submitter, so another account's id answers exactly like a missing one.
import { FIELD_CODES, SERVICE_PROJECTS } from '../../src/core/contract/work-orders'
import { WORK_ORDER_MSG } from '../../src/core/validation/work-orders'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import {
  boundedInteger,
  integer,
  object,
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

const createBody = object(
  {
    // WORK_ORDER_TYPE's codes, spelled out so the body types as WorkOrderType.
    type: { type: 'integer', enum: [0, 1, 2, 3, 4] },
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
      items: object({ fileId, type: { enum: [0, 3, 4] } }, ['fileId', 'type']),
    },
    productVersion: shortText(64),
    serviceProject,
  },
  ['type', 'templateId', 'source', 'acWorkOrderDataPos', 'acWorkOrderFilePos'],
)
const idBody = object({ id: rowId }, ['id'])
const idQuery = object({ id: rowId }, ['id'])
const closeBody = object({ id: rowId, isClose: { enum: [0, 1] }, closeReason: shortText(32) }, [
  'id',
  'isClose',
])
const openBody = object({ id: rowId, content: text, communicateReason: shortText(32), serviceProject }, [
  'id',
])
/** Empty = no filter (a form's cleared field). */
const day = { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' } as const
/** One status or a comma-separated list (IN_SERVICE_STATUS_QUERY); empty = all. */
const statusList = { type: 'string', pattern: '^([0-5](,[0-5]){0,5})?$' } as const
const listQuery = object(
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
)
const templateQuery = object({ workType: boundedInteger(0, 4), state: boundedInteger(0, 1) }, ['workType'])
const orderCodeQuery = object({ orderCode: shortText(32), productVersion: shortText(64) }, ['orderCode'])
const recordBody = object({ workOrderId: rowId, content: text, acWorkOrderFilePos: fileRefs }, [
  'workOrderId',
  'content',
])
const workOrderIdBody = object({ workOrderId: rowId }, ['workOrderId'])

export function workOrderRoutes(app: TypedApp, services: Services, guards: Guards) {
  const { workOrders } = services
  const { requireViewer } = guards
  // The session is checked before the input: an anonymous caller gets 996 whatever it sends.
  const viewerOnly = { preValidation: requireViewer }

  app.get(
    '/api/acWorkOrder/getWorkList',
    { schema: { querystring: templateQuery }, ...viewerOnly },
    async (req) => ok(await workOrders.templates(req.query.workType, req.query.state ?? 1)),
  )

  app.post('/api/acWorkOrder/getOrderList', viewerOnly, async (req) =>
    ok(await workOrders.orderList(req.viewer)),
  )

  app.post('/api/acWorkOrder/getNewOrderList', viewerOnly, async (req) =>
    ok(await workOrders.newOrderList(req.viewer)),
  )

  app.post('/api/acWorkOrder/createWorkOrder', { schema: { body: createBody }, ...viewerOnly }, async (req) =>
    ok(await workOrders.create(req.viewer, req.body), WORK_ORDER_MSG.submitted),
  )

  app.get(
    '/api/acWorkOrder/getWorkDetail',
    { schema: { querystring: idQuery }, ...viewerOnly },
    async (req) => ok(await workOrders.detail(req.viewer, req.query.id)),
  )

  app.post('/api/acWorkOrder/closeWorkOrder', { schema: { body: closeBody }, ...viewerOnly }, async (req) => {
    const status = await workOrders.close(req.viewer, req.body)
    return ok({ status }, req.body.isClose === 1 ? WORK_ORDER_MSG.closed : '操作成功')
  })

  app.post('/api/acWorkOrder/openWorkOrder', { schema: { body: openBody }, ...viewerOnly }, async (req) =>
    ok({ status: await workOrders.open(req.viewer, req.body) }, WORK_ORDER_MSG.submitted),
  )

  app.get(
    '/api/acWorkOrder/getMyWorkOrderList',
    { schema: { querystring: listQuery }, ...viewerOnly },
    async (req) => ok(await workOrders.list(req.viewer, req.query)),
  )

  app.get(
    '/api/acWorkOrder/getMyWorkOrderCount',
    { schema: { querystring: object({ status: statusList }) }, ...viewerOnly },
    async (req) => ok(await workOrders.count(req.viewer, req.query.status)),
  )

  app.post('/api/acWorkOrder/deleteWorkOrder', { schema: { body: idBody }, ...viewerOnly }, async (req) => {
    await workOrders.remove(req.viewer, req.body.id)
    return ok(null, '删除成功')
  })

  app.post('/api/acWorkOrder/urgentWorkOrder', { schema: { body: idBody }, ...viewerOnly }, async (req) => {
    await workOrders.urge(req.viewer, req.body.id)
    return ok(null, '加急申请已提交')
  })

  app.get('/api/acWorkOrder/getIsExistWaitFinishWorkOrder', viewerOnly, async (req) =>
    ok(await workOrders.waitFinish(req.viewer)),
  )

  app.get(
    '/api/acWorkOrder/judgeIsEvalaute',
    { schema: { querystring: object({ workId: rowId }, ['workId']) }, ...viewerOnly },
    async (req) => ok(await workOrders.evaluation(req.viewer, req.query.workId)),
  )

  // The maintenance service (代维管家).
  app.get('/api/app/websiteButler/getDaiweiOrderList', viewerOnly, async (req) =>
    ok(await workOrders.maintenanceOrders(req.viewer)),
  )

  app.get(
    '/api/app/websiteButler/getWebsiteDomainByDaiweiOrder',
    { schema: { querystring: orderCodeQuery }, ...viewerOnly },
    async (req) => ok(await workOrders.maintenanceDomains(req.viewer, req.query.orderCode)),
  )

  app.get(
    '/api/app/websiteButler/getServiceProjectList',
    { schema: { querystring: orderCodeQuery }, ...viewerOnly },
    async (req) => ok(await workOrders.serviceProjectList(req.viewer, req.query.orderCode)),
  )

  // Communication records.
  app.post(
    '/api/appWorkOrderCommunicationRecords/saveRecords',
    { schema: { body: recordBody }, ...viewerOnly },
    async (req) => ok(await workOrders.saveRecord(req.viewer, req.body), WORK_ORDER_MSG.submitted),
  )

  app.get('/api/appWorkOrderCommunicationRecords/getRecordCount', viewerOnly, async (req) =>
    ok(await workOrders.unreadRecordCount(req.viewer)),
  )

  app.post(
    '/api/appWorkOrderCommunicationRecords/updRecordLook',
    { schema: { body: workOrderIdBody }, ...viewerOnly },
    async (req) => {
      await workOrders.markLooked(req.viewer, req.body.workOrderId)
      return ok(null)
    },
  )

  workOrderFileRoutes(app, services, guards)
}
