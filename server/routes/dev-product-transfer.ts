// Dev sandbox: a paid 企业官网 for a member's main account (e2e transfers it). Registered outside
// production only.
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { object, shortText, type TypedApp } from './schemas'

export function devProductTransferRoutes(app: TypedApp, { productTransfer }: Services) {
  app.post(
    '/__dev/transferProduct',
    {
      schema: {
        body: object({ phone: shortText(11), secondDomain: shortText(64) }, ['phone', 'secondDomain']),
      },
    },
    async (req) =>
      ok({ id: await productTransfer.sandboxProduct(req.body.phone.trim(), req.body.secondDomain.trim()) }),
  )
}
