/** @jest-environment ./test/api/support/pglite-environment.ts */
// Aliyun SMS and Tencent Cloud SMS through their official SDKs, against local fakes that check the
// signatures as the providers document them (keys made here), and what a person is told when a
// provider refuses (issue 21 "SMS").
import Fastify from 'fastify'
import { and, desc, eq } from 'drizzle-orm'
import { outbox as outboxTable, smsCodes } from '../../server/db/schema'
import type { SmsSettings } from '../../server/providers/settings'
import { aliyunSms } from '../../server/providers/sms/aliyun'
import type { OutgoingSms, SmsGateway } from '../../server/providers/sms/index'
import { tencentSms } from '../../server/providers/sms/tencent'
import { createOutbox, retryDelayMs } from '../../server/services/outbox/outbox'
import { createOutboxDispatcher } from '../../server/services/outbox/outbox-dispatcher'
import { DEMO, startTestServer, testConfig, type TestServer } from './support/harness'
import {
  startFakeAliyunSms,
  startFakeTencentSms,
  templateIds,
  type FakeAliyun,
  type FakeTencent,
} from './support/fake-sms-providers'

jest.setTimeout(60_000)

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

function gatewayFor(settings: SmsSettings): SmsGateway {
  if (settings.provider === 'aliyun') return aliyunSms(settings)
  if (settings.provider === 'tencent') return tencentSms(settings)
  throw new Error('not a real provider')
}

const message = (phone: string, key = 'key-1'): OutgoingSms => ({
  phone,
  template: 'login',
  params: { code: '246810' },
  text: '',
  idempotencyKey: key,
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

  it('sends the template, its parameters, the sign name and the idempotency key, signed', async () => {
    const gateway = gatewayFor(settingsFor(kind, fake))
    expect(await gateway.send(message('13800000001', 'key-abc'))).toEqual({ outcome: 'sent' })
    expect(fake.rejected).toEqual([])
    expect(fake.received).toEqual([
      {
        phone: '13800000001',
        template: templateIds(kind).login,
        // Aliyun takes parameters by name, Tencent Cloud by position.
        params: kind === 'aliyun' ? { code: '246810' } : ['246810'],
        key: 'key-abc',
        signName: '会员中心',
      },
    ])
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
})

describe.each(['aliyun', 'tencent'] as const)('SMS login with %s in production mode', (kind) => {
  let fake: Fake
  let server: TestServer
  let production: Awaited<ReturnType<TestServer['buildVariant']>>
  let nextIp = 1
  const freshIp = () => `10.21.0.${(nextIp += 1)}`

  beforeAll(async () => {
    fake = kind === 'aliyun' ? await startFakeAliyunSms() : await startFakeTencentSms()
    server = await startTestServer()
    production = await server.buildVariant({
      production: true,
      sms: settingsFor(kind, fake),
      smsCodeSecret: 'p'.repeat(40),
      publicOrigin: 'https://mc.example.com',
    })
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await fake?.close()
  })
  beforeEach(() => fake.behave('*', null))

  async function send(phone: string, ip = freshIp()) {
    const slider = await server.solvedSlider(phone)
    const response = await production.inject({
      method: 'POST',
      url: '/api/pc/sendSmsCode',
      remoteAddress: ip,
      payload: { phone, type: 'login', ...slider },
    })
    return response.json() as { code: number; message: string }
  }

  it('sends the code through the provider, which logs the member in; the database keeps no code', async () => {
    const phone = DEMO.owner
    expect(await send(phone)).toMatchObject({ code: 200, message: '已发送' })
    const delivered = fake.received.filter((m) => m.phone === phone).at(-1)!
    const code = Array.isArray(delivered.params) ? delivered.params[0] : delivered.params.code
    expect(code).toMatch(/^\d{6}$/)
    const [queued] = await server.db
      .select()
      .from(outboxTable)
      .where(eq(outboxTable.idempotencyKey, delivered.key))
    expect(queued).toMatchObject({ status: 'sent', params: null, recipient: phone })
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
      const phone = `1390000${String(1000 + nextIp).slice(-4)}`
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
    expect(await send(phone)).toMatchObject({ code: 200, message: '已发送' })
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
    expect(fake.received.slice(before).map((m) => m.key)).toEqual([queued.idempotencyKey])
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
