// Product transfer (account-area §7 "Product transfer"; docs/api.md "Product transfer"): main account
// only (a sub-admin gets the 403 envelope). The two SMS sends and step 2's confirmation are this
// server's own calls beside the spec's three.
import {
  TRANSFER_MESSAGES,
  type CheckCodeRequest,
  type ConfirmProductsRequest,
  type MoveBusinessRequest,
  type TransferProduct,
} from '../../src/core/contract/product-transfer'
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import type { Services } from '../services'
import { SMS_MESSAGES } from '../services/sms/sms'
import { documented, TAG } from './api-tags'
import { answer, int, listOf, nullAnswer, responseOf, shape, text } from './responses'
import { object, requestOf, rowId, shortText, type TypedApp } from './schemas'
import { phoneSliderBody, sliderBody } from './slider-bodies'

const about = documented(TAG.productTransfer)

const ids = { type: 'array', items: rowId, maxItems: 200 } as const
const checkBody = requestOf<CheckCodeRequest>()(object({ phone: shortText(32), code: shortText(32) }))
const chooseBody = requestOf<ConfirmProductsRequest>()(object({ businessIds: ids }))
const moveBody = requestOf<MoveBusinessRequest>()(
  object({
    phone: shortText(32),
    bindPhone: shortText(32),
    code: shortText(32),
    businessIds: ids,
  }),
)

const transferProduct = responseOf<TransferProduct>()(
  shape({ id: int, secondDomain: text, productName: text, companyName: text }),
)

export function productTransferRoutes(
  app: TypedApp,
  { productTransfer }: Services,
  { requireMainAccount }: Guards,
) {
  app.get(
    '/api/pc/getProductListByAccountId',
    {
      schema: { ...about('可转移的产品'), response: answer(listOf(transferProduct)) },
      preHandler: requireMainAccount,
    },
    async (req) => ok(await productTransfer.products(req.viewer)),
  )

  app.post(
    '/api/pc/transfer/sendVerifyCode',
    {
      schema: { ...about('第一步：向绑定手机发送验证码'), body: sliderBody, response: nullAnswer },
      preHandler: requireMainAccount,
    },
    async (req) => {
      await productTransfer.sendVerifyCode(req.viewer, req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    },
  )

  app.post(
    '/api/pc/checkCodeByAccountId',
    {
      schema: { ...about('第一步：校验绑定手机的验证码'), body: checkBody, response: nullAnswer },
      preHandler: requireMainAccount,
    },
    async (req) => {
      await productTransfer.checkCode(req.viewer, req.body)
      return ok(null, TRANSFER_MESSAGES.verified)
    },
  )

  app.post(
    '/api/pc/transfer/confirmProducts',
    {
      schema: { ...about('第二步：确认要转移的产品'), body: chooseBody, response: nullAnswer },
      preHandler: requireMainAccount,
    },
    async (req) => {
      await productTransfer.confirmProducts(req.viewer, req.body.businessIds)
      return ok(null)
    },
  )

  app.post(
    '/api/pc/transfer/sendSmsCode',
    {
      schema: { ...about('第三步：向接收方手机发送验证码'), body: phoneSliderBody, response: nullAnswer },
      preHandler: requireMainAccount,
    },
    async (req) => {
      await productTransfer.sendReceiverCode(req.viewer, req.body, req.ip)
      return ok(null, SMS_MESSAGES.sent)
    },
  )

  app.post(
    '/api/wechat/moveBusiness',
    {
      schema: { ...about('第三步：转移产品到接收方账号'), body: moveBody, response: nullAnswer },
      preHandler: requireMainAccount,
    },
    async (req) => {
      await productTransfer.move(req.viewer, req.body, req.ip)
      return ok(null, TRANSFER_MESSAGES.moved)
    },
  )
}
