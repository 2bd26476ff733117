// The renewal centre: the account's products by expiry, the renewal setting,
// and batch renewal orders. Main account only, like the order list (a sub-admin is refused);
// services/renewal/renewal.ts owns the account filter and every rule.
import type { Guards } from '../http/auth'
import { ok } from '../http/envelope'
import {
  RENEWAL_FILTERS,
  RENEWAL_MODE,
  type BatchRenewalAnswer,
  type BatchRenewalItem,
  type BatchRenewalRequest,
  type RenewalItem,
  type RenewalListQuery,
  type RenewalModeRequest,
} from '../../src/core/contract/renewal'
import type { Services } from '../services'
import { documented, TAG } from './api-tags'
import { buyCyclePrice, paymentLine } from './order-answers'
import {
  answer,
  dateTime,
  int,
  listOf,
  nullable,
  nullAnswer,
  oneOfValues,
  responseOf,
  shape,
  text,
} from './responses'
import { integer, object, requestOf, rowId, shortText, type TypedApp } from './schemas'

const about = documented(TAG.renewal)

const renewalItem = responseOf<RenewalItem>()(
  shape({
    businessId: int,
    productName: text,
    productVersion: text,
    websiteName: text,
    secondDomain: text,
    productType: int,
    status: int,
    expireTime: nullable(dateTime),
    daysLeft: nullable(int),
    renewalMode: oneOfValues([RENEWAL_MODE.remind, RENEWAL_MODE.noRenew]),
    cycles: listOf(buyCyclePrice),
    refusal: text,
    pendingOrderCode: nullable(text),
  }),
)
/** totalAmount is the yuan text of the order's numeric column ("3960.00"). */
const batchRenewalAnswer = responseOf<BatchRenewalAnswer>()(
  shape({ orderCode: text, totalAmount: text, lines: listOf(paymentLine) }),
)

const listQuery = requestOf<RenewalListQuery>()(
  object({ filter: { type: 'string', enum: RENEWAL_FILTERS }, keyword: shortText(64) }),
)
const modeBody = requestOf<RenewalModeRequest>()(
  object({ businessId: rowId, mode: integer }, ['businessId', 'mode']),
)

/**
 * Only these fields, refused otherwise (非法参数): Fastify's ajv silently drops fields that
 * additionalProperties forbids, so propertyNames (checked before that) is what refuses a price.
 */
const exactly = <const N extends string>(...names: N[]) =>
  ({ propertyNames: { enum: names }, additionalProperties: false }) as const

/** A batch names products and cycles only: a price or any other field is refused. */
const batchBody = requestOf<BatchRenewalRequest<Partial<BatchRenewalItem>>>()({
  ...object(
    {
      items: {
        type: 'array',
        maxItems: 200,
        items: {
          // Both optional on the wire: the service names what is missing (rules.ts selectionRefusal).
          ...object({ businessId: rowId, buyCycle: integer }),
          ...exactly('businessId', 'buyCycle'),
        },
      },
    },
    ['items'],
  ),
  ...exactly('items'),
} as const)

export function renewalRoutes(app: TypedApp, { renewal }: Services, { requireMainAccount }: Guards) {
  const preHandler = requireMainAccount

  app.get(
    '/api/renewal/products',
    {
      schema: { ...about('续费产品列表'), querystring: listQuery, response: answer(listOf(renewalItem)) },
      preHandler,
    },
    async (req) => ok(await renewal.list(req.viewer, req.query)),
  )

  app.post(
    '/api/renewal/mode',
    {
      schema: {
        ...about('设置续费方式'),
        body: modeBody,
        response: nullAnswer,
      },
      preHandler,
    },
    async (req) => {
      await renewal.setMode(req.viewer, req.body, req.ip)
      return ok(null)
    },
  )

  app.post(
    '/api/renewal/batchOrder',
    {
      schema: { ...about('批量续费下单'), body: batchBody, response: answer(batchRenewalAnswer) },
      preHandler,
    },
    async (req) => ok(await renewal.batchOrder(req.viewer, req.body)),
  )
}
