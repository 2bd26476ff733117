import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { LoginDevice, LoginHistoryEntry } from '../../../src/core/contract/login-devices'
import { DEVICE_ID_HEADER } from '../../../src/core/http/device-id'
import { useSession } from '../../../src/core/session/store'
import { LastLoginLine } from '../../../src/features/account/components/LastLoginLine'
import { LoginDevicesSection } from '../../../src/features/account/components/LoginDevicesSection'
import { NameDialog } from '../../../src/features/account/components/NameDialog'
import { NotMeDialog } from '../../../src/features/account/components/NotMeDialog'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))

const DEVICES = '/api/app/account/loginDevices'
const SIGN_OUT = '/api/app/account/loginDevices/signOut'
const SIGN_OUT_OTHERS = '/api/app/account/loginDevices/signOutOthers'
const HISTORY = '/api/app/account/loginHistory'

const device = (id: number, name: string, current = false): LoginDevice => ({
  id,
  device: name,
  city: '深圳市',
  ip: '120.24.78.68',
  firstActiveAt: '2026-11-21T01:00:00Z',
  lastActiveAt: '2026-11-21T02:00:00Z',
  current,
})

const entry = (id: number, success: boolean): LoginHistoryEntry => ({
  id,
  time: '2026-11-21T01:00:00Z',
  success,
  method: '密码登录',
  ip: '120.24.78.68',
  city: '深圳市',
  device: 'Chrome · Windows',
})

const page = (data: unknown[]) => ok({ data, total: data.length, pages: data.length ? 1 : 0 })

function serve(devices: () => unknown, history: LoginHistoryEntry[] = [entry(1, true), entry(2, false)]) {
  return installFakeApi()
    .on('GET', DEVICES, devices)
    .on('GET', HISTORY, () => page(history))
}

const callsTo = (api: FakeApi, path: string) => api.calls.filter((c) => c.path === path)

beforeEach(() => {
  mockDesktop = true
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
})

describe('登录设备 section', () => {
  it('lists the sessions in a table with 本机 marked and not offered 退出, then the login history', async () => {
    serve(() => ok([device(1, 'Chrome · Windows', true), device(2, '微信小程序')]))
    render(<LoginDevicesSection />)
    const table = await screen.findByRole('table', { name: '登录设备' })
    const rows = within(table).getAllByRole('row')
    expect(rows[1].textContent).toContain('本机')
    expect(within(rows[1]).queryByRole('button', { name: '退出' })).not.toBeInTheDocument()
    expect(within(rows[2]).getByRole('button', { name: '退出' })).toBeInTheDocument()
    expect(rows[2].textContent).toContain('深圳市 · 120.24.78.68')
    const history = await screen.findByRole('table', { name: '登录记录' })
    expect(history.textContent).toContain('成功')
    expect(history.textContent).toContain('失败')
  })

  it('shows cards on phones and in the mini-program', async () => {
    mockDesktop = false
    serve(() => ok([device(1, 'Chrome · Windows', true), device(2, '微信内浏览器 · iOS')]))
    render(<LoginDevicesSection />)
    const cards = await screen.findByRole('list', { name: '登录设备' })
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('asks before 退出 and ends only that session', async () => {
    let devices = [device(1, 'Chrome · Windows', true), device(2, '微信小程序')]
    const api = serve(() => ok(devices)).on('POST', SIGN_OUT, (body) => {
      devices = devices.filter((d) => d.id !== body.id)
      return ok(null)
    })
    const user = userEvent.setup()
    render(<LoginDevicesSection />)
    await user.click(await screen.findByRole('button', { name: '退出' }))
    expect(screen.getByText('确定退出「微信小程序」上的登录吗？该设备需重新登录。')).toBeInTheDocument()
    expect(callsTo(api, SIGN_OUT)).toHaveLength(0)
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '退出' }))
    await waitFor(() => expect(callsTo(api, SIGN_OUT)).toHaveLength(1))
    expect(callsTo(api, SIGN_OUT)[0].body).toEqual({ id: 2 })
    expect(await screen.findByText('暂无其他登录设备')).toBeInTheDocument()
  })

  it('asks before 退出其他设备; cancelling sends nothing', async () => {
    const api = serve(() => ok([device(1, 'Chrome · Windows', true), device(2, '微信小程序')])).on(
      'POST',
      SIGN_OUT_OTHERS,
      () => ok(null),
    )
    const user = userEvent.setup()
    render(<LoginDevicesSection />)
    await user.click(await screen.findByRole('button', { name: '退出其他设备' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '取消' }))
    expect(callsTo(api, SIGN_OUT_OTHERS)).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: '退出其他设备' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '退出' }))
    await waitFor(() => expect(callsTo(api, SIGN_OUT_OTHERS)).toHaveLength(1))
  })

  it('says when nothing else is signed in, and when the history is empty', async () => {
    serve(() => ok([device(1, 'Chrome · Windows', true)]), [])
    render(<LoginDevicesSection />)
    expect(await screen.findByText('暂无其他登录设备')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '退出其他设备' })).not.toBeInTheDocument()
    expect(await screen.findByText('暂无登录记录')).toBeInTheDocument()
  })

  it('shows a failed load with a retry', async () => {
    let answer: unknown = fail(500, '服务繁忙')
    serve(() => answer)
    const user = userEvent.setup()
    render(<LoginDevicesSection />)
    expect(await screen.findByText('服务繁忙')).toBeInTheDocument()
    answer = ok([device(1, 'Chrome · Windows', true)])
    await user.click(screen.getAllByRole('button', { name: '重试' })[0])
    expect(await screen.findByRole('table', { name: '登录设备' })).toBeInTheDocument()
  })

  it('sends this device’s id with every call, the same each time', async () => {
    const api = serve(() => ok([device(1, 'Chrome · Windows', true)]))
    render(<LoginDevicesSection />)
    await screen.findByRole('table', { name: '登录设备' })
    await screen.findByRole('table', { name: '登录记录' })
    const ids = api.calls.map((c) => c.headers[DEVICE_ID_HEADER.toLowerCase()])
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(ids).size).toBe(1)
  })
})

describe('上次登录', () => {
  it('is a quiet line: time, city and device', async () => {
    installFakeApi().on('GET', '/api/app/account/lastLogin', () =>
      ok({ time: '2026-11-21T01:05:00Z', city: '上海市', device: '微信小程序' }),
    )
    render(<LastLoginLine />)
    expect(await screen.findByText('上次登录：2026-11-21 09:05 · 上海市 · 微信小程序')).toBeInTheDocument()
  })

  it('shows nothing before a previous login', async () => {
    const api = installFakeApi().on('GET', '/api/app/account/lastLogin', () => ok(null))
    const { container } = render(<LastLoginLine />)
    await waitFor(() => expect(api.calls).toHaveLength(1))
    expect(container.textContent).toBe('')
  })
})

describe('不是我', () => {
  it('ends that session, then goes on to the password change', async () => {
    const api = installFakeApi().on('POST', SIGN_OUT, () => ok(null))
    const onDone = jest.fn()
    const user = userEvent.setup()
    render(<NotMeDialog sessionId={42} onDone={onDone} onCancel={jest.fn()} />)
    await user.click(screen.getByRole('button', { name: '退出并修改密码' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(callsTo(api, SIGN_OUT)[0].body).toEqual({ id: 42 })
  })

  it('still opens the password change when the session is already gone', async () => {
    installFakeApi().on('POST', SIGN_OUT, () => fail(400, '该设备已退出或不存在'))
    const onDone = jest.fn()
    const user = userEvent.setup()
    render(<NotMeDialog sessionId={42} onDone={onDone} onCancel={jest.fn()} />)
    await user.click(screen.getByRole('button', { name: '退出并修改密码' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
  })
})

describe('reserved generated names in 编辑账号信息', () => {
  it('refuses mc + 11 digits before sending, but keeps one’s own', async () => {
    const api = installFakeApi().on('POST', '/api/pc/editAccountFullNameAndMemberAccount', () => ok(null))
    const user = userEvent.setup()
    const onSaved = jest.fn()
    render(
      <NameDialog
        memberAccount='mc13800000009'
        fullName='名字'
        memberAccountEditable
        onSaved={onSaved}
        onClose={jest.fn()}
      />,
    )
    const account = document.querySelector('input[name="member-account"]') as HTMLInputElement
    await user.clear(account)
    await user.type(account, 'mc13912345678')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('“mc+手机号”格式的账号为系统保留，请换一个')).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
    await user.clear(account)
    await user.type(account, 'mc13800000009')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
  })
})
