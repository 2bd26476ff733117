// 操作保护 in 账户管理: the current method and window, and 修改 (itself a protected change).
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  REVERIFY_CODE,
  REVERIFY_REQUIRED,
  REVERIFY_WECHAT_REQUIRED,
  type WechatReverifyState,
} from '../../../src/core/contract/fresh-session'
import {
  OPERATION_PROTECTION_MSG,
  type OperationProtection,
} from '../../../src/core/contract/operation-protection'
import { useToasts } from '../../../src/core/ui/toast'
import { OperationProtectionSection } from '../../../src/features/account/components/OperationProtectionSection'
import { ReverifyHost } from '../../../src/features/account/components/ReverifyHost'
import { fail, installFakeApi, ok } from '../support/fake-api'
import { signInAsDemoOwner } from '../support/session'

const PATH = '/api/app/account/operationProtection'
const SMS_10: OperationProtection = {
  method: 'sms',
  windowMinutes: 10,
  totpAvailable: false,
  wechatAvailable: false,
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const toasts = () => useToasts.getState().toasts.map((t) => t.message)
const saves = (api: ReturnType<typeof installFakeApi>) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === PATH).map((c) => c.body)
const radio = (name: string | RegExp) => screen.getByRole('radio', { name })

beforeEach(() => {
  useToasts.setState({ toasts: [] })
  signInAsDemoOwner()
})

function setup(initial: OperationProtection) {
  let current = initial
  const api = installFakeApi()
    .on('GET', PATH, () => ok(current))
    .on('POST', PATH, (body) => {
      current = { ...current, method: body.method as 'sms', windowMinutes: body.windowMinutes as number }
      return { code: 200, message: OPERATION_PROTECTION_MSG.saved, data: null }
    })
  render(
    <>
      <OperationProtectionSection />
      <ReverifyHost />
    </>,
  )
  return { api, user: userEvent.setup() }
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: '修改' }))
  return screen.findByRole('dialog', { name: '操作保护' })
}

describe('操作保护 section', () => {
  it('shows the method and the window, and lists what it protects', async () => {
    const { user } = setup(SMS_10)
    expect(screen.getByText('加载中...')).toBeInTheDocument()
    expect(await screen.findByText('短信验证码 · 10分钟内免验证')).toBeInTheDocument()
    const dialog = await openDialog(user)
    expect(radio('短信验证码')).toHaveAttribute('aria-checked', 'true')
    expect(radio('10分钟')).toHaveAttribute('aria-checked', 'true')
    const protectedList = within(dialog).getByLabelText('受保护的操作')
    expect(protectedList.textContent).toContain('修改密码')
    expect(protectedList.textContent).toContain('操作保护设置')
  })

  it('a failed load offers 重试', async () => {
    let attempts = 0
    installFakeApi().on('GET', PATH, () =>
      ++attempts === 1 ? fail(500, '服务繁忙，请稍后再试') : ok(SMS_10),
    )
    const user = userEvent.setup()
    render(<OperationProtectionSection />)
    expect(await screen.findByText('服务繁忙，请稍后再试')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByText('短信验证码 · 10分钟内免验证')).toBeInTheDocument()
  })

  it('修改 saves through the re-verification of a stale session, then shows the new setting', async () => {
    const { api, user } = setup({ ...SMS_10, totpAvailable: true })
    let fresh = false
    api
      .on('POST', PATH, (body) => {
        if (!fresh) return { code: REVERIFY_CODE, message: REVERIFY_REQUIRED, data: { method: 'sms' } }
        api.on('GET', PATH, () => ok({ ...SMS_10, totpAvailable: true, ...body }))
        return { code: 200, message: OPERATION_PROTECTION_MSG.saved, data: null }
      })
      .on('POST', '/api/app/account/reverify/confirm', () => {
        fresh = true
        return ok(null)
      })
    const dialog = await openDialog(user)
    await user.click(radio('身份验证器动态验证码'))
    await user.click(radio('20分钟'))
    await user.click(within(dialog).getByRole('button', { name: '保存' }))

    const reverify = await screen.findByRole('dialog', { name: '安全验证' })
    expect(reverify.textContent).toContain('138****0001')
    await user.type(input('reverify-code'), '123456')
    await user.click(within(reverify).getByRole('button', { name: '确定' }))

    expect(await screen.findByText('身份验证器动态验证码 · 20分钟内免验证')).toBeInTheDocument()
    expect(saves(api)).toEqual([
      { method: 'totp', windowMinutes: 20 },
      { method: 'totp', windowMinutes: 20 },
    ])
    expect(toasts()).toContain('保存成功')
    expect(screen.queryByRole('dialog', { name: '操作保护' })).not.toBeInTheDocument()
  })

  it('without 二次验证 the authenticator app cannot be chosen: it says 请先开启二次验证', async () => {
    const { api, user } = setup(SMS_10)
    const dialog = await openDialog(user)
    const app = radio('身份验证器动态验证码（请先开启二次验证）')
    await user.click(app)
    expect(app).toHaveAttribute('aria-checked', 'false')
    expect(radio('短信验证码')).toHaveAttribute('aria-checked', 'true')
    expect(within(dialog).getByRole('alert').textContent).toBe(OPERATION_PROTECTION_MSG.totpUnavailable)

    await user.click(radio('15分钟'))
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(saves(api)).toEqual([{ method: 'sms', windowMinutes: 15 }]))
  })

  it('a window out of 5–30 minutes is refused with its message and nothing is sent', async () => {
    const { api, user } = setup({ ...SMS_10, windowMinutes: 45 })
    const dialog = await openDialog(user)
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(within(dialog).getByRole('alert').textContent).toBe(OPERATION_PROTECTION_MSG.windowRange)
    expect(saves(api)).toHaveLength(0)

    await user.click(radio('30分钟'))
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(saves(api)).toEqual([{ method: 'sms', windowMinutes: 30 }]))
  })

  it("the server's refusal is shown in the dialog and the choices stay", async () => {
    const { api, user } = setup(SMS_10)
    api.on('POST', PATH, () => fail(400, OPERATION_PROTECTION_MSG.windowRange))
    const dialog = await openDialog(user)
    await user.click(radio('5分钟'))
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText(OPERATION_PROTECTION_MSG.windowRange)).toBeInTheDocument()
    expect(radio('5分钟')).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('dialog', { name: '操作保护' })).toBeInTheDocument()
  })

  describe('微信确认', () => {
    const START = '/api/app/account/reverify/wechat'
    const ticket = (n: number) => ({
      code: `reverify-code-${n}`,
      qrText: `member-centre:reverify:reverify-code-${n}`,
      expiresAt: '2026-12-06T10:02:00.000Z',
    })

    /** A save refused until the poll of the current request answers `confirmed`. */
    function wechatSetup(pollAnswers: WechatReverifyState['status'][]) {
      const { api, user } = setup({ ...SMS_10, method: 'wechat', wechatAvailable: true })
      let fresh = false
      let started = 0
      api
        .on('POST', PATH, (body) => {
          if (!fresh) {
            const data = { method: 'wechat', action: '操作保护设置' }
            return { code: REVERIFY_CODE, message: REVERIFY_WECHAT_REQUIRED, data }
          }
          api.on('GET', PATH, () => ok({ ...SMS_10, wechatAvailable: true, ...body }))
          return { code: 200, message: OPERATION_PROTECTION_MSG.saved, data: null }
        })
        .on('POST', START, () => ok(ticket(++started)))
        .on('GET', START, () => {
          const status = pollAnswers.shift() ?? 'waiting'
          if (status === 'confirmed') fresh = true
          return ok({ status })
        })
      return { api, user }
    }

    it('a browser shows the QR of the refused action and saves once the phone confirmed', async () => {
      const { api, user } = wechatSetup(['waiting', 'confirmed'])
      const dialog = await openDialog(user)
      expect(radio('微信确认')).toHaveAttribute('aria-checked', 'true')
      await user.click(radio('15分钟'))
      await user.click(within(dialog).getByRole('button', { name: '保存' }))

      const reverify = await screen.findByRole('dialog', { name: '安全验证' })
      expect(reverify.textContent).toContain('待确认的操作：操作保护设置')
      expect(reverify.textContent).toContain('「扫一扫」')
      const qr = await within(reverify).findByLabelText('微信确认二维码', {}, { timeout: 3000 })
      expect(qr).toHaveAttribute('data-qr-value', 'member-centre:reverify:reverify-code-1')
      expect(api.calls.find((c) => c.path === START && c.method === 'POST')?.body).toEqual({
        action: '操作保护设置',
      })

      expect(await screen.findByText('微信确认 · 15分钟内免验证', {}, { timeout: 8000 })).toBeInTheDocument()
      expect(saves(api)).toHaveLength(2)
      expect(screen.queryByRole('dialog', { name: '安全验证' })).not.toBeInTheDocument()
    }, 15000)

    it('an expired QR is covered with 刷新二维码, which asks for a new request', async () => {
      const { api, user } = wechatSetup(['expired'])
      const dialog = await openDialog(user)
      await user.click(within(dialog).getByRole('button', { name: '保存' }))
      const reverify = await screen.findByRole('dialog', { name: '安全验证' })
      expect(await within(reverify).findByText('二维码已过期', {}, { timeout: 5000 })).toBeInTheDocument()
      await user.click(within(reverify).getByRole('button', { name: '刷新二维码' }))
      const qr = await within(reverify).findByLabelText('微信确认二维码', {}, { timeout: 3000 })
      expect(qr).toHaveAttribute('data-qr-value', 'member-centre:reverify:reverify-code-2')
      await user.click(within(reverify).getByRole('button', { name: '取消' }))
      expect(screen.queryByRole('dialog', { name: '安全验证' })).not.toBeInTheDocument()
      expect(saves(api)).toHaveLength(1)
    }, 15000)

    it('without a bound WeChat it cannot be chosen: it says 请先绑定微信', async () => {
      const { user } = setup(SMS_10)
      const dialog = await openDialog(user)
      await user.click(radio('微信确认（请先绑定微信）'))
      expect(within(dialog).getByRole('alert').textContent).toBe(OPERATION_PROTECTION_MSG.wechatUnavailable)
    })
  })
})
