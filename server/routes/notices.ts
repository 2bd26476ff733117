// Notices (account-area §7 "Notices and messages"). Every call is the viewer's own: the service
// filters by account and sub-admin, so another account's id reads, changes and reveals nothing.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { notFound } from '../services/shared/errors'
import type { Services } from '../services'
import { demoNoticeFile, NOTICE_FILES_PATH } from '../services/notices/notice-files'
import type { HomePoll } from '../../src/core/contract/notices'
import { object, shortText, type TypedApp, pageNum, pageSize, rowId } from './schemas'

const listQuery = object({ pageNum, pageSize, readStatus: { type: 'integer', enum: [0, 1] } }, [
  'pageNum',
  'pageSize',
])
// signRead 1 with idsList (the service refuses an empty one), 2 for all.
const targetBody = object(
  { signRead: { type: 'integer', enum: [1, 2] }, idsList: { type: 'array', items: rowId, maxItems: 1000 } },
  ['signRead'],
)
const idQuery = object({ id: rowId }, ['id'])

export function noticeRoutes(app: TypedApp, { notices, workOrders }: Services, { requireViewer }: Guards) {
  app.get(
    '/api/pc/messageList',
    { schema: { querystring: listQuery }, preHandler: requireViewer },
    async (req) => ok(await notices.list(req.viewer, req.query)),
  )

  app.post('/api/pc/doReadMsg', { schema: { body: targetBody }, preHandler: requireViewer }, async (req) => {
    await notices.markRead(req.viewer, req.body)
    return ok(null)
  })

  app.post('/api/pc/delMsg', { schema: { body: targetBody }, preHandler: requireViewer }, async (req) => {
    await notices.remove(req.viewer, req.body)
    return ok(null, '删除成功！')
  })

  app.get(
    '/api/pc/selectMessageInfoById',
    { schema: { querystring: idQuery }, preHandler: requireViewer },
    async (req) => ok(await notices.open(req.viewer, req.query.id)),
  )

  app.get('/api/pc/getUnReadCount', { preHandler: requireViewer }, async (req) =>
    ok(await notices.unreadCount(req.viewer)),
  )

  app.get('/api/pc/getUnReadList', { preHandler: requireViewer }, async (req) =>
    ok(await notices.unreadList(req.viewer)),
  )

  app.get('/api/pc/selectLatestNews', { preHandler: requireViewer }, async (req) =>
    ok(await notices.latest(req.viewer)),
  )

  // The home's poll and the header's badges in one call (see HomePoll in the contract).
  app.get('/api/pc/homePoll', { preHandler: requireViewer }, async (req) => {
    const latest = await notices.latest(req.viewer)
    const unreadNoticeCount = await notices.unreadCount(req.viewer)
    const unreadWorkOrderRecordCount = await workOrders.unreadRecordCount(req.viewer)
    const answer: HomePoll = { latest, unreadNoticeCount, unreadWorkOrderRecordCount }
    return ok(answer)
  })

  app.post(
    '/api/pc/updatePopStatus',
    { schema: { body: idQuery }, preHandler: requireViewer },
    async (req) => {
      await notices.markPopped(req.viewer, req.body.id)
      return ok(null)
    },
  )

  // Demo attachments: loaded by <img> and links, which carry no token (a file store's public URLs).
  app.get(
    `${NOTICE_FILES_PATH}/:name`,
    { schema: { params: object({ name: shortText(64) }, ['name']) } },
    async (req, reply) => {
      const file = demoNoticeFile(req.params.name)
      if (!file) throw notFound('文件不存在')
      return reply.type(file.contentType).header('cache-control', 'public, max-age=86400').send(file.body)
    },
  )
}
