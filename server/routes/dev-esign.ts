// The e-sign and invoice sandbox (development only): serves the PDFs a real provider would host.
// The random key in the address is the only credential, as with a provider's signed file links.
import type { FastifyReply } from 'fastify'
import { ok } from '../http/envelope'
import { originOf } from '../http/origin'
import { notFound } from '../services/shared/errors'
import type { Services } from '../services'
import { object, rowId, type TypedApp } from './schemas'

const KEY = { type: 'string', pattern: '^[0-9a-f]{32}\\.pdf$' } as const
const params = { type: 'object', properties: { file: KEY }, required: ['file'] } as const

function sendPdf(reply: FastifyReply, pdf: Buffer | null, name: string) {
  if (!pdf) throw notFound('文件不存在')
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf)
}

export function devEsignRoutes(app: TypedApp, { billing }: Services) {
  app.get('/__dev/esign/files/:file', { schema: { params } }, async (req, reply) =>
    sendPdf(reply, await billing.contractPdf(req.params.file.slice(0, -4)), 'contract.pdf'),
  )

  app.get('/__dev/esign/invoices/:file', { schema: { params } }, async (req, reply) =>
    sendPdf(reply, await billing.invoicePdf(req.params.file.slice(0, -4)), 'invoice.pdf'),
  )

  // The vendor's invoicing desk: issues an application (申请中) or re-issues it (换开中), mailing
  // the electronic invoice to every receiving mailbox.
  app.post(
    '/__dev/esign/invoices/:id/issue',
    { schema: { params: object({ id: rowId }, ['id']) } },
    async (req) => ok({ fileUrl: await billing.applications.issue(req.params.id, originOf(req)) }, '已开票'),
  )
}
