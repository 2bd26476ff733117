// 二次验证 in 账户管理: enrol with the app's code, keep the recovery codes, regenerate them, turn it
// off with a code; the main account decides for its sub-admins.
import Taro from '@tarojs/taro'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SECOND_FACTOR_MSG, type SecondFactorStatus } from '../../../src/core/contract/second-factor'
import { useToasts } from '../../../src/core/ui/toast'
import { ReverifyHost } from '../../../src/features/account/components/ReverifyHost'
import { SecondFactorSection } from '../../../src/features/account/components/SecondFactorSection'
import { REVERIFY_CODE } from '../../../src/features/account/fresh-session'
import { fail, installFakeApi, ok } from '../support/fake-api'
import { signInAsDemoOwner } from '../support/session'

const STATUS = '/api/app/secondFactor/status'
const CODES = Array.from({ length: 10 }, (_, i) => `ab${i}c-d${i}ef`)
const OFF: SecondFactorStatus = {
  enabled: false,
  recoveryCodesLeft: 0,
  requiredForMe: false,
  subAdminsRequired: false,
}
const ON: SecondFactorStatus = { ...OFF, enabled: true, recoveryCodesLeft: 10 }

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const toasts = () => useToasts.getState().toasts.map((t) => t.message)
const calls = (api: ReturnType<typeof installFakeApi>, path: string) =>
  api.calls.filter((c) => c.path === path)

beforeEach(() => {
  useToasts.setState({ toasts: [] })
  signInAsDemoOwner()
})

function setup(status: () => SecondFactorStatus, role = 0) {
  const api = installFakeApi().on('GET', STATUS, () => ok(status()))
  render(
    <>
      <SecondFactorSection role={role} />
      <ReverifyHost />
    </>,
  )
  return { api, user: userEvent.setup() }
}

describe('二次验证 section', () => {
  it('enrols: the key is fetched, a typed code confirms, and the 10 recovery codes are shown once', async () => {
    let current = OFF
    const { api, user } = setup(() => current)
    api
      .on('POST', '/api/app/secondFactor/begin', () =>
        ok({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/demo?secret=JBSWY3DPEHPK3PXP' }),
      )
      .on('POST', '/api/app/secondFactor/confirm', (body) => {
        if (body.code !== '123456') return fail(400, SECOND_FACTOR_MSG.wrongCode)
        current = { ...ON }
        return ok({ recoveryCodes: CODES })
      })
    const copy = jest
      .spyOn(Taro, 'setClipboardData')
      .mockResolvedValue({ errMsg: 'setClipboardData:ok', data: '' })

    expect(await screen.findByText('未开启')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '开启' }))
    const dialog = await screen.findByRole('dialog', { name: '开启二次验证' })
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument()
    expect(
      within(dialog).getByText(/腾讯身份验证器、Google Authenticator、Microsoft Authenticator/),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: '复制密钥' }))
    expect(copy).toHaveBeenCalledWith({ data: 'JBSWY3DPEHPK3PXP' })

    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    expect(await within(dialog).findByText(SECOND_FACTOR_MSG.codeFormat)).toBeInTheDocument()
    expect(calls(api, '/api/app/secondFactor/confirm')).toHaveLength(0)

    await user.type(input('second-factor-enrol-code'), '654321')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    expect(await within(dialog).findByText(SECOND_FACTOR_MSG.wrongCode)).toBeInTheDocument()
    expect(input('second-factor-enrol-code').value).toBe('654321')

    await user.clear(input('second-factor-enrol-code'))
    await user.type(input('second-factor-enrol-code'), '123456')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    const shown = await screen.findByRole('dialog', { name: '保存恢复码' })
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES)
    expect(
      within(shown).getByText('恢复码只显示一次，请妥善保存；每个恢复码只能使用一次'),
    ).toBeInTheDocument()
    expect(toasts()).toContain(SECOND_FACTOR_MSG.enabled)
    await user.click(within(shown).getByRole('button', { name: '复制全部' }))
    expect(copy).toHaveBeenLastCalledWith({ data: CODES.join('\n') })

    await user.click(within(shown).getByRole('button', { name: '我已保存' }))
    expect(await screen.findByText('已开启，剩余恢复码 10 个')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: '保存恢复码' })).not.toBeInTheDocument()
  })

  it('asks for the SMS re-verification when begin finds the session stale, and closing it changes nothing', async () => {
    const { api, user } = setup(() => OFF)
    api.on('POST', '/api/app/secondFactor/begin', () =>
      fail(REVERIFY_CODE, '为了您的账号安全，请先完成短信验证'),
    )
    await user.click(await screen.findByRole('button', { name: '开启' }))
    const reverify = await screen.findByRole('dialog', { name: '安全验证' })
    await user.click(within(reverify).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '安全验证' })).not.toBeInTheDocument())
    expect(screen.queryByRole('dialog', { name: '开启二次验证' })).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('turning it off asks for a current code; a wrong one keeps the text and changes nothing', async () => {
    let current = ON
    const { api, user } = setup(() => current)
    api.on('POST', '/api/app/secondFactor/disable', (body) => {
      if (body.code !== '111111') return fail(400, SECOND_FACTOR_MSG.wrongCode)
      current = OFF
      return ok(null)
    })
    expect(await screen.findByText('已开启，剩余恢复码 10 个')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '关闭二次验证' }))
    const dialog = await screen.findByRole('dialog', { name: '关闭二次验证' })
    await user.click(within(dialog).getByRole('button', { name: '确认关闭' }))
    expect(await within(dialog).findByText(SECOND_FACTOR_MSG.codeFormat)).toBeInTheDocument()
    expect(calls(api, '/api/app/secondFactor/disable')).toHaveLength(0)

    await user.type(input('second-factor-disable-code'), '222222')
    await user.click(within(dialog).getByRole('button', { name: '确认关闭' }))
    expect(await within(dialog).findByText(SECOND_FACTOR_MSG.wrongCode)).toBeInTheDocument()
    expect(input('second-factor-disable-code').value).toBe('222222')

    await user.clear(input('second-factor-disable-code'))
    await user.type(input('second-factor-disable-code'), '111111')
    await user.click(within(dialog).getByRole('button', { name: '确认关闭' }))
    expect(await screen.findByText('未开启')).toBeInTheDocument()
    expect(calls(api, '/api/app/secondFactor/disable').map((c) => c.body)).toEqual([
      { code: '222222' },
      { code: '111111' },
    ])
    expect(toasts()).toContain(SECOND_FACTOR_MSG.disabled)
  })

  it('regenerating the recovery codes confirms first, then shows the new ones', async () => {
    const { api, user } = setup(() => ON)
    api.on('POST', '/api/app/secondFactor/recoveryCodes', () => ok({ recoveryCodes: CODES }))
    await user.click(await screen.findByRole('button', { name: '重新生成恢复码' }))
    expect(await screen.findByText('重新生成后，旧的恢复码将全部失效。确定重新生成吗？')).toBeInTheDocument()
    await user.click(screen.getByText('取消'))
    expect(calls(api, '/api/app/secondFactor/recoveryCodes')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: '重新生成恢复码' }))
    await user.click(screen.getByText('重新生成'))
    const shown = await screen.findByRole('dialog', { name: '保存恢复码' })
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10)
    expect(calls(api, '/api/app/secondFactor/recoveryCodes')).toHaveLength(1)
    expect(toasts()).toContain('恢复码已重新生成')
  })

  it('the main account may require it of its sub-admins', async () => {
    let current = OFF
    const { api, user } = setup(() => current)
    api.on('POST', '/api/app/secondFactor/subAdmins', (body) => {
      current = { ...current, subAdminsRequired: body.required === true }
      return ok(null)
    })
    const box = await screen.findByRole('checkbox', { name: '要求子管理员开启二次验证' })
    expect(box).toHaveAttribute('aria-checked', 'false')
    await user.click(box)
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: '要求子管理员开启二次验证' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    )
    expect(calls(api, '/api/app/secondFactor/subAdmins').map((c) => c.body)).toEqual([{ required: true }])
  })

  it('a sub-admin has no such switch, and is told when the main account requires it', async () => {
    setup(() => ({ ...OFF, requiredForMe: true }), 1)
    expect(await screen.findByText('主账号要求开启二次验证')).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: '要求子管理员开启二次验证' })).not.toBeInTheDocument()
  })

  it('a failed status load says why and offers 重试', async () => {
    let broken = true
    const api = installFakeApi().on('GET', STATUS, () =>
      broken ? fail(500, '服务繁忙，请稍后再试') : ok(OFF),
    )
    render(<SecondFactorSection role={0} />)
    const user = userEvent.setup()
    expect((await screen.findByRole('alert')).textContent).toContain('服务繁忙，请稍后再试')
    broken = false
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByText('未开启')).toBeInTheDocument()
    expect(calls(api, STATUS)).toHaveLength(2)
  })
})
