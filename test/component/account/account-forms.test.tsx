import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PASSWORD_AES_KEY } from '../../../src/core/config/shared'
import { encryptPassword } from '../../../src/core/crypto/password'
import { EmailDialog } from '../../../src/features/account/components/EmailDialog'
import { NameDialog } from '../../../src/features/account/components/NameDialog'
import { PasswordDialog } from '../../../src/features/account/components/PasswordDialog'
import { PhoneDialog } from '../../../src/features/account/components/PhoneDialog'
import { ReferralDialog } from '../../../src/features/account/components/ReferralDialog'
import { fail, installFakeApi, ok } from '../support/fake-api'

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const button = (name: string) => screen.getByRole('button', { name })
const callsTo = (api: ReturnType<typeof installFakeApi>, path: string) =>
  api.calls.filter((c) => c.path === path)

describe('password dialog (account-area §4 model, §5 messages; doc2 §5 encryption)', () => {
  it('model 1 asks for the current password and shows each empty-field message', async () => {
    const api = installFakeApi()
    const user = userEvent.setup()
    render(<PasswordDialog model={1} onSaved={jest.fn()} onClose={jest.fn()} />)
    await user.click(button('确定'))
    expect(await screen.findByText('请输入当前密码')).toBeInTheDocument()
    expect(screen.getByText('请输入登录密码')).toBeInTheDocument()
    expect(screen.getByText('请输入确认登录密码')).toBeInTheDocument()
    expect(callsTo(api, '/api/pc/updatePassword')).toHaveLength(0)
  })

  it('model 0 sets a first password without the current one', async () => {
    installFakeApi()
    render(<PasswordDialog model={0} onSaved={jest.fn()} onClose={jest.fn()} />)
    expect(screen.getByText('设置密码')).toBeInTheDocument()
    expect(input('old-password')).toBeNull()
  })

  it('shows the strength and mismatch messages', async () => {
    installFakeApi()
    const user = userEvent.setup()
    render(<PasswordDialog model={1} onSaved={jest.fn()} onClose={jest.fn()} />)
    await user.type(input('old-password'), 'Demo@12345')
    await user.type(input('new-password'), 'abcdefgh')
    await user.type(input('new-password-again'), 'abcdefgi')
    await user.click(button('确定'))
    expect(await screen.findByText('密码应该由英文大小写、数字、符号组成，不少于8位')).toBeInTheDocument()
    expect(screen.getByText('两次密码不一致，请重新输入')).toBeInTheDocument()
  })

  it('sends the trimmed passwords encrypted like the login, and keeps them after a refusal', async () => {
    const api = installFakeApi().on('POST', '/api/pc/updatePassword', () => fail(400, '请输入正确的密码'))
    const onSaved = jest.fn()
    const user = userEvent.setup()
    render(<PasswordDialog model={1} onSaved={onSaved} onClose={jest.fn()} />)
    await user.type(input('old-password'), 'Wrong@12345')
    await user.type(input('new-password'), ' Better#2026 ')
    await user.type(input('new-password-again'), 'Better#2026')
    await user.click(button('确定'))
    expect(await screen.findByText('请输入正确的密码')).toBeInTheDocument()
    expect(callsTo(api, '/api/pc/updatePassword')[0].body).toEqual({
      oldPassword: encryptPassword('Wrong@12345', PASSWORD_AES_KEY),
      password: encryptPassword('Better#2026', PASSWORD_AES_KEY),
      passwordAgain: encryptPassword('Better#2026', PASSWORD_AES_KEY),
      model: 1,
    })
    expect(input('old-password').value).toBe('Wrong@12345')
    expect(input('new-password').value).toBe(' Better#2026 ')
    expect(onSaved).not.toHaveBeenCalled()
  })
})

describe('account name dialog (§5: 请输入新的账号, special characters stripped, 32 units)', () => {
  it('strips special characters and caps the width as the user types', async () => {
    installFakeApi()
    const user = userEvent.setup()
    render(
      <NameDialog
        memberAccount=''
        fullName=''
        memberAccountEditable
        onSaved={jest.fn()}
        onClose={jest.fn()}
      />,
    )
    await user.type(input('member-account'), 'my name!')
    expect(input('member-account').value).toBe('myname')
    await user.type(input('full-name'), '一二三四五六七八九十一二三四五六七')
    expect(input('full-name').value).toBe('一二三四五六七八九十一二三四五六')
  })

  it('asks for the account and the name', async () => {
    installFakeApi()
    const user = userEvent.setup()
    render(
      <NameDialog
        memberAccount=''
        fullName=''
        memberAccountEditable
        onSaved={jest.fn()}
        onClose={jest.fn()}
      />,
    )
    await user.click(button('保存'))
    expect(await screen.findByText('请输入新的账号')).toBeInTheDocument()
    expect(screen.getByText('请输入姓名')).toBeInTheDocument()
  })

  it('shows the server refusal and keeps the input', async () => {
    installFakeApi().on('POST', '/api/pc/editAccountFullNameAndMemberAccount', () =>
      fail(400, '该账号已存在，请换一个'),
    )
    const user = userEvent.setup()
    render(
      <NameDialog
        memberAccount='demo'
        fullName='名字'
        memberAccountEditable
        onSaved={jest.fn()}
        onClose={jest.fn()}
      />,
    )
    await user.type(input('member-account'), '_new')
    await user.click(button('保存'))
    expect(await screen.findByText('该账号已存在，请换一个')).toBeInTheDocument()
    expect(input('member-account').value).toBe('demo_new')
  })

  it('a sub-admin sees the member account read-only and never sends it', async () => {
    const api = installFakeApi().on('POST', '/api/pc/editAccountFullNameAndMemberAccount', () => ok(null))
    const onSaved = jest.fn()
    const user = userEvent.setup()
    render(
      <NameDialog
        memberAccount='demo_main'
        fullName='李子管'
        memberAccountEditable={false}
        onSaved={onSaved}
        onClose={jest.fn()}
      />,
    )
    expect(input('member-account').disabled).toBe(true)
    await user.click(button('保存'))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(callsTo(api, '/api/pc/editAccountFullNameAndMemberAccount')[0].body).toEqual({
      memberAccount: '',
      fullName: '李子管',
    })
  })

  it('a network failure says 保存失败，请重试！', async () => {
    installFakeApi().failNetwork('/api/pc/editAccountFullNameAndMemberAccount')
    jest.spyOn(console, 'error').mockImplementation(() => {})
    const user = userEvent.setup()
    render(
      <NameDialog
        memberAccount='demo'
        fullName='名字'
        memberAccountEditable
        onSaved={jest.fn()}
        onClose={jest.fn()}
      />,
    )
    await user.click(button('保存'))
    expect(await screen.findByText('保存失败，请重试！')).toBeInTheDocument()
  })
})

describe('change phone dialog (§5)', () => {
  it('asks for the new phone, the image captcha and the SMS code', async () => {
    installFakeApi().on('GET', '/api/app/code', () =>
      ok({ uuid: 'c1', img: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    )
    const user = userEvent.setup()
    render(<PhoneDialog onSaved={jest.fn()} onClose={jest.fn()} />)
    await user.click(button('确定'))
    expect(await screen.findByText('请输入新手机号')).toBeInTheDocument()
    expect(screen.getByText('请输入图形验证码')).toBeInTheDocument()
    expect(screen.getByText('请输入短信验证码')).toBeInTheDocument()
  })

  it('获取验证码 with no new phone says 请输入新手机号 and opens no slider', async () => {
    const api = installFakeApi().on('GET', '/api/app/code', () =>
      ok({ uuid: 'c1', img: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    )
    const user = userEvent.setup()
    render(<PhoneDialog onSaved={jest.fn()} onClose={jest.fn()} />)
    await user.click(button('获取验证码'))
    expect(await screen.findByText('请输入新手机号')).toBeInTheDocument()
    expect(screen.queryByText('请输入手机号')).not.toBeInTheDocument()
    expect(api.calls.some((c) => c.path === '/api/app/genCaptcha')).toBe(false)
  })

  it('sends the captcha id with the code; a refusal loads a new captcha and keeps phone and code', async () => {
    let captchas = 0
    const api = installFakeApi()
      .on('GET', '/api/app/code', () =>
        ok({ uuid: `c${++captchas}`, img: 'data:image/svg+xml;base64,PHN2Zy8+' }),
      )
      .on('POST', '/api/pc/updateBingPhone', () => fail(400, '请输入正确的手机号和验证码'))
    const user = userEvent.setup()
    render(<PhoneDialog onSaved={jest.fn()} onClose={jest.fn()} />)
    await waitFor(() => expect(captchas).toBe(1))
    await user.type(input('new-phone'), '13912345678')
    await user.type(input('phone-captcha'), 'ab12')
    await user.type(input('phone-code'), '123456')
    await user.click(button('确定'))
    expect(await screen.findByText('请输入正确的手机号和验证码')).toBeInTheDocument()
    expect(callsTo(api, '/api/pc/updateBingPhone')[0].body).toEqual({
      bindPhone: '13912345678',
      code: '123456',
      uuId: 'c1',
      verificationCode: 'ab12',
    })
    await waitFor(() => expect(captchas).toBe(2))
    expect(input('new-phone').value).toBe('13912345678')
    expect(input('phone-code').value).toBe('123456')
    expect(input('phone-captcha').value).toBe('')
  })
})

describe('e-mail and referral code dialogs (§5)', () => {
  it.each([
    ['', '请输入邮箱'],
    ['not-an-email', '请输入正确的邮箱'],
  ])('mailbox %j: %s', async (typed, message) => {
    const api = installFakeApi()
    const user = userEvent.setup()
    render(<EmailDialog email='' onSaved={jest.fn()} onClose={jest.fn()} />)
    if (typed) await user.type(input('mailbox'), typed)
    await user.click(button('确定'))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(callsTo(api, '/api/pc/editAccountEmail')).toHaveLength(0)
  })

  it.each(['', 'ab12', 'ab-123'])('referral code %j: 请输入6位数字+字母的推荐码', async (typed) => {
    installFakeApi()
    const user = userEvent.setup()
    render(<ReferralDialog onSaved={jest.fn()} onClose={jest.fn()} />)
    if (typed) await user.type(input('referral-code'), typed)
    await user.click(button('确定'))
    expect(await screen.findByText('请输入6位数字+字母的推荐码')).toBeInTheDocument()
    expect(input('referral-code').value).toBe(typed)
  })
})
