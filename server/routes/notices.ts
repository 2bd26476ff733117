// Notices (account-area §7 "Notices and messages"). Every call is the viewer's own: the service
// filters by account and sub-admin, so another account's id reads, changes and reveals nothing.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { notFound } from '../services/shared/errors'
import type { Services } from '../services'
import { demoNoticeFile, NOTICE_FILES_PATH } from '../services/notices/notice-files'
import {
  NOTICE_LINK_FIELDS,
  NOTICE_TEXT_FIELDS,
  READ_STATUS,
  type HomePoll,
  type LatestNotice,
  type NoticeDetail,
  type NoticeFile,
  type NoticeItem,
  type NoticeListQuery,
  type NoticeTargetBody,
} from '../../src/core/contract/notices'
import { documented, TAG } from './api-tags'
import {
  answer,
  decimal,
  fileAnswer,
  int,
  listOf,
  nullable,
  nullAnswer,
  oneOfValues,
  pageOf,
  responseOf,
  shape,
  text,
} from './responses'
import { byId, object, requestOf, shortText, type TypedApp, pageNum, pageSize, rowId } from './schemas'

const listQuery = requestOf<NoticeListQuery>()(
  object({ pageNum, pageSize, readStatus: { type: 'integer', enum: Object.values(READ_STATUS) } }, [
    'pageNum',
    'pageSize',
  ]),
)
// signRead 1 with idsList (the service refuses an empty one), 2 for all.
const targetBody = requestOf<NoticeTargetBody>()(
  object(
    { signRead: { type: 'integer', enum: [1, 2] }, idsList: { type: 'array', items: rowId, maxItems: 1000 } },
    ['signRead'],
  ),
)

const about = documented(TAG.notices)
const readStatus = oneOfValues(Object.values(READ_STATUS))
const itemFields = {
  id: int,
  type: int,
  title: text,
  templateTitle: text,
  content: text,
  readStatus,
  readState: readStatus,
  createTime: text,
}
const noticeItem = responseOf<NoticeItem>()(shape(itemFields, ['readState']))
const noticeFile = responseOf<NoticeFile>()(
  shape({ fileUrl: text, fileName: text, filetype: text, isPhoto: oneOfValues([0, 1]) }),
)
/** The detail fields a notice of some type carries (account-area §3), each text when present. */
const DETAIL_TEXT_FIELDS = [...NOTICE_TEXT_FIELDS, ...NOTICE_LINK_FIELDS] as const
const detailTexts = Object.fromEntries(DETAIL_TEXT_FIELDS.map((field) => [field, text])) as Record<
  (typeof DETAIL_TEXT_FIELDS)[number],
  typeof text
>
const noticeDetail = responseOf<NoticeDetail>()(
  shape(
    {
      ...itemFields,
      ...detailTexts,
      fileList: listOf(noticeFile),
      msgType: { anyOf: [decimal, text] },
      xDate: listOf(text),
      pvList: listOf(decimal),
      uvList: listOf(decimal),
    },
    ['readState', ...DETAIL_TEXT_FIELDS, 'fileList', 'msgType', 'xDate', 'pvList', 'uvList'],
  ),
)
const latestNotice = responseOf<LatestNotice>()(
  shape({ id: int, type: int, title: text, templateTitle: text, createTime: text }, ['templateTitle']),
)
const homePoll = responseOf<HomePoll>()(
  shape({ latest: nullable(latestNotice), unreadNoticeCount: int, unreadWorkOrderRecordCount: int }),
)

export function noticeRoutes(app: TypedApp, { notices, workOrders }: Services, { requireViewer }: Guards) {
  app.get(
    '/api/pc/messageList',
    {
      schema: { ...about('消息列表'), querystring: listQuery, response: answer(pageOf(noticeItem)) },
      preHandler: requireViewer,
    },
    async (req) => ok(await notices.list(req.viewer, req.query)),
  )

  app.post(
    '/api/pc/doReadMsg',
    { schema: { ...about('标为已读'), body: targetBody, response: nullAnswer }, preHandler: requireViewer },
    async (req) => {
      await notices.markRead(req.viewer, req.body)
      return ok(null)
    },
  )

  app.post(
    '/api/pc/delMsg',
    { schema: { ...about('删除消息'), body: targetBody, response: nullAnswer }, preHandler: requireViewer },
    async (req) => {
      await notices.remove(req.viewer, req.body)
      return ok(null, '删除成功！')
    },
  )

  app.get(
    '/api/pc/selectMessageInfoById',
    {
      schema: { ...about('消息详情（并标为已读）'), querystring: byId, response: answer(noticeDetail) },
      preHandler: requireViewer,
    },
    async (req) => ok(await notices.open(req.viewer, req.query.id)),
  )

  app.get(
    '/api/pc/getUnReadCount',
    { schema: { ...about('未读消息数'), response: answer(int) }, preHandler: requireViewer },
    async (req) => ok(await notices.unreadCount(req.viewer)),
  )

  app.get(
    '/api/pc/getUnReadList',
    { schema: { ...about('最新未读消息'), response: answer(listOf(noticeItem)) }, preHandler: requireViewer },
    async (req) => ok(await notices.unreadList(req.viewer)),
  )

  app.get(
    '/api/pc/selectLatestNews',
    {
      schema: { ...about('首页弹窗的最新消息'), response: answer(nullable(latestNotice)) },
      preHandler: requireViewer,
    },
    async (req) => ok(await notices.latest(req.viewer)),
  )

  // The home's poll and the header's badges in one call (see HomePoll in the contract).
  app.get(
    '/api/pc/homePoll',
    {
      schema: { ...about('首页轮询：最新消息与两个角标'), response: answer(homePoll) },
      preHandler: requireViewer,
    },
    async (req) => {
      const latest = await notices.latest(req.viewer)
      const unreadNoticeCount = await notices.unreadCount(req.viewer)
      const unreadWorkOrderRecordCount = await workOrders.unreadRecordCount(req.viewer)
      const answer: HomePoll = { latest, unreadNoticeCount, unreadWorkOrderRecordCount }
      return ok(answer)
    },
  )

  app.post(
    '/api/pc/updatePopStatus',
    {
      schema: { ...about('标记首页弹窗已显示'), body: byId, response: nullAnswer },
      preHandler: requireViewer,
    },
    async (req) => {
      await notices.markPopped(req.viewer, req.body.id)
      return ok(null)
    },
  )

  // Demo attachments: loaded by <img> and links, which carry no token (a file store's public URLs).
  app.get(
    `${NOTICE_FILES_PATH}/:name`,
    {
      schema: {
        ...about('演示附件（公开）'),
        params: object({ name: shortText(64) }, ['name']),
        response: fileAnswer(['image/png', 'text/plain']),
      },
    },
    async (req, reply) => {
      const file = demoNoticeFile(req.params.name)
      if (!file) throw notFound('文件不存在')
      return reply.type(file.contentType).header('cache-control', 'public, max-age=86400').send(file.body)
    },
  )
}
