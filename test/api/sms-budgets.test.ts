/** @jest-environment ./test/api/support/pglite-environment.ts */
// Issue 20 (Low): the per-address SMS limit counts an IPv6 client by its /64, as the per-minute
// rules do, and SMS have hourly budgets per account and for the whole server.
import { createOutbox } from '../../server/services/outbox/outbox'
import { createSmsService } from '../../server/services/sms/sms'
import { createGateways } from '../../server/providers/index'
import { startTestServer, testConfig, type TestServer } from './support/harness'

jest.setTimeout(60_000)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
}, 120_000)
afterAll(() => server?.close())

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
