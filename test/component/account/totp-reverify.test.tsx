// A stale session's protected change re-verifies the way the refusal names: with 操作保护 set to
// the authenticator app, a code of the app; otherwise the SMS code as before.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  REVERIFY_CODE,
  REVERIFY_REQUIRED,
  REVERIFY_TOTP_REQUIRED,
} from '../../../src/core/contract/fresh-session'
import { SECOND_FACTOR_MSG } from '../../../src/core/contract/second-factor'
import { http } from '../../../src/core/http/request'
import { ReverifyHost } from '../../../src/features/account/components/ReverifyHost'
import { isReverifyCancelled, withFreshSession } from '../../../src/features/account/fresh-session'
import { fail, installFakeApi, ok } from '../support/fake-api'
import { signInAsDemoOwner } from '../support/session'

const CHANGE = '/api/pc/editAccountEmail'
const TOTP = '/api/app/account/reverify/totp'
const stale = (method: string) => ({ code: REVERIFY_CODE, message: REVERIFY_REQUIRED, data: { method } })
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const change = () => withFreshSession(() => http.post(CHANGE, { mailbox: 'a@b.cn' }, { silent: true }))

beforeEach(() => {
  signInAsDemoOwner()
})

describe('re-verification with the authenticator app (操作保护 method totp)', () => {
  function setup() {
    let fresh = false
    const api = installFakeApi()
      .on('POST', CHANGE, () => (fresh ? ok(null) : { ...stale('totp'), message: REVERIFY_TOTP_REQUIRED }))
      .on('POST', TOTP, (body) => {
        if (body.code !== '123456') return fail(400, SECOND_FACTOR_MSG.wrongCode)
        fresh = true
        return ok(null)
      })
    render(<ReverifyHost />)
    return { api, user: userEvent.setup() }
  }
  const changes = (api: ReturnType<typeof installFakeApi>) => api.calls.filter((c) => c.path === CHANGE)

  it('asks for the code of the app, keeps a wrong one with the server message, and retries once on the right one', async () => {
    const { api, user } = setup()
    let done = false
    const outcome = change().then(() => (done = true))

    const dialog = await screen.findByRole('dialog', { name: '安全验证' })
    expect(dialog.textContent).toContain(REVERIFY_TOTP_REQUIRED)
    expect(input('reverify-code')).toBeNull()
    expect(screen.queryByText('获取验证码')).not.toBeInTheDocument()

    await user.type(input('reverify-totp-code'), '12345')
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(within(dialog).getByRole('alert').textContent).toBe(SECOND_FACTOR_MSG.codeFormat)
    expect(input('reverify-totp-code').value).toBe('12345')
    expect(api.calls.filter((c) => c.path === TOTP)).toHaveLength(0)

    await user.clear(input('reverify-totp-code'))
    await user.type(input('reverify-totp-code'), '000000')
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(await within(dialog).findByText(SECOND_FACTOR_MSG.wrongCode)).toBeInTheDocument()
    expect(input('reverify-totp-code').value).toBe('000000')
    expect(changes(api)).toHaveLength(1)

    await user.clear(input('reverify-totp-code'))
    await user.type(input('reverify-totp-code'), '123456')
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    await outcome
    expect(done).toBe(true)
    expect(api.calls.filter((c) => c.path === TOTP).map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ])
    expect(changes(api)).toHaveLength(2)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '安全验证' })).not.toBeInTheDocument())
  })

  it('取消 abandons the action quietly', async () => {
    const { api, user } = setup()
    const outcome = change().catch((reason) => reason)
    const dialog = await screen.findByRole('dialog', { name: '安全验证' })
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(isReverifyCancelled(await outcome)).toBe(true)
    expect(changes(api)).toHaveLength(1)
  })
})

describe('the other methods keep their dialogs', () => {
  it('method sms opens the SMS code dialog', async () => {
    installFakeApi().on('POST', CHANGE, () => stale('sms'))
    render(<ReverifyHost />)
    void change().catch(() => undefined)
    const dialog = await screen.findByRole('dialog', { name: '安全验证' })
    expect(dialog.textContent).toContain('138****0001')
    expect(input('reverify-code')).toBeTruthy()
    expect(input('reverify-totp-code')).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }))
  })

  it('method relogin offers a new login, even with a bound phone in the session', async () => {
    installFakeApi().on('POST', CHANGE, () => stale('relogin'))
    render(<ReverifyHost />)
    void change().catch(() => undefined)
    const dialog = await screen.findByRole('dialog', { name: '安全验证' })
    expect(within(dialog).getByRole('button', { name: '重新登录' })).toBeInTheDocument()
    expect(input('reverify-code')).toBeNull()
    expect(input('reverify-totp-code')).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }))
  })
})
