// The per-address SMS limit counts an IPv6 client by its /64, as the per-minute rules do, and every
// SMS (codes, links, notices) is held by the hourly budgets of its account and of the server, of
// which a fifth only codes may use.
import { inArray } from 'drizzle-orm'
import { outbox as outboxTable } from '../../server/db/schema'
import { createOutbox } from '../../server/services/outbox/outbox'
import { createSmsService } from '../../server/services/sms/sms'
import { createGateways } from '../../server/providers/index'
import { testConfig, useTestServer, type TestServer } from './support/harness'

const server = useTestServer()
const TOO_MANY = { code: 429, message: '发送次数过多，请1小时后再试', data: null }
let nextPhone = 13500000100
const newPhone = () => String((nextPhone += 1))

async function sendVia(app: Awaited<ReturnType<TestServer['buildVariant']>>, phone: string, ip: string) {
  const slider = await server.solvedSlider(phone)
  const response = await app.inject({
    method: 'POST',
    url: '/api/pc/sendSmsCode',
    remoteAddress: ip,
    payload: { phone, type: 'register', ...slider },
  })
  return response.json()
}

describe('per-address limit on IPv6', () => {
  it('counts every address of one /64 together, and another /64 apart', async () => {
    const strict = await server.buildVariant({ smsHourlyLimitPerAddress: 2 })
    expect(await sendVia(strict, newPhone(), '2001:db8:aa:1::1')).toMatchObject({ code: 200 })
    expect(await sendVia(strict, newPhone(), '2001:db8:aa:1:ffff:ffff:ffff:fffe')).toMatchObject({
      code: 200,
    })
    // A third address of the same /64: today's per-address count would have let it through.
    expect(await sendVia(strict, newPhone(), '2001:db8:aa:1:1234::9')).toEqual(TOO_MANY)
    expect(await sendVia(strict, newPhone(), '2001:db8:aa:2::1')).toMatchObject({ code: 200 })
  })
})

describe('hourly budgets', () => {
  const smsFor = (limits: { smsAccountHourlyLimit?: number; smsGlobalHourlyLimit?: number }) => {
    const ctx = { db: server.db, config: testConfig(limits), now: server.clock, log: server.app.log }
    return createSmsService(ctx, createOutbox(ctx, createGateways(ctx)))
  }

  it('refuses an account its 21st SMS of the hour, to any phones, and lets it send an hour later', async () => {
    server.clock.advance(2 * 3_600_000)
    const sms = smsFor({ smsAccountHourlyLimit: 20 })
    const send = (accountId: number) =>
      sms.send(newPhone(), 'changePhone', `203.0.113.${nextPhone % 200}`, { accountId })
    for (let i = 0; i < 20; i += 1) await send(901)
    await expect(send(901)).rejects.toMatchObject({ code: 429, message: '发送次数过多，请1小时后再试' })
    // Another account is not held by it.
    await expect(send(902)).resolves.toBeUndefined()
    server.clock.advance(3_600_001)
    await expect(send(901)).resolves.toBeUndefined()
  })

  it('stops every send once the server has sent its hourly budget', async () => {
    server.clock.advance(2 * 3_600_000)
    const sms = smsFor({ smsGlobalHourlyLimit: 3 })
    const send = () => sms.send(newPhone(), 'register', `192.0.2.${nextPhone % 200}`)
    for (let i = 0; i < 3; i += 1) await send()
    await expect(send()).rejects.toMatchObject({ code: 429, message: '发送过于频繁，请稍后再试' })
  })
})

describe('links and notices share the budgets with codes', () => {
  type Variant = Awaited<ReturnType<TestServer['buildVariant']>>
  let nextOwner = 13700000900
  /** A member with a main account of its own, signed in: its token. */
  async function newOwner(): Promise<string> {
    const phone = String((nextOwner += 1))
    expect((await server.post('/__dev/members', { phone, password: 'Demo@12345' })).code).toBe(200)
    return server.tokenFor(phone)
  }
  /** Adds a recipient: its confirmation link goes by SMS (and by mail, outside the SMS budgets). */
  async function addRecipient(app: Variant, token: string) {
    const phone = newPhone()
    const response = await app.inject({
      method: 'POST',
      url: '/api/pc/addRecipient',
      headers: { token },
      payload: { fullName: '接收人', mailbox: `n${phone}@example.cn`, bingPhone: phone, position: '2' },
    })
    return { phone, answer: response.json() as { code: number; message: string } }
  }
  const recipientCount = async (token: string) =>
    (await server.get<{ total: number }>('/api/pc/searchRecipientList?pageNum=1&pageSize=50', { token })).data
      .total

  it('stops an account at its own budget, links included, and writes nothing for the refused one', async () => {
    server.clock.advance(2 * 3_600_000)
    const app = await server.buildVariant({ smsAccountHourlyLimit: 3 })
    const token = await newOwner()
    for (let i = 0; i < 3; i += 1) expect((await addRecipient(app, token)).answer.code).toBe(200)
    expect((await addRecipient(app, token)).answer).toEqual(TOO_MANY)
    expect(await recipientCount(token)).toBe(3)
    // Another account is not held by it.
    expect((await addRecipient(app, await newOwner())).answer.code).toBe(200)
  })

  it('keeps a fifth of the server budget for codes: links stop at 12 of 15, logins go on', async () => {
    server.clock.advance(2 * 3_600_000)
    const app = await server.buildVariant({ smsGlobalHourlyLimit: 15, smsAccountHourlyLimit: 20 })
    const token = await newOwner()
    for (let i = 0; i < 12; i += 1) expect((await addRecipient(app, token)).answer.code).toBe(200)
    expect((await addRecipient(app, token)).answer).toEqual({
      code: 429,
      message: '发送过于频繁，请稍后再试',
      data: null,
    })
    // Before the reserve, one account's 18 links answered every login with 429 for the hour.
    for (let i = 0; i < 3; i += 1)
      expect(await sendVia(app, newPhone(), `198.51.100.${i + 1}`)).toMatchObject({ code: 200 })
    expect(await sendVia(app, newPhone(), '198.51.100.9')).toMatchObject({
      code: 429,
      message: '发送过于频繁，请稍后再试',
    })
  })

  it('leaves out of a batch (a reminder run) the SMS past an account budget, keeping the mail', async () => {
    server.clock.advance(2 * 3_600_000)
    const ctx = {
      db: server.db,
      config: testConfig({ smsAccountHourlyLimit: 2 }),
      now: server.clock,
      log: server.app.log,
    }
    const outbox = createOutbox(ctx, createGateways(ctx))
    const message = (channel: 'sms' | 'email', accountId: number) => ({
      message: {
        channel,
        recipient: channel === 'sms' ? newPhone() : `m${nextPhone}@example.cn`,
        template: 'expiry' as const,
        params: {
          product: '企业官网',
          domain: 'a.example.cn',
          days: '3',
          link: 'https://mc.example.cn/renewal',
          path: '/renewal',
        },
        accountId,
        ttlMs: 3_600_000,
      },
    })
    const ids = await server.db.transaction((tx) =>
      outbox.enqueueMany(tx, [
        ...[1, 2, 3].map(() => message('sms', 903)),
        message('email', 903),
        message('sms', 904),
      ]),
    )
    const rows = await server.db
      .select()
      .from(outboxTable)
      .where(inArray(outboxTable.id, ids))
      .orderBy(outboxTable.id)
    expect(rows.map((row) => [row.channel, row.accountId])).toEqual([
      ['sms', 903],
      ['sms', 903],
      ['email', 903],
      ['sms', 904],
    ])
  })
})
