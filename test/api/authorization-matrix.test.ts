// Every registered route, read from Fastify's route table (a new route is walked without being
// listed here), called as anonymous, the main account, its sub-admin and an unrelated account, with
// the ids and codes of another account's objects (account-area §2 route guard, §6 roles; doc2 §6).
// No answer may carry that account's data, change it, or be a 5xx; anonymous gets 996 everywhere but
// on the public routes; the sub-admin is refused the main account's own calls.
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { SWITCH_SIGN_PREFIX } from '../../src/core/config/shared'
import { switchSignature } from '../../src/core/crypto/switch-sign'
import {
  accounts,
  businesses,
  contractApplications,
  invoiceApplications,
  members,
  notices,
  operateRecords,
  orders,
  recipients,
  sites,
  subAccounts,
  workOrders,
} from '../../server/db/schema'
import { CODE } from '../../server/http/envelope'
import { DEMO, useTestServer } from './support/harness'
import {
  inputOf,
  isSandboxRoute,
  pathOf,
  routesOf,
  unexpectedErrorsOf,
  type JsonSchema,
  type RegisteredRoute,
} from './support/route-table'

jest.mock('fastify', () => jest.requireActual('./support/route-table').recordingFastify())

/**
 * Reachable without a session (account-area §2: /login, /evaluate, /activation, /validate,
 * /customer, /success need no token; doc2 §2 login and registration; the payment providers'
 * notifications, trusted by signature; notice attachments, loaded by <img> without a token; WeChat's
 * OAuth callback, where WeChat sends the browser back; work-order files, whose signed address is the
 * credential).
 */
const PUBLIC_ROUTES = [
  'GET /api/app/code',
  'GET /api/app/genCaptcha',
  'POST /api/app/genCaptcha',
  'POST /api/app/check222',
  'POST /api/app/loginByPassword',
  'POST /api/app/login',
  'POST /api/app/phoneLogin',
  'POST /api/pc/registerByPhone',
  'POST /api/pc/forgetPassword',
  'POST /api/pc/sendSmsCode',
  'POST /api/app/account/sendSmsCode',
  'POST /api/wechat/getCode',
  'GET /api/wechat/getQrAddress',
  'GET /api/wechat/getQrAddress/',
  'GET /api/wechat/getTokenByCode',
  'GET /api/wechat/getTokenByCode/',
  'GET /api/wechat/oauthUrl',
  'POST /api/wechat/oauthLogin',
  'POST /api/wechat/miniLogin',
  'POST /api/wechat/miniBindPhone',
  'GET /api/wechat/officialAccountQr',
  'GET /wechat/oauth/callback',
  // The phone's 确认 / 取消 on the QR confirmation page: its one-time form token is the credential.
  'POST /wechat/oauth/confirm',
  // WeChat's browser back from a payment's authorisation: its single-use state ticket is the credential.
  'GET /wechat/pay/callback',
  'GET /api/feignApi/fkToken',
  'GET /api/app/account/accountVipServer',
  'GET /api/user/getUrlByQrcode',
  'GET /api/app/account/getAccountInfoByActiveCode',
  'POST /api/app/account/sendActiveSmsCode',
  'POST /api/app/account/activeAccountByActiveCode',
  // The /evaluate survey, whose random uuId is the credential.
  'GET /api/app/evaluate/getEvaluateDetail',
  'POST /api/app/evaluate/sumbit',
  'POST /api/alipay/notify',
  'POST /api/wxpay/notify',
  'POST /api/wxpay/refund/notify',
  'GET /api/pc/noticeFiles/:name',
  // The contract sample, the same document for everyone.
  'GET /api/esign/contractSample',
  // Work-order files, read by <img> and downloadFile through a signed, expiring address.
  'GET /api/user/downLoadFile',
  // Receiver confirmation (/validate), whose random link id is the credential.
  'GET /api/pc/judgeInvalid',
  'POST /api/pc/updateValidateStatus',
  // Operations (docs/operations.md): the load balancer's probes, and the metrics, which production
  // guards with METRICS_TOKEN instead of a session (test/api/metrics.test.ts).
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
]

/**
 * The main account's alone (account-area §6: sub-admins and recipients are added, edited, deleted and
 * switched only by it, a sub-admin reads their lists; login mask and referral code are its own; doc2 §6: sub-accounts do not reach order
 * management, whose invoices and contracts hang off the order list).
 */
const MAIN_ONLY_ROUTES = [
  'GET /api/pc/getOrder',
  'GET /api/pc/getOrderDetails',
  'GET /api/pc/getOrderById',
  'POST /api/pc/syncOrderStatus',
  'POST /oapi/newac/UpdateOrder',
  'GET /api/app/evaluate/getEvaluateUrl',
  'GET /api/pc/getTreeAddress',
  'POST /api/pc/applyBill',
  'POST /api/esign/applyContract',
  'GET /api/esign/getContractUrl',
  'POST /api/app/account/addAccountSubAccount',
  'POST /api/app/account/editAccountSubAccount',
  'POST /api/app/account/deleteAccountSubAccount',
  'POST /api/app/account/seceiveNotifySwitch',
  'POST /api/app/account/websiteManageSwitch',
  // Recipients: a sub-admin reads the list (searchRecipientList, detailRecipient), never changes it.
  'POST /api/pc/addRecipient',
  'POST /api/pc/editRecipient',
  'POST /api/pc/deleteRecipient',
  'POST /api/pc/sendSmsValidate',
  'POST /api/pc/sendEmailValidate',
  'GET /api/pc/getMyIp',
  'POST /api/pc/saveMyIp',
  'POST /api/pc/updateAccountManagerByReferralCode',
  'POST /api/pc/updateMemberAccount',
  // 续费管理 and 消息接收管理 are the owner's.
  'GET /api/renewal/products',
  'POST /api/renewal/mode',
  'POST /api/renewal/batchOrder',
  'GET /api/notify/settings',
  'GET /api/notify/robots',
  'POST /api/notify/robots',
  'POST /api/notify/robots/delete',
  'POST /api/notify/robots/test',
  'POST /api/notify/settings',
  // Product transfer (account-area §6: the main account's alone).
  'GET /api/pc/getProductListByAccountId',
  'POST /api/pc/transfer/sendVerifyCode',
  'POST /api/pc/checkCodeByAccountId',
  'POST /api/pc/transfer/confirmProducts',
  'POST /api/pc/transfer/sendSmsCode',
  'POST /api/wechat/moveBusiness',
]

/**
 * The calls the spec names that were found missing, implemented or registered as another
 * call's spec name (docs/api.md "Spec calls by name"): the walk below must reach each of them.
 */
const SPEC_CALLS = [
  'POST /api/pc/updateAccountPhone',
  'POST /api/pc/updateMemberAccount',
  'GET /api/app/account/getDeviceInfo',
  'GET /api/pc/checkBindPhone',
  'GET /api/pc/getInfo',
  'POST /api/app/login',
  'POST /api/pc/bindPhone',
  'GET /api/pc/checkBindWechat',
  'GET /api/feignOrder/getOrderInfo',
  'GET /api/user/getPrersonalInfo',
  'GET /api/pc/getUnReadList',
]

const keyOf = (route: RegisteredRoute) => `${route.method} ${route.url}`

type PersonaName = 'anonymous' | 'main' | 'subAdmin' | 'other'

/** Another account's objects, planted in requests in place of the caller's own. */
interface ForeignIds {
  accountId: number
  orderId: number
  orderCode: string
  businessId: number
  secondDomain: string
  noticeId: number
  subAccountId: number
  workOrderId: number
  recipientId: number
}

interface Persona {
  name: PersonaName
  phone: string | null
  /** The account whose ids are planted. */
  foreign: ForeignIds
  /** Texts of other accounts this caller must never be shown. */
  secrets: string[]
}

const server = useTestServer()
let routes: RegisteredRoute[]
const personas = {} as Record<PersonaName, Persona>
const tokens = new Map<PersonaName, string>()

async function accountIdOf(memberAccount: string): Promise<number> {
  const [row] = await server.db.select().from(accounts).where(eq(accounts.memberAccount, memberAccount))
  return row.id
}

async function foreignIds(accountId: number, callerMemberId: number | null): Promise<ForeignIds> {
  const of = <T>(rows: T[], what: string) => {
    if (!rows[0]) throw new Error(`the seed has no ${what} of account ${accountId}`)
    return rows[0]
  }
  const order = of(await server.db.select().from(orders).where(eq(orders.accountId, accountId)), 'order')
  const business = of(
    await server.db.select().from(businesses).where(eq(businesses.accountId, accountId)),
    'business',
  )
  const notice = of(await server.db.select().from(notices).where(eq(notices.accountId, accountId)), 'notice')
  const workOrder = of(
    await server.db.select().from(workOrders).where(eq(workOrders.accountId, accountId)),
    'work order',
  )
  // Any sub-admin row of that account, the caller's own included: from this session it is foreign.
  const subAdmin = of(
    (await server.db.select().from(subAccounts).where(eq(subAccounts.accountId, accountId))).sort(
      (a, b) => Number(a.memberId === callerMemberId) - Number(b.memberId === callerMemberId),
    ),
    'sub-admin',
  )
  // A recipient added by hand (a sub-admin's mirror is the caller's own for 13800000001 on 云帆贸易).
  const recipient = of(
    (await server.db.select().from(recipients).where(eq(recipients.accountId, accountId))).filter(
      (r) => r.subAccountId === null,
    ),
    'recipient',
  )
  return {
    accountId,
    recipientId: recipient.id,
    orderId: order.id,
    orderCode: order.orderCode,
    businessId: business.id,
    secondDomain: business.secondDomain,
    noticeId: notice.id,
    subAccountId: subAdmin.id,
    workOrderId: workOrder.id,
  }
}

/** The distinctive texts of an account's own records. */
async function textsOf(accountIds: number[]): Promise<string[]> {
  if (accountIds.length === 0) return []
  const { db } = server
  const own = (rows: Record<string, unknown>[], keys: string[]) =>
    rows.flatMap((row) => keys.map((key) => row[key]))
  const accountRows = await db.select().from(accounts).where(inArray(accounts.id, accountIds))
  const owners = await db
    .select()
    .from(members)
    .where(
      inArray(
        members.id,
        accountRows.map((a) => a.ownerMemberId),
      ),
    )
  const values = [
    ...own(accountRows, ['memberAccount', 'accountName']),
    ...own(owners, ['phone', 'email']),
    ...own(await db.select().from(sites).where(inArray(sites.accountId, accountIds)), [
      'siteName',
      'siteUrl',
    ]),
    ...own(await db.select().from(subAccounts).where(inArray(subAccounts.accountId, accountIds)), [
      'fullName',
      'mailbox',
      'phoneNumber',
    ]),
    ...own(await db.select().from(recipients).where(inArray(recipients.accountId, accountIds)), [
      'fullName',
      'mailbox',
      'phone',
    ]),
    ...own(await db.select().from(orders).where(inArray(orders.accountId, accountIds)), ['orderCode']),
    ...own(await db.select().from(businesses).where(inArray(businesses.accountId, accountIds)), [
      'orderCode',
      'secondDomain',
      'realSecondDomain',
      'websiteName',
      'deliveryAddress',
    ]),
    ...own(await db.select().from(notices).where(inArray(notices.accountId, accountIds)), ['title']),
    ...own(await db.select().from(workOrders).where(inArray(workOrders.accountId, accountIds)), ['number']),
  ]
  // Free texts are distinctive only when long: '绑定微信' is in every operation log.
  const sentences = [
    ...own(await db.select().from(workOrders).where(inArray(workOrders.accountId, accountIds)), [
      'description',
    ]),
    ...own(await db.select().from(operateRecords).where(inArray(operateRecords.accountId, accountIds)), [
      'content',
    ]),
  ]
  const texts = (list: unknown[], min: number) =>
    list.filter((v): v is string => typeof v === 'string' && v.length >= min)
  // Names are three characters (李子管); shorter texts are not distinctive.
  return [...new Set([...texts(values, 3), ...texts(sentences, 10)])]
}

/**
 * What a caller must not see: the texts of every account but the one its session is in, less what
 * it may see of them: its own texts, and the account list's names and sites of accounts it holds a
 * role in (account-area §2 switch list). A text contained in an allowed one is dropped too, so a
 * substring search cannot match a legitimate answer.
 */
async function secretsFor(phone: string | null, sessionAccountId: number | null): Promise<string[]> {
  const { db } = server
  const member = phone ? (await db.select().from(members).where(eq(members.phone, phone)))[0] : undefined
  const held = member
    ? [
        ...(await db.select().from(accounts).where(eq(accounts.ownerMemberId, member.id))).map((a) => a.id),
        ...(await db.select().from(subAccounts).where(eq(subAccounts.memberId, member.id))).map(
          (s) => s.accountId,
        ),
      ]
    : []
  const others = (await db.select().from(accounts)).map((a) => a.id).filter((id) => id !== sessionAccountId)
  const allowed = [
    ...(await textsOf(sessionAccountId ? [sessionAccountId] : [])),
    ...(member ? [member.phone, member.email].filter((v): v is string => !!v) : []),
    ...(member
      ? (await db.select().from(subAccounts).where(eq(subAccounts.memberId, member.id))).flatMap((s) => [
          s.fullName,
          s.mailbox,
          s.phoneNumber,
        ])
      : []),
    ...(held.length > 0
      ? [
          ...(await db.select().from(accounts).where(inArray(accounts.id, held))).flatMap((a) => [
            a.memberAccount,
            a.accountName,
          ]),
          ...(await db.select().from(sites).where(inArray(sites.accountId, held))).flatMap((s) => [
            s.siteName,
            s.siteUrl,
          ]),
        ]
      : []),
  ]
  return (await textsOf(others)).filter((text) => !allowed.some((ok) => ok.includes(text)))
}

beforeAll(async () => {
  routes = routesOf(server.app)
  const main = await accountIdOf(DEMO.mainAccount)
  const other = await accountIdOf(DEMO.otherAccount)
  const memberIdOf = async (phone: string) =>
    (await server.db.select().from(members).where(eq(members.phone, phone)))[0].id
  const owner = await memberIdOf(DEMO.owner)
  const subAdmin = await memberIdOf(DEMO.subAdmin)
  const otherOwner = await memberIdOf(DEMO.otherOwner)
  personas.anonymous = {
    name: 'anonymous',
    phone: null,
    foreign: await foreignIds(other, null),
    secrets: await secretsFor(null, null),
  }
  personas.main = {
    name: 'main',
    phone: DEMO.owner,
    foreign: await foreignIds(other, owner),
    secrets: await secretsFor(DEMO.owner, main),
  }
  personas.subAdmin = {
    name: 'subAdmin',
    phone: DEMO.subAdmin,
    foreign: await foreignIds(other, subAdmin),
    secrets: await secretsFor(DEMO.subAdmin, main),
  }
  personas.other = {
    name: 'other',
    phone: DEMO.otherOwner,
    foreign: await foreignIds(main, otherOwner),
    secrets: await secretsFor(DEMO.otherOwner, other),
  }
}, 60_000)

// ---- Requests carrying the foreign account's ids --------------------------------------------

const accepts = (schema: JsonSchema, type: string): boolean =>
  schema.type === type ||
  (Array.isArray(schema.type) && schema.type.includes(type)) ||
  (schema.anyOf ?? []).some((s) => accepts(s, type))

/** The id kinds a bare `id` (or list of ids) may name: each request variant plants one. */
const ID_KINDS = ['noticeId', 'subAccountId', 'orderId', 'businessId', 'workOrderId', 'recipientId'] as const

function valueFor(name: string, schema: JsonSchema, foreign: ForeignIds, variant: number): unknown {
  const id = foreign[ID_KINDS[variant % ID_KINDS.length]]
  if (schema.enum) return schema.enum[0]
  if (accepts(schema, 'array')) return [valueFor(name, schema.items ?? {}, foreign, variant)]
  if (accepts(schema, 'integer')) {
    if (name === 'accountId' || /userid$/i.test(name)) return foreign.accountId
    if (name === 'businessId') return foreign.businessId
    if (name === 'orderId') return foreign.orderId
    // The switch target: the foreign account as its main account (subAccountId 0, role 0).
    if (name === 'subAccountId' || name === 'role') return 0
    if (/^ids?(List)?$/.test(name)) return id
    return 1
  }
  if (accepts(schema, 'boolean')) return false
  if (accepts(schema, 'object')) return {}
  if (/orderCode|OrderNo|out_trade_no/i.test(name)) return foreign.orderCode
  if (name === 'secondDomain') return foreign.secondDomain
  if (name === 'userId' || name === 'accountId') return String(foreign.accountId)
  // Other texts stay empty: a form with nothing in it changes nothing of the caller's own.
  return ''
}

function requestsFor(route: RegisteredRoute, persona: Persona) {
  const { where, properties } = inputOf(route)
  const planted = Object.keys(properties).some((name) => /^ids?(List)?$/.test(name))
  return Array.from({ length: planted ? ID_KINDS.length : 1 }, (_, variant) => {
    const input: Record<string, unknown> = {}
    for (const [name, schema] of Object.entries(properties)) {
      input[name] = valueFor(name, schema, persona.foreign, variant)
    }
    if ('sign' in properties) input.sign = switchSignature(SWITCH_SIGN_PREFIX, input as never)
    return { where, input }
  })
}

function queryString(input: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item))
  }
  return params.toString()
}

async function tokenOf(persona: Persona): Promise<string | undefined> {
  if (!persona.phone) return undefined
  if (!tokens.has(persona.name)) tokens.set(persona.name, await server.tokenFor(persona.phone))
  return tokens.get(persona.name)
}

/** A call that ended the caller's session (logout) gets a new login for the next one. */
async function keepSession(persona: Persona) {
  const token = tokens.get(persona.name)
  if (!token) return
  const probe = await server.get('/api/pc/getUnReadCount', { token })
  if (probe.code === CODE.sessionEnded) tokens.delete(persona.name)
}

interface Answer {
  route: string
  request: string
  status: number
  body: string
  envelope: { code?: number; message?: string } | null
}

async function call(app: FastifyInstance, route: RegisteredRoute, persona: Persona): Promise<Answer[]> {
  const answers: Answer[] = []
  for (const { where, input } of requestsFor(route, persona)) {
    const token = await tokenOf(persona)
    const query = where === 'query' ? queryString(input) : ''
    const url = pathOf(route) + (query ? `?${query}` : '')
    const response: LightMyRequestResponse = await app.inject({
      method: route.method,
      url,
      headers: token ? { token } : {},
      remoteAddress: '127.0.0.1',
      ...(where === 'body' ? { payload: input } : {}),
    })
    let envelope: Answer['envelope'] = null
    try {
      envelope = response.json()
    } catch {
      envelope = null
    }
    answers.push({
      route: keyOf(route),
      request: `${route.method} ${url}${where === 'body' ? ` ${JSON.stringify(input)}` : ''}`,
      status: response.statusCode,
      body: response.body,
      envelope,
    })
    await keepSession(persona)
  }
  return answers
}

const walked = () => routes.filter((route) => !isSandboxRoute(route))

/** Rows of an account that no other caller may change. */
async function snapshotOf(accountId: number) {
  const { db } = server
  return {
    account: await db.select().from(accounts).where(eq(accounts.id, accountId)),
    notices: await db.select().from(notices).where(eq(notices.accountId, accountId)).orderBy(notices.id),
    subAccounts: await db
      .select()
      .from(subAccounts)
      .where(eq(subAccounts.accountId, accountId))
      .orderBy(subAccounts.id),
    recipients: await db
      .select()
      .from(recipients)
      .where(eq(recipients.accountId, accountId))
      .orderBy(recipients.id),
    orders: await db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(orders.id),
    businesses: await db
      .select()
      .from(businesses)
      .where(eq(businesses.accountId, accountId))
      .orderBy(businesses.id),
    workOrders: await db.select().from(workOrders).where(eq(workOrders.accountId, accountId)),
    invoices: await db.select().from(invoiceApplications).where(eq(invoiceApplications.accountId, accountId)),
    contracts: await db
      .select()
      .from(contractApplications)
      .where(eq(contractApplications.accountId, accountId)),
  }
}

/** The error handler's answer to an unexpected error (other codes, 508 or 996, are the domain's). */
const isServerFailure = (code: number | undefined) => code === CODE.internal

function leaksIn(answer: Answer, secrets: string[]): string[] {
  return secrets.filter((secret) => answer.body.includes(secret))
}

describe('the route table', () => {
  it('holds every listed public and main-only route (the lists name real routes)', () => {
    const keys = routes.map(keyOf)
    expect(keys.length).toBeGreaterThan(50)
    for (const key of [...PUBLIC_ROUTES, ...MAIN_ONLY_ROUTES, ...SPEC_CALLS]) expect(keys).toContain(key)
  })

  it('has no /__dev route in production, and every other route there', async () => {
    const production = await server.buildVariant({ production: true, payNotifySecret: null })
    const productionKeys = routesOf(production).map(keyOf)
    expect(productionKeys.filter((key) => key.includes(' /__dev'))).toEqual([])
    expect(routes.some(isSandboxRoute)).toBe(true)
    expect(productionKeys.sort()).toEqual(walked().map(keyOf).sort())
    const sandboxCall = await production.inject({ method: 'GET', url: '/__dev/sms?phone=13800000001' })
    expect(sandboxCall.json()).toMatchObject({ code: CODE.notFound })
  })

  it('gives each persona secrets to look for (the leak search is not empty)', () => {
    expect(personas.main.secrets).toContain(personas.main.foreign.orderCode)
    expect(personas.other.secrets).toContain(personas.other.foreign.orderCode)
    // The owner may see 云帆贸易 in the account list (a sub-admin there), never its orders.
    expect(personas.main.secrets).not.toContain('云帆贸易')
    expect(personas.subAdmin.secrets).toContain('云帆贸易')
  })
})

describe.each(['anonymous', 'main', 'subAdmin', 'other'] as const)('every route as %s', (name) => {
  it("answers without a 5xx and without another account's data, and changes none of it", async () => {
    const persona = personas[name]
    const before = await snapshotOf(persona.foreign.accountId)
    const failures: string[] = []
    for (const route of walked()) {
      for (const answer of await call(server.app, route, persona)) {
        const { envelope } = answer
        const isApi = /^\/(api|oapi)\//.test(route.url)
        if (answer.status >= 500 || (isApi && answer.status !== 200)) {
          failures.push(`${answer.request}: HTTP ${answer.status}`)
        }
        if (isApi && isServerFailure(envelope?.code)) {
          failures.push(`${answer.request}: code ${envelope.code} ${envelope.message}`)
        }
        const leaks = leaksIn(answer, persona.secrets)
        if (leaks.length > 0) failures.push(`${answer.request}: shows ${leaks.join(', ')}`)

        const isPublic = PUBLIC_ROUTES.includes(answer.route)
        if (name === 'anonymous' && !isPublic && envelope?.code !== CODE.sessionEnded) {
          failures.push(`${answer.request}: anonymous got ${envelope?.code}, not the 996 session envelope`)
        }
        // An unknown entry token ends at the login page like an expired session (doc2 §8 996).
        const entry = answer.route === 'GET /api/feignApi/fkToken'
        if (name === 'anonymous' && isPublic && !entry && envelope?.code === CODE.sessionEnded) {
          failures.push(`${answer.request}: a public route asked for a session`)
        }
        // The walk reaches the handlers: a logged-in caller is never sent back to the login page.
        if (name !== 'anonymous' && !entry && envelope?.code === CODE.sessionEnded) {
          failures.push(`${answer.request}: ${name}'s session was refused (${envelope.message})`)
        }
        if (
          name === 'subAdmin' &&
          MAIN_ONLY_ROUTES.includes(answer.route) &&
          envelope?.code !== CODE.forbidden
        ) {
          failures.push(`${answer.request}: the sub-admin got ${envelope?.code}, not 403`)
        }
      }
    }
    expect(failures).toEqual([])
    // A database refusal answered as 非法参数 would pass above; it is still a hole in a route schema.
    expect(unexpectedErrorsOf(server.app)).toEqual([])
    expect(await snapshotOf(persona.foreign.accountId)).toEqual(before)
  }, 120_000)
})

// Last: it passes the main account's own ids, and may change its own records.
describe('the main-only routes', () => {
  it('are reached by the main account with its own ids (the refusal is the role, not the route)', async () => {
    const owner = (await server.db.select().from(members).where(eq(members.phone, DEMO.owner)))[0]
    const own = { ...personas.main, foreign: await foreignIds(await accountIdOf(DEMO.mainAccount), owner.id) }
    const failures: string[] = []
    for (const route of routes.filter((r) => MAIN_ONLY_ROUTES.includes(keyOf(r)))) {
      for (const answer of await call(server.app, route, own)) {
        if (answer.envelope?.code === CODE.sessionEnded || answer.envelope?.message === '无权访问') {
          failures.push(`${answer.request}: ${answer.envelope?.code} ${answer.envelope?.message}`)
        }
      }
    }
    expect(failures).toEqual([])
  }, 60_000)
})
