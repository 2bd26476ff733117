/** @jest-environment ./test/api/support/pglite-environment.ts */
// Account settings (account-area §2, §5, §6, §7): re-verification before sensitive changes.
import { minutes } from '../../server/context'
import { REVERIFY_CODE, REVERIFY_REQUIRED } from '../../server/http/auth'
import { REVERIFY_CODE as CLIENT_REVERIFY_CODE } from '../../src/features/account/reverify-code'
import { DEMO, startTestServer, type TestServer } from './support/harness'

let server: TestServer

jest.setTimeout(30_000)

beforeAll(async () => {
  server = await startTestServer()
}, 60_000)

afterAll(() => server?.close())

const STALE = { code: REVERIFY_CODE, message: REVERIFY_REQUIRED, data: null }

/** Sends a re-verification code to the session's bound phone and confirms it. */
async function reverify(token: string, phone: string) {
  const slider = await server.solvedSlider(undefined, { token })
  const sent = await server.post('/api/app/account/reverify/sendSmsCode', slider, { token })
  expect(sent).toEqual({ code: 200, message: '已发送', data: null })
  const code = await server.latestSms(phone, 'reverify')
  return server.post('/api/app/account/reverify/confirm', { code }, { token })
}

describe('re-verification before a sensitive change', () => {
  it('the client and the server agree on the re-verification code', () => {
    expect(CLIENT_REVERIFY_CODE).toBe(REVERIFY_CODE)
  })

  it('a session 10 minutes after its login must confirm an SMS to the bound phone, then is fresh again', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    const change = () =>
      server.post('/api/pc/editAccountEmail', { mailbox: 'owner@yunfan-demo.cn' }, { token })
    server.clock.advance(minutes(11))
    expect(await change()).toEqual(STALE)

    expect(await reverify(token, DEMO.otherOwner)).toEqual({ code: 200, message: '验证成功', data: null })
    expect((await change()).code).toBe(200)

    server.clock.advance(minutes(11))
    expect(await change()).toEqual(STALE)
  })

  it('a wrong, reused or other-purpose code is refused', async () => {
    const token = await server.tokenFor(DEMO.owner)
    server.clock.advance(minutes(11))
    const wrong = await server.post('/api/app/account/reverify/confirm', { code: '000000' }, { token })
    expect(wrong).toEqual({ code: 400, message: '请输入正确的手机号和验证码', data: null })
    expect(await server.post('/api/app/account/reverify/confirm', { code: '' }, { token })).toMatchObject({
      code: 400,
      message: '请输入手机号验证码',
    })
  })

  it('the send needs a slider solved for the bound phone', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    const unsolved = await server.slider()
    const sent = await server.post(
      '/api/app/account/reverify/sendSmsCode',
      { captchaId: unsolved.id, captchaData: unsolved.captchaData },
      { token },
    )
    expect(sent).toMatchObject({ code: 400, message: '请先完成滑块验证' })
  })
})
