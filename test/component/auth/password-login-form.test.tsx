import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PasswordLoginForm } from '../../../src/features/auth/components/PasswordLoginForm'
import { fail, installFakeApi, ok } from '../support/fake-api'

let captchaCount = 0
function setup(login: (body: Record<string, unknown>) => unknown) {
  captchaCount = 0
  const api = installFakeApi()
    .on('GET', '/api/app/code', () =>
      ok({ uuid: `cap-${++captchaCount}`, img: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    )
    .on('POST', '/api/app/loginByPassword', login)
  const onLoggedIn = jest.fn()
  render(<PasswordLoginForm onLoggedIn={onLoggedIn} />)
  return { api, onLoggedIn, user: userEvent.setup() }
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const submit = () => screen.getByRole('button', { name: '登录' })

describe('password login form (doc2 §5)', () => {
  it('shows the spec message for each empty field and sends nothing', async () => {
    const { api, user } = setup(() => ok(null))
    await user.click(submit())
    expect(await screen.findByText('请输入手机号或账号')).toBeInTheDocument()
    expect(screen.getByText('请输入登录密码')).toBeInTheDocument()
    expect(screen.getByText('请输入图形验证码')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.path === '/api/app/loginByPassword')).toHaveLength(0)
  })

  it('rejects a bad phone and a weak password with the spec texts', async () => {
    const { user } = setup(() => ok(null))
    await user.type(input('account'), '12345')
    await user.type(input('password'), 'abcdefgh')
    await user.click(submit())
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument()
    expect(screen.getByText('密码应该由英文大小写、数字、符号组成，不少于8位')).toBeInTheDocument()
  })

  it('sends the encrypted password with the captcha id and hands over the login result', async () => {
    const result = { token: 't1', accountId: 1, subAccountId: 0, role: 0 }
    const { api, user, onLoggedIn } = setup(() => ok(result))
    await waitFor(() => expect(captchaCount).toBe(1))
    await user.type(input('account'), ' 13800000001 ')
    await user.type(input('password'), 'Demo@12345')
    await user.type(input('captcha'), 'AbCd')
    await user.click(submit())
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(result))
    const sent = api.calls.find((c) => c.path === '/api/app/loginByPassword')!.body
    expect(sent).toMatchObject({ phone: '13800000001', uuId: 'cap-1', verificationCode: 'AbCd' })
    expect(sent.password).not.toContain('Demo@12345')
    expect(String(sent.password)).toMatch(/^[A-Za-z0-9+/]+=*$/)
  })

  it('after a failure keeps what was typed, clears the captcha and loads a new one', async () => {
    const { user, onLoggedIn } = setup(() => fail(400, '请输入正确的密码'))
    await waitFor(() => expect(captchaCount).toBe(1))
    await user.type(input('account'), 'demo_main')
    await user.type(input('password'), 'Wrong@12345')
    await user.type(input('captcha'), 'abcd')
    await user.click(submit())
    expect(await screen.findByText('请输入正确的密码')).toBeInTheDocument()
    await waitFor(() => expect(captchaCount).toBe(2))
    expect(input('account').value).toBe('demo_main')
    expect(input('password').value).toBe('Wrong@12345')
    expect(input('captcha').value).toBe('')
    expect(onLoggedIn).not.toHaveBeenCalled()
  })

  it('puts a wrong captcha next to the captcha field', async () => {
    const { user } = setup(() => fail(400, '图形验证码错误，请重新输入'))
    await waitFor(() => expect(captchaCount).toBe(1))
    await user.type(input('account'), '13800000001')
    await user.type(input('password'), 'Demo@12345')
    await user.type(input('captcha'), 'zzzz')
    await user.click(submit())
    const error = await screen.findByText('图形验证码错误，请重新输入')
    expect(error).toHaveClass('field-error')
  })
})
