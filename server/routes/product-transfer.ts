// Product transfer (account-area §7 "Product transfer"; docs/api.md "Product transfer"): main account
// only (a sub-admin gets the 403 envelope). The two SMS sends and step 2's confirmation are this
// server's own calls beside the spec's three.
import { TRANSFER_MESSAGES } from '../../src/core/contract/product-transfer'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { SMS_MESSAGES } from '../services/sms/sms'
import { object, rowId, shortText, type TypedApp } from './schemas'

const ids = { type: 'array', items: rowId, maxItems: 200 } as const
const sliderBody = object({ captchaId: shortText(64), captchaData: shortText(256) })
const phoneSliderBody = object({
  phone: shortText(32),
  captchaId: shortText(64),
  captchaData: shortText(256),
})
const checkBody = object({ phone: shortText(32), code: shortText(32) })
const chooseBody = object({ businessIds: ids })
const moveBody = object({
  phone: shortText(32),
  bindPhone: shortText(32),
  code: shortText(32),
  businessIds: ids,
})

export function productTransferRoutes(
  app: TypedApp,
  { productTransfer }: Services,
  { requireMainAccount }: Guards,
) {
  app.get('/api/pc/getProductListByAccountId', { preHandler: requireMainAccount }, async (req) =>
    ok(await productTransfer.products(req.viewer)),
  )

  app.post(
    '/api/pc/transfer/sendVerifyCode',
    { schema: { body: sliderBody }, preHandler: requireMainAccount },
    async (req) => {
      await productTransfer.sendVerifyCode(req.viewer, req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    },
  )

  app.post(
    '/api/pc/checkCodeByAccountId',
    { schema: { body: checkBody }, preHandler: requireMainAccount },
    async (req) => {
      await productTransfer.checkCode(req.viewer, req.body)
      return ok(null, TRANSFER_MESSAGES.verified)
    },
  )

  app.post(
    '/api/pc/transfer/confirmProducts',
    { schema: { body: chooseBody }, preHandler: requireMainAccount },
    async (req) => {
      await productTransfer.confirmProducts(req.viewer, req.body.businessIds)
      return ok(null)
    },
  )

  app.post(
    '/api/pc/transfer/sendSmsCode',
    { schema: { body: phoneSliderBody }, preHandler: requireMainAccount },
    async (req) => {
      await productTransfer.sendReceiverCode(req.viewer, req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    },
  )

  app.post(
    '/api/wechat/moveBusiness',
    { schema: { body: moveBody }, preHandler: requireMainAccount },
    async (req) => {
      await productTransfer.move(req.viewer, req.body, req.ip)
      return ok(null, TRANSFER_MESSAGES.moved)
    },
  )
}
