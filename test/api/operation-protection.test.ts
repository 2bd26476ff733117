// 操作保护: the re-verification before protected actions lasts the member's window (5 to 30 minutes,
// 10 unless set) and is made by its method: an SMS code, or a code of the authenticator app once
// 二次验证 is on. A stale session's protected call says which (4031 with data.method); changing the
// setting is itself protected and logged.
import { and, eq } from 'drizzle-orm'
import { operateRecords } from '../../server/db/schema'
import { totpCode, TOTP_PERIOD_S } from '../../server/security/totp'
import {
  RELOGIN_REQUIRED,
  REVERIFY_CODE,
  REVERIFY_REQUIRED,
  REVERIFY_TOTP_REQUIRED,
} from '../../src/core/contract/fresh-session'
import { OPERATE_TYPE } from '../../src/core/contract/operate-log'
import { OPERATION_PROTECTION_MSG } from '../../src/core/contract/operation-protection'
import type { SecondFactorEnrolment } from '../../src/core/contract/second-factor'
import { DEMO, DEMO_PASSWORD, useTestServer } from './support/harness'

const server = useTestServer()
const SETTING = '/api/app/account/operationProtection'
/** A protected action with no other effect on the member: ending its other sessions. */
const PROTECTED = '/api/app/account/loginDevices/signOutOthers'
const MINUTE = 60_000
let nextPhone = 13600000700

async function newMember(): Promise<string> {
  const phone = String((nextPhone += 1))
  expect((await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })).code).toBe(200)
  return phone
}

const save = (token: string, body: object) => server.post(SETTING, body, { token })

it('is SMS within 10 minutes unless set; the window is 5 to 30 minutes; the app only with 二次验证 on', async () => {
  const token = await server.tokenFor(await newMember())
  expect((await server.get(SETTING, { token })).data).toEqual({
    method: 'sms',
    windowMinutes: 10,
    totpAvailable: false,
    wechatAvailable: false,
  })
  expect(await save(token, { method: 'totp', windowMinutes: 10 })).toMatchObject({
    code: 400,
    message: OPERATION_PROTECTION_MSG.totpUnavailable,
  })
  for (const windowMinutes of [4, 31])
    expect(await save(token, { method: 'sms', windowMinutes })).toMatchObject({
      code: 400,
      message: OPERATION_PROTECTION_MSG.windowRange,
    })
  expect((await server.get(SETTING, { token })).data).toMatchObject({ windowMinutes: 10 })
})

it('holds a session fresh for the chosen window, and the change is protected and logged', async () => {
  const phone = await newMember()
  let token = await server.tokenFor(phone)
  expect(await save(token, { method: 'sms', windowMinutes: 5 })).toMatchObject({
    code: 200,
    message: '保存成功',
  })
  server.clock.advance(6 * MINUTE)
  await server.get(SETTING, { token })
  expect(await server.post(PROTECTED, {}, { token })).toEqual({
    code: REVERIFY_CODE,
    message: REVERIFY_REQUIRED,
    data: { method: 'sms', action: '退出登录设备' },
  })
  expect(await save(token, { method: 'sms', windowMinutes: 30 })).toMatchObject({ code: REVERIFY_CODE })

  token = await server.tokenFor(phone)
  expect((await save(token, { method: 'sms', windowMinutes: 30 })).code).toBe(200)
  server.clock.advance(20 * MINUTE)
  await server.get(SETTING, { token })
  expect((await server.post(PROTECTED, {}, { token })).code).toBe(200)
  const logged = await server.db
    .select({ content: operateRecords.content })
    .from(operateRecords)
    .where(
      and(
        eq(operateRecords.memberAccount, `mc${phone}`),
        eq(operateRecords.type, OPERATE_TYPE.operationProtection),
      ),
    )
  expect(logged.map((row) => row.content)).toEqual([
    '操作保护：短信验证码，5分钟内免验证',
    '操作保护：短信验证码，30分钟内免验证',
  ])
})

it('re-verifies by the authenticator app when chosen, once per code; back to SMS when 二次验证 is off', async () => {
  const phone = await newMember()
  const token = await server.tokenFor(phone)
  const begun = await server.post<SecondFactorEnrolment>('/api/app/secondFactor/begin', {}, { token })
  const { secret } = begun.data
  const code = () => totpCode(secret, server.clock())
  expect((await server.post('/api/app/secondFactor/confirm', { code: await code() }, { token })).code).toBe(
    200,
  )
  expect((await server.get(SETTING, { token })).data).toMatchObject({ totpAvailable: true })
  expect((await save(token, { method: 'totp', windowMinutes: 10 })).code).toBe(200)

  server.clock.advance(11 * MINUTE)
  await server.get(SETTING, { token })
  expect(await server.post(PROTECTED, {}, { token })).toEqual({
    code: REVERIFY_CODE,
    message: REVERIFY_TOTP_REQUIRED,
    data: { method: 'totp', action: '退出登录设备' },
  })
  expect(await server.post('/api/app/account/reverify/totp', { code: '000000' }, { token })).toMatchObject({
    code: 400,
    message: '动态验证码错误，请重新输入',
  })
  const fresh = await code()
  expect((await server.post('/api/app/account/reverify/totp', { code: fresh }, { token })).code).toBe(200)
  expect((await server.post(PROTECTED, {}, { token })).code).toBe(200)
  // The same code again, a step later still: refused.
  server.clock.advance(TOTP_PERIOD_S * 1000)
  expect((await server.post('/api/app/account/reverify/totp', { code: fresh }, { token })).code).toBe(400)

  // 二次验证 off: the member re-verifies by SMS again.
  expect((await server.post('/api/app/secondFactor/disable', { code: await code() }, { token })).code).toBe(
    200,
  )
  expect((await server.get(SETTING, { token })).data).toMatchObject({ method: 'sms', totpAvailable: false })
})

it('asks a member without a phone to log in again', async () => {
  const token = await server.tokenFor(DEMO.noPhoneAccount)
  server.clock.advance(11 * MINUTE)
  await server.get(SETTING, { token })
  expect(await server.post(PROTECTED, {}, { token })).toEqual({
    code: REVERIFY_CODE,
    message: RELOGIN_REQUIRED,
    data: { method: 'relogin', action: '退出登录设备' },
  })
})
