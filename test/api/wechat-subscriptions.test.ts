// 微信提醒, the member's side: GET / POST /api/app/wechat/subscriptions. An acceptance buys one
// message, a refusal is remembered until the next acceptance, bad input is refused in Chinese with
// nothing written, and each member reads and writes only its own subscriptions.
import { eq } from 'drizzle-orm'
import { members, wechatSubscriptions } from '../../server/db/schema'
import { WECHAT_API_ORIGIN } from '../../server/config/wechat'
import { recordWechatId, SANDBOX_APP_ID } from '../../server/services/wechat/wechat-ids'
import {
  SUBSCRIPTION_MSG,
  type Subscriptions,
  type WechatTemplate,
} from '../../src/core/contract/wechat-messages'
import { useTestServer } from './support/harness'
import { newAccount, type NotifyAccount } from './support/notify-people'

const server = useTestServer({
  wechatMessaging: {
    templates: { mini: { workOrderReply: 'tpl-reply', expiry: 'tpl-expiry' }, oa: {} },
    miniprogramState: 'developer',
    apiOrigin: WECHAT_API_ORIGIN,
  },
})
let who: NotifyAccount
let other: NotifyAccount

beforeAll(async () => {
  who = await newAccount(server, 13976000000)
  other = await newAccount(server, 13976100000)
}, 120_000)

const URL = '/api/app/wechat/subscriptions'
const read = (app = 'mini', token = who.token) => server.get<Subscriptions>(`${URL}?app=${app}`, { token })
const save = (body: unknown, token = who.token) => server.post<Subscriptions>(URL, body, { token })
const template = (state: Subscriptions, key: WechatTemplate) =>
  state.templates.find((candidate) => candidate.template === key)!
const rowsOf = (memberId: number) =>
  server.db.select().from(wechatSubscriptions).where(eq(wechatSubscriptions.memberId, memberId))

describe('reading', () => {
  it('lists every template with its configured id, nothing left and nothing refused at first', async () => {
    const answer = await read()
    expect(answer.code).toBe(200)
    expect(answer.data.app).toBe('mini')
    expect(answer.data.templates.map((state) => state.template)).toEqual([
      'workOrderReply',
      'awaitingConfirmation',
      'reopened',
      'closed',
      'expiry',
    ])
    expect(template(answer.data, 'workOrderReply')).toEqual({
      template: 'workOrderReply',
      templateId: 'tpl-reply',
      remaining: 0,
      refused: false,
    })
    expect(template(answer.data, 'closed').templateId).toBe('')
  })

  it('refuses an unknown app in its own words', async () => {
    expect(await read('sms')).toMatchObject({ code: 400, message: SUBSCRIPTION_MSG.badApp })
    expect(await server.get(URL, { token: who.token })).toMatchObject({ message: SUBSCRIPTION_MSG.badApp })
  })

  it('needs a session', async () => {
    expect((await server.get(`${URL}?app=mini`)).code).toBe(996)
    expect((await server.post(URL, { app: 'mini', answers: { expiry: 'accept' } })).code).toBe(996)
  })
})

describe('whether the member can receive', () => {
  it('says no until WeChat gave an openid of that app, then yes for that app only', async () => {
    const member = await newAccount(server, 13976200000)
    expect((await read('mini', member.token)).data.canReceive).toBe(false)
    await recordWechatId(
      server.db,
      member.memberId,
      { app: 'mini', appId: SANDBOX_APP_ID.mini, openid: `o-mini-${member.memberId}` },
      new Date(),
    )
    expect((await read('mini', member.token)).data.canReceive).toBe(true)
    expect((await read('oa', member.token)).data.canReceive).toBe(false)
  })

  it('counts a WeChat login identity for the mini-program in the sandbox', async () => {
    const member = await newAccount(server, 13976300000)
    await server.db
      .update(members)
      .set({ wxOpenId: `o-login-${member.memberId}` })
      .where(eq(members.id, member.memberId))
    expect((await read('mini', member.token)).data.canReceive).toBe(true)
    expect((await read('oa', member.token)).data.canReceive).toBe(false)
    // Production knows only the openids WeChat gave per app.
    const production = await server.buildVariant({ production: true })
    const answer = await production.inject({
      method: 'GET',
      url: `${URL}?app=mini`,
      headers: { token: member.token },
      remoteAddress: '127.0.0.1',
    })
    expect(answer.json()).toMatchObject({ code: 200, data: { canReceive: false } })
    await production.close()
  })
})

describe('saving answers', () => {
  it('adds one message per acceptance: twice buys two', async () => {
    const once = await save({ app: 'mini', answers: { workOrderReply: 'accept' } })
    expect(once).toMatchObject({ code: 200, message: SUBSCRIPTION_MSG.saved })
    expect(template(once.data, 'workOrderReply').remaining).toBe(1)
    const twice = await save({ app: 'mini', answers: { workOrderReply: 'accept', expiry: 'filter' } })
    expect(template(twice.data, 'workOrderReply').remaining).toBe(2)
    expect(template((await read()).data, 'workOrderReply').remaining).toBe(2)
    // 'filter' (WeChat did not know the id) says nothing about the member.
    expect(template(twice.data, 'expiry')).toMatchObject({ remaining: 0, refused: false })
  })

  it('remembers a refusal with the messages left unchanged, and a later acceptance clears it', async () => {
    const rejected = await save({ app: 'mini', answers: { workOrderReply: 'reject', reopened: 'ban' } })
    expect(template(rejected.data, 'workOrderReply')).toMatchObject({ remaining: 2, refused: true })
    expect(template(rejected.data, 'reopened')).toMatchObject({ remaining: 0, refused: true })
    const accepted = await save({ app: 'mini', answers: { reopened: 'accept' }, keepChoice: true })
    expect(template(accepted.data, 'reopened')).toMatchObject({ remaining: 1, refused: false })
    expect(template(accepted.data, 'workOrderReply').refused).toBe(true)
  })

  it('keeps each app apart', async () => {
    await save({ app: 'oa', answers: { expiry: 'accept' } })
    expect(template((await read('oa')).data, 'expiry').remaining).toBe(1)
    expect(template((await read('mini')).data, 'expiry').remaining).toBe(0)
  })

  it.each([
    ['an unknown app', { app: 'alipay', answers: { expiry: 'accept' } }, SUBSCRIPTION_MSG.badApp],
    ['no app', { answers: { expiry: 'accept' } }, SUBSCRIPTION_MSG.badApp],
    ['an unknown answer', { app: 'mini', answers: { expiry: 'maybe' } }, SUBSCRIPTION_MSG.badAnswers],
    ['an unknown template', { app: 'mini', answers: { invoice: 'accept' } }, SUBSCRIPTION_MSG.badAnswers],
    [
      'one bad answer among good ones',
      { app: 'mini', answers: { expiry: 'accept', closed: 'yes' } },
      SUBSCRIPTION_MSG.badAnswers,
    ],
    ['no answers', { app: 'mini', answers: {} }, SUBSCRIPTION_MSG.badAnswers],
    ['answers missing', { app: 'mini' }, SUBSCRIPTION_MSG.badAnswers],
  ])('refuses %s with its message and writes nothing', async (_name, body, message) => {
    const fresh = await newAccount(server, 13976400000)
    expect(await save(body, fresh.token)).toMatchObject({ code: 400, message })
    expect(await rowsOf(fresh.memberId)).toEqual([])
  })

  it('refuses a body the schema cannot take (an answer that is not text) and writes nothing', async () => {
    const fresh = await newAccount(server, 13976500000)
    expect((await save({ app: 'mini', answers: { expiry: 1 } }, fresh.token)).code).toBe(400)
    expect((await save({ app: 'mini', answers: ['accept'] }, fresh.token)).code).toBe(400)
    expect(await rowsOf(fresh.memberId)).toEqual([])
  })
})

describe('each member its own', () => {
  it("neither reads nor changes another member's subscriptions", async () => {
    await save({ app: 'mini', answers: { closed: 'accept' } }, other.token)
    expect(template((await read('mini', other.token)).data, 'closed').remaining).toBe(1)
    // Nothing in the request names a member: the session's own rows are the only ones touched.
    await save({ app: 'mini', answers: { closed: 'reject' }, memberId: other.memberId })
    expect(template((await read('mini', other.token)).data, 'closed')).toMatchObject({
      remaining: 1,
      refused: false,
    })
    expect(template((await read('mini', who.token)).data, 'closed')).toMatchObject({
      remaining: 0,
      refused: true,
    })
    const rows = await rowsOf(other.memberId)
    expect(rows.map((row) => row.template)).toEqual(['closed'])
  })
})
