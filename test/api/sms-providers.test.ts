// Aliyun SMS and Tencent Cloud SMS through their official SDKs, against local fakes that check the
// signatures as the providers document them (keys made here), and what a person is told when a
// provider refuses. A send whose answer was lost is found in the provider's send
// records by its correlation id, and not sent again.
import Dysmsapi, { QuerySendDetailsRequest } from '@alicloud/dysmsapi20170525'
import { $OpenApiUtil } from '@alicloud/openapi-core'
import * as promClient from '@prometheus-io/client'
import Fastify from 'fastify'
import { and, desc, eq } from 'drizzle-orm'
import { sms as tencentCloudSms } from 'tencentcloud-sdk-nodejs-sms'
import { outbox as outboxTable, smsCodes } from '../../server/db/schema'
import type { SendRecords } from '../../server/providers/delivery'
import type { SmsSettings } from '../../server/config/providers'
import { aliyunSms, sendDates } from '../../server/providers/sms/aliyun'
import type { OutgoingSms, SmsGateway } from '../../server/providers/sms/index'
import { reportsBeginTime, tencentSms } from '../../server/providers/sms/tencent'
import { createOutbox, retryDelayMs } from '../../server/services/outbox/outbox'
import { createOutboxDispatcher } from '../../server/services/outbox/outbox-dispatcher'
import { DEMO, testConfig, useTestServer, type TestServer } from './support/harness'
import {
  startFakeAliyunSms,
  startFakeTencentSms,
  templateIds,
  type FakeAliyun,
  type FakeTencent,
} from './support/fake-sms-providers'
import { freshIp } from './support/addresses'

type Fake = FakeAliyun | FakeTencent

function settingsFor(kind: 'aliyun' | 'tencent', fake: Fake, secret?: string): SmsSettings {
  if (kind === 'aliyun') {
    const aliyun = fake as FakeAliyun
    return {
      provider: 'aliyun',
      accessKeyId: aliyun.accessKeyId,
      accessKeySecret: secret ?? aliyun.accessKeySecret,
      endpoint: new URL(fake.url),
      signName: '会员中心',
      templates: templateIds('aliyun'),
    }
  }
  const tencent = fake as FakeTencent
  return {
    provider: 'tencent',
    secretId: tencent.secretId,
    secretKey: secret ?? tencent.secretKey,
    sdkAppId: tencent.sdkAppId,
    region: 'ap-guangzhou',
    endpoint: new URL(fake.url),
    signName: '会员中心',
    templates: templateIds('tencent'),
  }
}

function gatewayFor(settings: SmsSettings): SmsGateway & SendRecords {
  if (settings.provider === 'aliyun') return aliyunSms(settings)
  if (settings.provider === 'tencent') return tencentSms(settings)
  throw new Error('not a real provider')
}

/** member_centre_outbox_deliveries_total{channel="sms",result}, from the process's registry. */
async function smsDeliveries(result: string): Promise<number> {
  const text = await promClient.register.getSingleMetricAsString('member_centre_outbox_deliveries_total')
  const sample = `member_centre_outbox_deliveries_total{channel="sms",result="${result}"} `
  const line = text.split('\n').find((candidate) => candidate.startsWith(sample))
  return line ? Number(line.slice(sample.length)) : 0
}

/** The provider's own error code for a call the adapter would never make (the fakes refuse it as the provider does). */
async function refusalOf(call: Promise<unknown>): Promise<string | undefined> {
  try {
    const answer = (await call) as { body?: { code?: string } }
    return answer.body?.code
  } catch (error) {
    return (error as { code?: string }).code
  }
}

const message = (phone: string, key = 'key-1'): OutgoingSms => ({
  phone,
  template: 'login',
  params: { code: '246810' },
  text: '',
  correlationId: key,
})

describe.each(['aliyun', 'tencent'] as const)('%s through its SDK', (kind) => {
  let fake: Fake
  beforeAll(async () => {
    fake = kind === 'aliyun' ? await startFakeAliyunSms() : await startFakeTencentSms()
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.received.length = 0
    fake.rejected.length = 0
    fake.behave('*', null)
  })

  it('sends the template, its parameters, the sign name and the correlation id, signed', async () => {
    const gateway = gatewayFor(settingsFor(kind, fake))
    const result = await gateway.send(message('13800000001', 'key-abc'))
    expect(fake.rejected).toEqual([])
    expect(fake.received).toEqual([
      {
        phone: '13800000001',
        template: templateIds(kind).login,
        // Aliyun takes parameters by name, Tencent Cloud by position.
        params: kind === 'aliyun' ? { code: '246810' } : ['246810'],
        key: 'key-abc',
        signName: '会员中心',
        messageId: expect.any(String),
        sentAt: expect.any(Date),
      },
    ])
    // The provider's message id (Aliyun BizId, Tencent Cloud SerialNo) comes back with the result.
    expect(result).toEqual({ outcome: 'sent', messageId: fake.received[0].messageId })
  })

  it('is refused by the provider when the signature is made with another key', async () => {
    const forged = gatewayFor(settingsFor(kind, fake, 'x'.repeat(kind === 'aliyun' ? 30 : 32)))
    const result = await forged.send(message('13800000001'))
    expect(result).toMatchObject({ outcome: 'refused', reason: 'other' })
    expect(fake.rejected).toEqual([
      kind === 'aliyun' ? 'SignatureDoesNotMatch' : 'AuthFailure.SignatureFailure',
    ])
    expect(fake.received).toEqual([])
  })

  const refusals =
    kind === 'aliyun'
      ? ([
          ['isv.BUSINESS_LIMIT_CONTROL', 'refused', 'rateLimited'],
          ['isv.MOBILE_NUMBER_ILLEGAL', 'refused', 'invalidRecipient'],
          ['isv.AMOUNT_NOT_ENOUGH', 'refused', 'other'],
          ['isp.SYSTEM_ERROR', 'retry', undefined],
        ] as const)
      : ([
          ['LimitExceeded.PhoneNumberThirtySecondLimit', 'refused', 'rateLimited'],
          ['InvalidParameterValue.IncorrectPhoneNumber', 'refused', 'invalidRecipient'],
          ['FailedOperation.InsufficientBalanceInSmsPackage', 'refused', 'other'],
          ['InternalError.Timeout', 'retry', undefined],
        ] as const)

  it.each(refusals)('maps the answer %s to %s %s', async (code, outcome, reason) => {
    fake.behave('13800000002', { code })
    const result = await gatewayFor(settingsFor(kind, fake)).send(message('13800000002'))
    expect(result).toEqual({ outcome, ...(reason ? { reason } : {}), code })
  })

  it('treats a provider that cannot be reached as transient', async () => {
    const settings = settingsFor(kind, fake)
    const closed = { ...settings, endpoint: new URL('http://127.0.0.1:9') } as SmsSettings
    expect(await gatewayFor(closed).send(message('13800000001'))).toMatchObject({ outcome: 'retry' })
  })

  if (kind === 'aliyun')
    it('refuses for good, as a configuration error, a RAM user without SMS permission', async () => {
      fake.behave('13800000002', { code: 'isp.RAM_PERMISSION_DENY', status: 403 })
      expect(await gatewayFor(settingsFor(kind, fake)).send(message('13800000002'))).toEqual({
        outcome: 'refused',
        reason: 'other',
        code: 'isp.RAM_PERMISSION_DENY',
        misconfigured: true,
      })
    })

  if (kind === 'tencent')
    it.each(['RequestLimitExceeded', 'RequestLimitExceeded.UinLimitExceeded'])(
      "retries the API's rate limit %s (a phone's own limits are refused)",
      async (code) => {
        // A common error: Response.Error, HTTP 200.
        fake.behave('13800000002', { code, status: 200 })
        expect(await gatewayFor(settingsFor(kind, fake)).send(message('13800000002'))).toEqual({
          outcome: 'retry',
          code,
        })
      },
    )

  it('finds a sent message in the send records by its correlation id, and only that one', async () => {
    const gateway = gatewayFor(settingsFor(kind, fake))
    const since = new Date(Date.now() - 60_000)
    await gateway.send(message('13800000003', 'key-other'))
    fake.behave('13800000003', 'lose')
    // The provider sends it, but the answer is lost: worth another try, as far as the sender knows.
    expect(await gateway.send(message('13800000003', 'key-lost'))).toMatchObject({ outcome: 'retry' })
    expect(fake.received.map((m) => m.key)).toEqual(['key-other', 'key-lost'])
    const query = { recipient: '13800000003', since, until: new Date() }
    const found = await gateway.findSent({ ...query, correlationId: 'key-lost' })
    // Tencent Cloud's reports carry the SerialNo; Aliyun's records do not carry the BizId.
    expect(found).toEqual(kind === 'tencent' ? { messageId: fake.received[1].messageId } : {})
    expect(await gateway.findSent({ ...query, correlationId: 'key-never-sent' })).toBeNull()
    expect(fake.rejected).toEqual([])
  })

  it('cannot search the send records with a signature made with another key', async () => {
    const forged = gatewayFor(settingsFor(kind, fake, 'x'.repeat(kind === 'aliyun' ? 30 : 32)))
    const query = { recipient: '13800000003', correlationId: 'key-1', since: new Date(), until: new Date() }
    await expect(forged.findSent(query)).rejects.toMatchObject({
      code: kind === 'aliyun' ? 'SignatureDoesNotMatch' : 'AuthFailure.SignatureFailure',
    })
  })

  it('refuses a search of the send records outside what the provider allows', async () => {
    if (kind === 'aliyun') {
      const aliyun = fake as FakeAliyun
      const client = new Dysmsapi(
        new $OpenApiUtil.Config({
          accessKeyId: aliyun.accessKeyId,
          accessKeySecret: aliyun.accessKeySecret,
          endpoint: new URL(fake.url).host,
          protocol: 'http',
        }),
      )
      const query = (fields: Partial<QuerySendDetailsRequest>) =>
        refusalOf(
          client.querySendDetails(
            new QuerySendDetailsRequest({
              phoneNumber: '13800000003',
              sendDate: '20200101',
              pageSize: 10,
              currentPage: 1,
              ...fields,
            }),
          ),
        )
      // Older than 30 days; more than 50 a page; no date at all.
      expect(await query({})).toBe('isv.INVALID_PARAMETERS')
      const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '')
      expect(await query({ sendDate: today, pageSize: 51 })).toBe('isv.INVALID_PARAMETERS')
      expect(await query({ sendDate: undefined })).toBe('MissingSendDate')
      expect(await query({ sendDate: today })).toBe('OK')
    } else {
      const tencent = fake as FakeTencent
      const client = new tencentCloudSms.v20210111.Client({
        credential: { secretId: tencent.secretId, secretKey: tencent.secretKey },
        region: 'ap-guangzhou',
        profile: { httpProfile: { endpoint: new URL(fake.url).host, protocol: 'http://' } },
      })
      const now = Math.floor(Date.now() / 1000)
      const pull = (fields: object) =>
        refusalOf(
          client.PullSmsSendStatusByPhoneNumber({
            BeginTime: now - 60,
            Offset: 0,
            Limit: 100,
            PhoneNumber: '+8613800000003',
            SmsSdkAppId: tencent.sdkAppId,
            ...fields,
          }),
        )
      // More than 7 days back; more than 100 reports; an offset (fixed at 0); a bare number; another app.
      expect(await pull({ BeginTime: now - 8 * 86_400 })).toBe('InvalidParameterValue')
      expect(await pull({ Limit: 101 })).toBe('InvalidParameterValue')
      expect(await pull({ Offset: 10 })).toBe('InvalidParameterValue')
      expect(await pull({ PhoneNumber: '13800000003' })).toBe('InvalidParameterValue.IncorrectPhoneNumber')
      expect(await pull({ SmsSdkAppId: '1400000000' })).toBe('FailedOperation.SdkAppIdNotFound')
      expect(await pull({})).toBeUndefined()
    }
    expect(fake.rejected).toEqual([])
  })
})

describe('the window searched in the send records', () => {
  it("reads Aliyun's records by China date, the newest first, a few minutes' clock skew included", () => {
    // 23:58 to 00:10 China time (UTC+8).
    const window = { since: new Date('2024-05-31T15:58:00Z'), until: new Date('2024-05-31T16:10:00Z') }
    expect(sendDates(window)).toEqual(['20240601', '20240531'])
    // 00:02 China time: a provider clock a few minutes behind may have dated it the day before.
    const justAfter = { since: new Date('2024-05-31T16:02:00Z'), until: new Date('2024-05-31T16:20:00Z') }
    expect(sendDates(justAfter)).toEqual(['20240601', '20240531'])
    // A message written days ago: only the newest days are read.
    const old = { since: new Date('2024-05-20T02:00:00Z'), until: new Date('2024-05-31T02:00:00Z') }
    expect(sendDates(old)).toEqual(['20240531', '20240530'])
  })

  it("reads Tencent Cloud's reports from the message's writing, within their 7 days", () => {
    const until = new Date('2024-05-31T02:00:00Z')
    const since = new Date('2024-05-31T01:50:00Z')
    expect(reportsBeginTime({ since, until })).toBe((since.getTime() - 5 * 60_000) / 1000)
    const weekBack = until.getTime() / 1000 - 7 * 86_400
    const begin = reportsBeginTime({ since: new Date('2024-05-20T00:00:00Z'), until })
    expect(begin).toBeGreaterThan(weekBack)
    expect(begin).toBeLessThan(weekBack + 120)
  })
})

describe.each(['aliyun', 'tencent'] as const)('SMS login with %s in production mode', (kind) => {
  let fake: Fake
  const server = useTestServer()
  let production: Awaited<ReturnType<TestServer['buildVariant']>>
  let nextPhone = 1

  beforeAll(async () => {
    // The providers date their records by the server's (test) clock.
    const now = () => server.clock()
    fake = kind === 'aliyun' ? await startFakeAliyunSms({ now }) : await startFakeTencentSms({ now })
    production = await server.buildVariant({
      production: true,
      sms: settingsFor(kind, fake),
      smsCodeSecret: 'p'.repeat(40),
      publicOrigin: 'https://mc.example.com',
    })
  }, 120_000)
  afterAll(async () => {
    await fake?.close()
  })
  beforeEach(() => fake.behave('*', null))

  async function send(phone: string, type = 'login') {
    const slider = await server.solvedSlider(phone)
    const response = await production.inject({
      method: 'POST',
      url: '/api/pc/sendSmsCode',
      remoteAddress: freshIp(),
      payload: { phone, type, ...slider },
    })
    return response.json() as { code: number; message: string }
  }

  /** A login code is answered before its first attempt ends: what that attempt gave `phone`. */
  async function deliveredTo(phone: string, after: number) {
    await production.outbox.settle()
    return fake.received
      .slice(after)
      .filter((m) => m.phone === phone)
      .at(-1)!
  }

  it('sends the code through the provider, which logs the member in; the database keeps no code', async () => {
    const phone = DEMO.owner
    const before = fake.received.length
    expect(await send(phone)).toMatchObject({ code: 200, message: '已发送' })
    const delivered = await deliveredTo(phone, before)
    const code = Array.isArray(delivered.params) ? delivered.params[0] : delivered.params.code
    expect(code).toMatch(/^\d{6}$/)
    const [queued] = await server.db
      .select()
      .from(outboxTable)
      .where(eq(outboxTable.correlationId, delivered.key))
    expect(queued).toMatchObject({
      status: 'sent',
      params: null,
      recipient: phone,
      providerMessageId: delivered.messageId,
    })
    const [record] = await server.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.id))
      .limit(1)
    expect(JSON.stringify(record)).not.toContain(code)
    const login = await production.inject({
      method: 'POST',
      url: '/api/app/phoneLogin',
      remoteAddress: freshIp(),
      payload: { phone, code },
    })
    expect(login.json()).toMatchObject({ code: 200 })
  })

  it.each([
    [
      'rate limit',
      kind === 'aliyun' ? 'isv.BUSINESS_LIMIT_CONTROL' : 'LimitExceeded.PhoneNumberDailyLimit',
      429,
      '发送过于频繁，请稍后再试',
    ],
    [
      'invalid number',
      kind === 'aliyun' ? 'isv.MOBILE_NUMBER_ILLEGAL' : 'InvalidParameterValue.IncorrectPhoneNumber',
      400,
      '请输入正确的手机号',
    ],
    [
      'other refusal',
      kind === 'aliyun' ? 'isv.AMOUNT_NOT_ENOUGH' : 'FailedOperation.TemplateUnapprovedOrNotExist',
      400,
      '短信发送失败，请稍后重试',
    ],
  ])(
    'answers a %s at once, and the refused send starts no 60 s wait',
    async (_what, providerCode, code, text) => {
      const phone = `1390000${String(1000 + (nextPhone += 1)).slice(-4)}`
      fake.behave('*', { code: providerCode })
      const slider = await server.solvedSlider(phone)
      const refused = await production.inject({
        method: 'POST',
        url: '/api/pc/sendSmsCode',
        remoteAddress: freshIp(),
        payload: { phone, type: 'register', ...slider },
      })
      expect(refused.json()).toEqual({ code, message: text, data: null })
      expect(await server.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toEqual([])
      fake.behave('*', null)
      const again = await server.solvedSlider(phone)
      const sent = await production.inject({
        method: 'POST',
        url: '/api/pc/sendSmsCode',
        remoteAddress: freshIp(),
        payload: { phone, type: 'register', ...again },
      })
      expect(sent.json()).toMatchObject({ code: 200, message: '已发送' })
    },
  )

  it('answers 已发送 on a transient failure and leaves the message queued for a retry', async () => {
    const phone = DEMO.otherOwner
    fake.behave(
      phone,
      kind === 'aliyun' ? { code: 'ServiceUnavailable', status: 503 } : { code: 'InternalError.Timeout' },
    )
    const before = fake.received.length
    // A registration code waits for its first attempt (a login code is answered before it).
    expect(await send(phone, 'register')).toMatchObject({ code: 200, message: '已发送' })
    const [queued] = await server.db
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.recipient, phone), eq(outboxTable.status, 'pending')))
    expect(queued).toMatchObject({ attempts: 1, params: { code: expect.stringMatching(/^\d{6}$/) } })
    fake.behave(phone, null)
    server.clock.advance(retryDelayMs(1))
    const outbox = createOutbox(
      { db: server.db, config: testConfig(), now: server.clock, log: Fastify({ logger: false }).log },
      { sms: gatewayFor(settingsFor(kind, fake)), mail: null },
    )
    expect(await createOutboxDispatcher(outbox).runOnce()).toBeGreaterThanOrEqual(1)
    expect(fake.received.slice(before).map((m) => m.key)).toEqual([queued.correlationId])
  })

  it('answers a login code for a member as for a stranger, before the provider; a refusal still starts the 60 s wait', async () => {
    const member = DEMO.subAdmin
    const stranger = '13900009991'
    fake.behave(member, {
      code: kind === 'aliyun' ? 'isv.MOBILE_NUMBER_ILLEGAL' : 'InvalidParameterValue.IncorrectPhoneNumber',
    })
    const before = fake.received.length
    const answers = [await send(member), await send(stranger)]
    expect(answers).toEqual([
      { code: 200, message: '已发送', data: null },
      { code: 200, message: '已发送', data: null },
    ])
    // The provider was asked, and refused: the member sees a code that never arrives.
    await production.outbox.settle()
    const [refused] = await server.db
      .select()
      .from(outboxTable)
      .where(eq(outboxTable.recipient, member))
      .orderBy(desc(outboxTable.id))
      .limit(1)
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 })
    expect(fake.received.slice(before)).toEqual([])
    for (const phone of [member, stranger]) {
      const again = await send(phone)
      expect(again).toMatchObject({ code: 429, message: '发送过于频繁，请60秒后再试' })
    }
  })

  it('does not send again a code whose answer was lost but which the provider sent', async () => {
    // A new number: a register code goes to it.
    const phone = kind === 'aliyun' ? '13800000031' : '13800000032'
    fake.behave(phone, 'lose')
    expect(await send(phone, 'register')).toMatchObject({ code: 200, message: '已发送' })
    const [queued] = await server.db.select().from(outboxTable).where(eq(outboxTable.recipient, phone))
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 })
    const delivered = fake.received.filter((m) => m.phone === phone)
    expect(delivered.map((m) => m.key)).toEqual([queued.correlationId])
    fake.behave(phone, null)
    server.clock.advance(retryDelayMs(1))
    const sentBefore = await smsDeliveries('sent')
    const outbox = createOutbox(
      { db: server.db, config: testConfig(), now: server.clock, log: Fastify({ logger: false }).log },
      { sms: gatewayFor(settingsFor(kind, fake)), mail: null },
    )
    const dispatcher = createOutboxDispatcher(outbox)
    // The app's own dispatcher may take it first; either one looks it up.
    const rowNow = async () =>
      (await server.db.select().from(outboxTable).where(eq(outboxTable.id, queued.id)))[0]
    for (let round = 0; round < 50 && (await rowNow()).status === 'pending'; round += 1) {
      await dispatcher.runOnce()
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(await rowNow()).toMatchObject({
      status: 'sent',
      attempts: 2,
      params: null,
      // Tencent Cloud's report names the SerialNo; Aliyun's record names no BizId.
      providerMessageId: kind === 'tencent' ? delivered[0].messageId : null,
    })
    expect(fake.received.filter((m) => m.phone === phone)).toHaveLength(1)
    expect(await smsDeliveries('sent')).toBe(sentBefore + 1)
  })

  it('keeps the server-wide hourly budget (SMS_GLOBAL_HOURLY_LIMIT)', async () => {
    const capped = await server.buildVariant({
      production: true,
      sms: settingsFor(kind, fake),
      smsCodeSecret: 'p'.repeat(40),
      smsGlobalHourlyLimit: 1,
    })
    server.clock.advance(3_600_000)
    const first = await server.solvedSlider('13800000003')
    const second = await server.solvedSlider('13800000004')
    const ask = (phone: string, slider: object) =>
      capped.inject({
        method: 'POST',
        url: '/api/pc/sendSmsCode',
        remoteAddress: freshIp(),
        payload: { phone, type: 'register', ...slider },
      })
    expect((await ask('13800000003', first)).json()).toMatchObject({ code: 200 })
    expect((await ask('13800000004', second)).json()).toEqual({
      code: 429,
      message: '发送过于频繁，请稍后再试',
      data: null,
    })
  })
})
