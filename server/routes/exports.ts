// 导出 (GET /api/app/exports/:kind): a list written as an XLSX or CSV attachment. A refusal (no
// session, a sub-admin asking for orders or invoices, personal data without a fresh session, a bad
// format or range) is the usual JSON envelope, answered before any byte of the file.
import type { FastifyRequest } from 'fastify'
import { PassThrough } from 'node:stream'
import {
  MAIN_ACCOUNT_EXPORTS,
  PERSONAL_DATA_EXPORTS,
  type ExportKind,
  type ExportRequestQuery,
} from '../../src/core/contract/exports'
import type { Guards } from '../http/auth'
import type { Services } from '../services'
import { ENVELOPE_CODE, REFUSAL_CODE } from '../../src/core/contract/envelope'
import { REVERIFY_CODE } from '../../src/core/contract/fresh-session'
import { CONTENT_TYPE } from '../services/exports/export-rules'
import { documented, TAG } from './api-tags'
import { fileAnswer } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'

// Any text: an unknown kind is refused after the session check (the service), like a bad filter.
const params = object({ kind: shortText(32) }, ['kind'])
const query = requestOf<ExportRequestQuery>()(
  object({
    // Checked by the service, which answers with the export's own messages.
    format: shortText(8),
    from: shortText(10),
    to: shortText(10),
    // 我的工单's filters, as its list takes them (routes/work-orders.ts listQuery).
    orderNum: { type: 'string', pattern: '^\\d{0,8}$' },
    description: shortText(500),
    status: { type: 'string', pattern: '^([0-5](,[0-5]){0,5})?$' },
    keyword: shortText(500),
  }),
)

const schema = {
  ...documented(TAG.exports)('导出列表为 XLSX 或 CSV 文件'),
  params,
  querystring: query,
  response: fileAnswer(Object.values(CONTENT_TYPE).map((type) => type.split(';')[0])),
  // The guard depends on the kind: a session, the main account, or a fresh session.
  'x-error-codes': [ENVELOPE_CODE.sessionEnded, REFUSAL_CODE.forbidden, REVERIFY_CODE],
}

export function exportRoutes(
  app: TypedApp,
  { exports }: Services,
  { requireViewer, requireMainAccount, requireFreshSession }: Guards,
) {
  /** The kind decides the guard: sub-admins export no orders or invoices; personal data is protected. */
  const guardOf = (kind: string) =>
    MAIN_ACCOUNT_EXPORTS.includes(kind as ExportKind)
      ? requireMainAccount
      : PERSONAL_DATA_EXPORTS.includes(kind as ExportKind)
        ? requireFreshSession
        : requireViewer

  app.get(
    '/api/app/exports/:kind',
    {
      schema,
      preHandler: (req: FastifyRequest) => guardOf((req.params as { kind: string }).kind)(req),
    },
    async (req, reply) => {
      const file = await exports.open(req.viewer, req.params.kind, req.query, req.ip)
      const body = new PassThrough()
      // Failures after the first byte end the download short (and are in the operation log).
      file.write(body).catch(() => undefined)
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.contentDisposition)
        .header('cache-control', 'no-store')
        .send(body)
    },
  )
}
