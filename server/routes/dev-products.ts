// Dev sandboxes: the product backend a sign-in link opens, and a paid purchase for e2e tests.
// Registered outside production only.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import { escapeHtml } from '../http/sandbox-page'
import type { Services } from '../services'
import { object, shortText, type TypedApp } from './schemas'

export function devProductRoutes(app: TypedApp, { products }: Services, { requireViewer }: Guards) {
  app.get(
    '/__dev/products/backend',
    { schema: { querystring: object({ ticket: shortText(64), tag: shortText(32) }, ['ticket']) } },
    async (req, reply) => {
      const business = await products.useBackendTicket(req.query.ticket)
      const name = escapeHtml(business.websiteName || business.productName)
      const domain = escapeHtml(business.secondDomain)
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${name} 管理后台</title>` +
            `<h1>${name} 管理后台（沙箱）</h1><p>已免密登录：${domain}</p></html>`,
        )
    },
  )

  app.post(
    '/__dev/products/purchase',
    {
      schema: {
        body: object({ skuId: shortText(32), secondDomain: shortText(128) }, ['skuId', 'secondDomain']),
      },
      preHandler: requireViewer,
    },
    async (req) =>
      ok(await products.sandboxPurchase(req.viewer, req.body.skuId, req.body.secondDomain.trim())),
  )
}
