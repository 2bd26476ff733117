// 群机器人 of 消息接收管理: GET / POST /api/notify/robots, /delete, /test. Main account only; only
// https webhooks on the WeCom, DingTalk and Feishu hosts; stored sealed, shown masked; 发送测试
// reaches the platform (a local fake, ROBOT_WEBHOOK_BASE) signed as it wants and answers its words;
// a redirect is not followed; a notification of the category reaches the robot through the outbox.
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { OPERATE_TYPE } from '../../src/core/contract/operate-log'
import { ROBOT_MESSAGES, type GroupRobot, type RobotTestAnswer } from '../../src/core/contract/robots'
import { loadConfig } from '../../server/config'
import { groupRobots, operateRecords, outbox } from '../../server/db/schema'
import { createNotifier } from '../../server/services/notifications/notifier'
import { assertSealedDataReadable } from '../../server/services/sealed-data'
import { storesSealedRobots } from '../../server/services/notifications/robots'
import { DEMO, startTestServer, testConfig, type TestServer } from './support/harness'
import { startFakeRobots, type FakeRobots } from './support/fake-robots'
import { newAccount, type NotifyAccount } from './support/notify-people'

let server: TestServer
let fake: FakeRobots
let who: NotifyAccount
let other: NotifyAccount

const DINGTALK_TOKEN = 'd1ngta1k0token00aa11'
const DINGTALK = `https://oapi.dingtalk.com/robot/send?access_token=${DINGTALK_TOKEN}`
const DINGTALK_SECRET = `SEC${'7f'.repeat(32)}`
const FEISHU_TOKEN = '5e3d587e-d78e-4a07-bd07-265f269f86fd'
const FEISHU = `https://open.feishu.cn/open-apis/bot/v2/hook/${FEISHU_TOKEN}`
const FEISHU_SECRET = 'nIMtb7r3N9pkXyXdtAbx6e'
const WECOM = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7aaa-4bc4-97a0-0ec2sifa5aaa'

beforeAll(async () => {
  fake = await startFakeRobots()
  fake.secrets.set(DINGTALK_TOKEN, DINGTALK_SECRET)
  fake.secrets.set(FEISHU_TOKEN, FEISHU_SECRET)
  server = await startTestServer({ robotWebhookBase: fake.base, publicOrigin: 'https://console.example.cn' })
  who = await newAccount(server, 13976000000)
  other = await newAccount(server, 13976100000)
}, 120_000)

afterAll(async () => {
  await server?.close()
  await fake?.close()
})

const URL = '/api/notify/robots'
const list = (token = who.token) => server.get<GroupRobot[]>(URL, { token })
const save = (body: object, token = who.token) => server.post<GroupRobot[]>(URL, body, { token })
const remove = (category: string, token = who.token) =>
  server.post<GroupRobot[]>(`${URL}/delete`, { category }, { token })
const test = (category: string, token = who.token) =>
  server.post<RobotTestAnswer>(`${URL}/test`, { category }, { token })
const storedOf = (accountId: number) =>
  server.db.select().from(groupRobots).where(eq(groupRobots.accountId, accountId))
const hmac = (key: string, message: string) =>
  crypto.createHmac('sha256', key).update(message).digest('base64')
/** Each test post counts against the account's minute; the clock moves on between tests. */
beforeEach(() => server.clock.advance(61_000))

describe('setting a robot', () => {
  it('starts with none', async () => {
    expect(await list()).toMatchObject({ code: 200, data: [] })
    // What production's start checks before it runs without DATA_ENCRYPTION_KEY (server/main.ts).
    expect(await storesSealedRobots(server.db)).toBe(false)
  })

  it('stores a DingTalk robot sealed, shows it masked, and logs the change', async () => {
    const answer = await save({ category: 'workOrder', url: DINGTALK, secret: DINGTALK_SECRET })
    expect(answer).toMatchObject({ code: 200, message: ROBOT_MESSAGES.saved })
    expect(answer.data).toEqual([
      {
        category: 'workOrder',
        platform: 'dingtalk',
        maskedUrl: 'https://oapi.dingtalk.com/robot/send?access_token=****aa11',
        signed: true,
        updatedAt: expect.any(String),
      },
    ])
    const [row] = await storedOf(who.accountId)
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(DINGTALK_TOKEN)
    expect(stored).not.toContain(DINGTALK_SECRET)
    expect(row.sealedUrl).toMatch(/^v1\./)
    expect(await storesSealedRobots(server.db)).toBe(true)
    const logged = await server.db
      .select({ content: operateRecords.content })
      .from(operateRecords)
      .where(
        and(
          eq(operateRecords.accountId, who.accountId),
          eq(operateRecords.type, OPERATE_TYPE.notifySettings),
        ),
      )
    expect(logged.map((entry) => entry.content)).toContain('设置群机器人（工单进展，钉钉）')
  })

  it('replaces the category’s robot rather than adding one', async () => {
    await save({ category: 'billing', url: WECOM })
    await save({ category: 'billing', url: FEISHU, secret: FEISHU_SECRET })
    const robots = (await list()).data.filter((robot) => robot.category === 'billing')
    expect(robots).toEqual([expect.objectContaining({ platform: 'feishu', signed: true })])
  })

  it.each([
    ['an internal address', 'https://127.0.0.1/robot/send?access_token=d1ngta1k0token00aa11'],
    ['http', DINGTALK.replace('https:', 'http:')],
    ['a look-alike host', DINGTALK.replace('oapi.dingtalk.com', 'oapi.dingtalk.com.evil.cn')],
    ['credentials in the address', DINGTALK.replace('https://', 'https://user:pw@')],
    ['a port', DINGTALK.replace('.com/', '.com:8443/')],
    ['another service', 'https://hooks.slack.com/services/T000/B000/XXXX'],
    ['nothing', ''],
  ])('refuses %s with the clear message, nothing stored', async (_, url) => {
    const before = await storedOf(who.accountId)
    expect(await save({ category: 'service', url })).toMatchObject({
      code: 400,
      message: ROBOT_MESSAGES.badUrl,
    })
    expect(await storedOf(who.accountId)).toEqual(before)
  })

  it.each([
    [{ category: 'service', url: WECOM, secret: DINGTALK_SECRET }, ROBOT_MESSAGES.secretNotUsed],
    [{ category: 'service', url: DINGTALK, secret: 'not-a-sec' }, ROBOT_MESSAGES.badDingtalkSecret],
    [{ category: 'service', url: 'https://oapi.dingtalk.com/robot/send' }, ROBOT_MESSAGES.incompleteUrl],
    [{ category: 'nonsense', url: WECOM }, '未知的消息类型'],
  ])('refuses %j: %s', async (body, message) => {
    const before = await storedOf(who.accountId)
    expect(await save(body)).toMatchObject({ code: 400, message })
    expect(await storedOf(who.accountId)).toEqual(before)
  })
})

describe('without DATA_ENCRYPTION_KEY', () => {
  it('production refuses to start once a robot is stored sealed; with the key, or in development, it starts', async () => {
    expect(await storesSealedRobots(server.db)).toBe(true)
    await expect(
      assertSealedDataReadable({ production: true, dataEncryptionKey: null }, server.db),
    ).rejects.toThrow('DATA_ENCRYPTION_KEY is required: group robot webhooks are sealed with it')
    const key = Buffer.alloc(32, 1)
    await expect(
      assertSealedDataReadable({ production: true, dataEncryptionKey: key }, server.db),
    ).resolves.toBeUndefined()
    await expect(
      assertSealedDataReadable({ production: false, dataEncryptionKey: null }, server.db),
    ).resolves.toBeUndefined()
  })

  it('refuses to store a robot (nothing stored in the clear)', async () => {
    const keyless = await server.buildVariant({ dataEncryptionKey: null })
    const before = await storedOf(who.accountId)
    const response = await keyless.inject({
      method: 'POST',
      url: URL,
      headers: { token: who.token },
      payload: { category: 'service', url: WECOM },
    })
    expect(response.json()).toMatchObject({ message: '群机器人未配置，暂不可用，请联系客服' })
    expect(await storedOf(who.accountId)).toEqual(before)
    // Its dispatcher, unable to open a sealed robot, must not claim the next tests' rows (PostgreSQL
    // tells every instance of a new row).
    await keyless.close()
  })
})

describe('发送测试', () => {
  it('posts to DingTalk signed with the secret, and answers 发送成功', async () => {
    fake.posts.length = 0
    expect(await test('workOrder')).toMatchObject({ code: 200, data: { ok: true, message: '发送成功' } })
    expect(fake.posts).toHaveLength(1)
    const [post] = fake.posts
    const timestamp = post.query.get('timestamp') ?? ''
    expect(post.query.get('access_token')).toBe(DINGTALK_TOKEN)
    expect(post.query.get('sign')).toBe(hmac(DINGTALK_SECRET, `${timestamp}\n${DINGTALK_SECRET}`))
    expect(post.body).toMatchObject({
      msgtype: 'markdown',
      markdown: { title: expect.stringContaining('测试') },
    })
  })

  it('posts to Feishu with the body’s timestamp and sign', async () => {
    fake.posts.length = 0
    expect(await test('billing')).toMatchObject({ code: 200, data: { ok: true } })
    const [post] = fake.posts
    expect(post.path).toBe(`/open-apis/bot/v2/hook/${FEISHU_TOKEN}`)
    expect(post.body.sign).toBe(hmac(`${post.body.timestamp}\n${FEISHU_SECRET}`, ''))
    expect(post.body).toMatchObject({ msg_type: 'post', content: { post: { zh_cn: expect.any(Object) } } })
  })

  it('answers the platform’s own words when it refuses (a wrong secret)', async () => {
    await save({ category: 'siteAlert', url: DINGTALK, secret: `SEC${'00'.repeat(32)}` })
    expect(await test('siteAlert')).toMatchObject({
      code: 200,
      data: { ok: false, message: 'sign not match（310000）' },
    })
  })

  it('does not follow a redirect', async () => {
    await save({ category: 'marketing', url: DINGTALK.replace(DINGTALK_TOKEN, 'redirect-robot-token') })
    const answer = await test('marketing')
    expect(answer).toMatchObject({ code: 200, data: { ok: false, message: ROBOT_MESSAGES.testRedirected } })
    expect(fake.landed).toBe(0)
  })

  it('answers 未设置 for a category without a robot', async () => {
    expect(await test('renewal')).toMatchObject({ code: 400, message: ROBOT_MESSAGES.noRobot })
  })

  it('is limited per account and minute', async () => {
    const answers = []
    for (let i = 0; i < 6; i += 1) answers.push(await test('workOrder'))
    expect(answers.slice(0, 5).every((answer) => answer.code === 200)).toBe(true)
    expect(answers[5]).toMatchObject({ code: 429, message: ROBOT_MESSAGES.testTooOften })
  })
})

describe('notifications reach the robot through the outbox', () => {
  it('a 工单进展 notification is posted to the workOrder robot, and its row keeps no address', async () => {
    fake.posts.length = 0
    const ctx = { db: server.db, config: testConfig(), now: server.clock, log: server.app.log }
    const notifier = createNotifier(ctx, { outbox: server.app.outbox })
    await notifier.send(server.db, {
      accountId: who.accountId,
      category: 'workOrder',
      notice: { type: 3, title: '工单有新回复', content: '<p>您的工单 &lt;W123&gt; 有新的回复。</p>' },
      mail: {
        subject: '工单有新回复',
        text: '您的工单有新的回复',
        html: '<p>x</p>',
        path: '/workorder/detail?id=1',
      },
    })
    const [row] = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.accountId, who.accountId), eq(outbox.channel, 'robot')))
    expect(row).toMatchObject({ recipient: expect.any(String) })
    expect(JSON.stringify(row.params)).not.toContain(DINGTALK_TOKEN)
    await server.app.outbox.attempt(row.id)
    await server.app.outbox.settle()
    const [done] = await server.db.select().from(outbox).where(eq(outbox.id, row.id))
    expect(done.status).toBe('sent')
    expect(fake.posts).toHaveLength(1)
    const { body, query } = fake.posts[0]
    expect(query.get('sign')).toBe(hmac(DINGTALK_SECRET, `${query.get('timestamp')}\n${DINGTALK_SECRET}`))
    expect(body).toMatchObject({
      markdown: {
        title: '工单有新回复',
        text: expect.stringContaining('您的工单 <W123> 有新的回复。'),
      },
    })
    expect((body.markdown as { text: string }).text).toContain(
      '(https://console.example.cn/workorder/detail?id=1)',
    )
  })

  it('a category without a robot queues no robot post', async () => {
    const ctx = { db: server.db, config: testConfig(), now: server.clock, log: server.app.log }
    const notifier = createNotifier(ctx, { outbox: server.app.outbox })
    await notifier.send(server.db, {
      accountId: other.accountId,
      category: 'workOrder',
      notice: { type: 3, title: '工单有新回复', content: '<p>x</p>' },
    })
    const rows = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.accountId, other.accountId), eq(outbox.channel, 'robot')))
    expect(rows).toEqual([])
  })

  it('a robot deleted before its post is refused, not posted', async () => {
    await save({ category: 'service', url: WECOM })
    const ctx = { db: server.db, config: testConfig(), now: server.clock, log: server.app.log }
    const notifier = createNotifier(ctx, { outbox: server.app.outbox })
    await server.db.transaction(async (tx) => {
      await notifier.send(tx, {
        accountId: who.accountId,
        category: 'service',
        notice: { type: 2, title: '服务通知', content: '<p>x</p>' },
      })
      // The row is written; the robot goes before any dispatcher can take it.
      await tx
        .delete(groupRobots)
        .where(and(eq(groupRobots.accountId, who.accountId), eq(groupRobots.category, 'service')))
    })
    const rows = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.accountId, who.accountId), eq(outbox.channel, 'robot')))
      .orderBy(outbox.id)
    const row = rows[rows.length - 1]
    fake.posts.length = 0
    await server.app.outbox.attempt(row.id)
    await server.app.outbox.settle()
    const [done] = await server.db.select().from(outbox).where(eq(outbox.id, row.id))
    expect(done).toMatchObject({ status: 'failed', lastError: 'robot removed' })
    expect(fake.posts).toEqual([])
  })
})

describe('who may', () => {
  it('refuses a sub-admin every call', async () => {
    const subToken = await server.tokenFor(DEMO.subAdmin)
    expect(await list(subToken)).toMatchObject({ code: 403 })
    expect(await save({ category: 'workOrder', url: WECOM }, subToken)).toMatchObject({ code: 403 })
    expect(await remove('workOrder', subToken)).toMatchObject({ code: 403 })
    expect(await test('workOrder', subToken)).toMatchObject({ code: 403 })
  })

  it('shows, tests and deletes only the account’s own robots', async () => {
    expect((await list(other.token)).data).toEqual([])
    expect(await test('workOrder', other.token)).toMatchObject({ code: 400, message: ROBOT_MESSAGES.noRobot })
    expect(await remove('workOrder', other.token)).toMatchObject({
      code: 400,
      message: ROBOT_MESSAGES.noRobot,
    })
    expect((await storedOf(who.accountId)).map((row) => row.category)).toContain('workOrder')
  })
})

describe('deleting', () => {
  it('removes the category’s robot and logs it', async () => {
    const answer = await remove('workOrder')
    expect(answer).toMatchObject({ code: 200, message: ROBOT_MESSAGES.deleted })
    expect(answer.data.map((robot) => robot.category)).not.toContain('workOrder')
    const logged = await server.db
      .select({ content: operateRecords.content })
      .from(operateRecords)
      .where(eq(operateRecords.accountId, who.accountId))
    expect(logged.map((entry) => entry.content)).toContain('删除群机器人（工单进展）')
  })
})

describe('the development redirect of robot posts', () => {
  const production = {
    NODE_ENV: 'production',
    TARO_APP_PASSWORD_KEY: 'k'.repeat(32),
    TARO_APP_SWITCH_SIGN_PREFIX: 'PREFIX',
    PUBLIC_ORIGIN: 'https://mc.example.com',
    FILE_URL_SECRET: 's'.repeat(40),
    SMS_CODE_SECRET: 'c'.repeat(40),
  }

  it('is refused in production, naming ROBOT_WEBHOOK_BASE', () => {
    expect(loadConfig(production).robotWebhookBase).toBeNull()
    expect(() => loadConfig({ ...production, ROBOT_WEBHOOK_BASE: fake.base })).toThrow(/ROBOT_WEBHOOK_BASE/)
  })

  it('is read in development', () => {
    expect(loadConfig({ NODE_ENV: 'development', ROBOT_WEBHOOK_BASE: fake.base }).robotWebhookBase).toBe(
      fake.base,
    )
  })
})
