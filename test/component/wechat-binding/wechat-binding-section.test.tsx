import { act, render, screen, within } from '@testing-library/react'
import { useSession, type UserInfo } from '../../../src/core/session/store'
import { ToastHost } from '../../../src/core/ui/ToastHost'
import { ReverifyCancelled, useReverifyRequest } from '../../../src/features/account/fresh-session'
import { WechatBindingSection } from '../../../src/features/wechat-binding/components/WechatBindingSection'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

const profile: UserInfo = {
  memberId: 3,
  accountId: 2,
  subAccountId: 0,
  role: 0,
  memberAccount: 'demo_other',
  accountName: '云帆贸易',
  userName: '云帆贸易',
  bindPhone: '13800000003',
  email: '',
  state: 1,
  passwordUpdatedAt: null,
}

const TAKEN = '当前微信已被绑定，请使用新的微信进行扫码授权～'
const scene = (code: string) =>
  ok({
    code,
    url: `http://localhost/__dev/wechat/scan?code=${code}`,
    expiresIn: 120,
    secret: `secret-${code}`,
  })

let api: FakeApi
let bound: boolean
const callsTo = (path: string) => api.calls.filter((c) => c.path === path)
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })
const click = (element: Element) =>
  act(async () => {
    ;(element as HTMLElement).click()
  })
const button = (name: string | RegExp, scope: HTMLElement = document.body) =>
  within(scope)
    .getAllByRole('button')
    .find((b) => (typeof name === 'string' ? b.textContent === name : name.test(b.textContent ?? '')))!
const dialog = (label: string) => screen.getByLabelText(label)

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] })
  useSession.setState({ token: 't', id: 2, role: 0, subAccountId: 0, userinfo: profile })
  bound = false
  api = installFakeApi().on('GET', '/api/wechat/checkBindWechat', () => ok({ bound }))
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

async function renderSection() {
  render(
    <>
      <WechatBindingSection />
      <ToastHost />
    </>,
  )
  await advance(0)
}

describe('bind dialog (account-area §4: 0 scan, 1 scanned, 2 bound; polled every 1 s)', () => {
  let answers: { key: number; scanned: boolean }[]
  beforeEach(() => {
    answers = []
    let scenes = 0
    api
      .on('GET', '/api/wechat/getCodeImg', () => scene(`bind-${++scenes}`))
      .on('GET', '/api/wechat/isUserBind', () => ok(answers.shift() ?? { key: 2, scanned: false }))
  })

  it('walks 0 scan → 1 scanned → 2 bound, the 完成 button counts down and closes, the row says 已绑定', async () => {
    await renderSection()
    expect(screen.getByLabelText('微信').textContent).toContain('未绑定')
    await click(button('绑定'))
    await advance(0)
    const box = dialog('绑定微信')
    expect(box.dataset.step).toBe('0')
    expect(box.textContent).toContain('请使用微信扫描二维码，关注公众号完成绑定')
    expect(callsTo('/api/wechat/isUserBind')).toHaveLength(0)

    await advance(999)
    expect(callsTo('/api/wechat/isUserBind')).toHaveLength(0)
    answers.push({ key: 2, scanned: true })
    await advance(1)
    expect(callsTo('/api/wechat/isUserBind')[0].body).toEqual({ userId: '2', code: 'bind-1' })
    // Only this browser holds the scene's secret: every poll shows it.
    expect(callsTo('/api/wechat/isUserBind')[0].headers['x-scene-secret']).toBe('secret-bind-1')
    expect(dialog('绑定微信').dataset.step).toBe('1')
    expect(dialog('绑定微信').textContent).toContain('扫码成功，请在微信中确认授权')

    answers.push({ key: 1, scanned: true })
    bound = true
    await advance(1000)
    expect(dialog('绑定微信').dataset.step).toBe('2')
    expect(dialog('绑定微信').textContent).toContain('绑定成功')
    expect(button('完成（3s）')).toBeTruthy()
    const polls = callsTo('/api/wechat/isUserBind').length
    await advance(1000)
    expect(button('完成（2s）')).toBeTruthy()
    expect(callsTo('/api/wechat/isUserBind')).toHaveLength(polls)
    await advance(1000)
    expect(button('完成（1s）')).toBeTruthy()
    await advance(1000)
    expect(screen.queryByLabelText('绑定微信')).not.toBeInTheDocument()
    expect(screen.getByLabelText('微信').textContent).toContain('已绑定')
    expect(button('更换')).toBeTruthy()
    expect(button('解绑')).toBeTruthy()
  })

  it('key 0: the WeChat is already bound — says so and offers a new QR', async () => {
    await renderSection()
    await click(button('绑定'))
    answers.push({ key: 0, scanned: true })
    await advance(1000)
    expect(dialog('绑定微信').textContent).toContain(TAKEN)
    await click(button('重新扫码'))
    await advance(0)
    expect(callsTo('/api/wechat/getCodeImg')).toHaveLength(2)
    expect(dialog('绑定微信').dataset.step).toBe('0')
  })

  it('stops polling when the dialog closes', async () => {
    await renderSection()
    await click(button('绑定'))
    await advance(3000)
    expect(callsTo('/api/wechat/isUserBind')).toHaveLength(3)
    await click(button('取消', dialog('绑定微信')))
    await advance(10_000)
    expect(callsTo('/api/wechat/isUserBind')).toHaveLength(3)
  })

  it('stops polling when the scene expires (989) and offers a refresh', async () => {
    api.on('GET', '/api/wechat/isUserBind', () => fail(989, '二维码已失效，请刷新二维码'))
    await renderSection()
    await click(button('绑定'))
    await advance(1000)
    expect(dialog('绑定微信').textContent).toContain('二维码已失效，请刷新二维码')
    await advance(10_000)
    expect(callsTo('/api/wechat/isUserBind')).toHaveLength(1)
    await click(button('刷新二维码'))
    await advance(1000)
    expect(callsTo('/api/wechat/getCodeImg')).toHaveLength(2)
    expect(callsTo('/api/wechat/isUserBind')).toHaveLength(2)
  })

  it('stops by its own clock after the 120 s the scene lives, even without answers', async () => {
    api.failNetwork('/api/wechat/isUserBind')
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await renderSection()
    await click(button('绑定'))
    await advance(120_000)
    expect(dialog('绑定微信').textContent).toContain('二维码已失效，请刷新二维码')
    const polls = callsTo('/api/wechat/isUserBind').length
    await advance(10_000)
    expect(callsTo('/api/wechat/isUserBind')).toHaveLength(polls)
  })

  it('shows 获取公众号二维码失败 when the QR cannot be fetched, and retries', async () => {
    api.on('GET', '/api/wechat/getCodeImg', () => fail(500, '服务器繁忙，请稍后重试'))
    await renderSection()
    await click(button('绑定'))
    await advance(0)
    expect(dialog('绑定微信').textContent).toContain('获取公众号二维码失败')
    api.on('GET', '/api/wechat/getCodeImg', () => scene('bind-after-retry'))
    await click(button('重新获取'))
    await advance(0)
    expect(dialog('绑定微信').dataset.step).toBe('0')
  })
})

describe('change dialog (account-area §4: 1 QR, 2 success, 3 already bound, 4 failed; polled every 1.5 s)', () => {
  let updateAnswer: () => unknown
  beforeEach(() => {
    bound = true
    updateAnswer = () => ok(null)
    let scenes = 0
    api
      .on('GET', '/api/wechat/getBindQrAddress', () => scene(`change-${++scenes}`))
      .on('GET', '/api/wechat/getBindInfoByCode', (q) =>
        ok({ status: 'confirmed', wxOpenId: `wx-new-${q.code}` }),
      )
      .on('POST', '/api/wechat/updateWechat', () => updateAnswer())
  })

  async function openChange() {
    await renderSection()
    await click(button('更换'))
    await advance(0)
    expect(dialog('更换微信').dataset.step).toBe('1')
  }

  it('1 → 2: polls after 1.5 s, saves the approved WeChat, shows 修改成功 and the note', async () => {
    await openChange()
    await advance(1499)
    expect(callsTo('/api/wechat/getBindInfoByCode')).toHaveLength(0)
    await advance(1)
    expect(callsTo('/api/wechat/updateWechat')[0].body).toEqual({
      accountId: 2,
      phone: '13800000003',
      wxOpenId: 'wx-new-change-1',
      code: 'change-1',
    })
    expect(callsTo('/api/wechat/getBindInfoByCode')[0].headers['x-scene-secret']).toBe('secret-change-1')
    expect(callsTo('/api/wechat/updateWechat')[0].headers['x-scene-secret']).toBe('secret-change-1')
    const box = dialog('更换微信')
    expect(box.dataset.step).toBe('2')
    expect(box.textContent).toContain('修改成功')
    expect(box.textContent).toContain('您将使用新的微信进行扫码登录～')
  })

  it.each([510, 513, 9002])('3: data code %i means the WeChat is already bound', async (code) => {
    updateAnswer = () => fail(code, TAKEN)
    await openChange()
    await advance(1500)
    expect(dialog('更换微信').dataset.step).toBe('3')
    expect(dialog('更换微信').textContent).toContain(TAKEN)
  })

  it('4: another failure shows 修改失败 / 请重试！, and 重试 starts again with a new QR', async () => {
    updateAnswer = () => fail(500, '服务器繁忙，请稍后重试')
    await openChange()
    await advance(1500)
    const box = dialog('更换微信')
    expect(box.dataset.step).toBe('4')
    expect(box.textContent).toContain('修改失败')
    expect(box.textContent).toContain('请重试！')

    updateAnswer = () => ok(null)
    await click(button('重试'))
    await advance(0)
    expect(dialog('更换微信').dataset.step).toBe('1')
    await advance(1500)
    expect(callsTo('/api/wechat/updateWechat').map((c) => c.body.code)).toEqual(['change-1', 'change-2'])
    expect(dialog('更换微信').dataset.step).toBe('2')
  })

  it('waits while the phone has only scanned', async () => {
    api.on('GET', '/api/wechat/getBindInfoByCode', () => ok({ status: 'scanned' }))
    await openChange()
    await advance(4500)
    expect(callsTo('/api/wechat/getBindInfoByCode')).toHaveLength(3)
    expect(dialog('更换微信').textContent).toContain('扫码成功，请在微信中确认授权')
    expect(callsTo('/api/wechat/updateWechat')).toHaveLength(0)
  })
})

describe('unbind', () => {
  beforeEach(() => {
    bound = true
    api.on('POST', '/api/wechat/unBindingWechat', () => {
      bound = false
      return ok(null)
    })
  })

  it('asks first; 取消 leaves the WeChat bound', async () => {
    await renderSection()
    await click(button('解绑'))
    expect(screen.getByText('解绑后将无法使用该微信扫码登录，确定解绑吗？')).toBeInTheDocument()
    await click(screen.getByText('取消'))
    await advance(0)
    expect(callsTo('/api/wechat/unBindingWechat')).toHaveLength(0)
  })

  it('confirmed: unbinds as this account and shows 未绑定', async () => {
    await renderSection()
    await click(button('解绑'))
    await click(screen.getAllByText('解绑').find((e) => e.closest('.at-modal'))!)
    await advance(0)
    expect(callsTo('/api/wechat/unBindingWechat')[0].body).toEqual({ accountId: 2, phone: '13800000003' })
    expect(screen.getByLabelText('微信').textContent).toContain('未绑定')
    expect(screen.getByText('解绑成功')).toBeInTheDocument()
  })
})

describe('sensitive changes (a first WeChat too) re-verify by SMS first (a stale session answers 4031)', () => {
  const STALE = () => fail(4031, '为了您的账号安全，请先完成短信验证')

  it('unbind: asks for the SMS re-verification, then unbinds', async () => {
    bound = true
    let refusals = 1
    api.on('POST', '/api/wechat/unBindingWechat', () => {
      if (refusals-- > 0) return STALE()
      bound = false
      return ok(null)
    })
    await renderSection()
    await click(button('解绑'))
    await click(screen.getAllByText('解绑').find((e) => e.closest('.at-modal'))!)
    await advance(0)
    const request = useReverifyRequest.getState().request
    expect(request).not.toBeNull()
    await act(async () => request!.resolve())
    await advance(0)
    expect(callsTo('/api/wechat/unBindingWechat')).toHaveLength(2)
    expect(screen.getByLabelText('微信').textContent).toContain('未绑定')
  })

  it('bind: the QR of a first WeChat is fetched only after the re-verification', async () => {
    let refusals = 1
    api
      .on('GET', '/api/wechat/getCodeImg', () => (refusals-- > 0 ? STALE() : scene('bind-fresh')))
      .on('GET', '/api/wechat/isUserBind', () => ok({ key: 2, scanned: false }))
    await renderSection()
    await click(button('绑定'))
    await advance(0)
    const request = useReverifyRequest.getState().request
    expect(request).not.toBeNull()
    expect(screen.queryByLabelText('微信二维码')).not.toBeInTheDocument()
    await act(async () => request!.resolve())
    await advance(0)
    expect(callsTo('/api/wechat/getCodeImg')).toHaveLength(2)
    expect(dialog('绑定微信').dataset.step).toBe('0')
    expect(screen.queryByText('获取公众号二维码失败')).not.toBeInTheDocument()
  })

  it('bind: closing the re-verification closes the bind dialog', async () => {
    api.on('GET', '/api/wechat/getCodeImg', STALE)
    await renderSection()
    await click(button('绑定'))
    await advance(0)
    await act(async () => useReverifyRequest.getState().request!.reject(new ReverifyCancelled()))
    await advance(0)
    expect(screen.queryByLabelText('绑定微信')).not.toBeInTheDocument()
    expect(callsTo('/api/wechat/getCodeImg')).toHaveLength(1)
  })

  it('change: the QR is fetched only after the re-verification; closing it closes the dialog', async () => {
    bound = true
    api.on('GET', '/api/wechat/getBindQrAddress', STALE)
    await renderSection()
    await click(button('更换'))
    await advance(0)
    const request = useReverifyRequest.getState().request
    expect(request).not.toBeNull()
    expect(screen.queryByLabelText('微信二维码')).not.toBeInTheDocument()
    await act(async () => request!.reject(new ReverifyCancelled()))
    await advance(0)
    expect(screen.queryByLabelText('更换微信')).not.toBeInTheDocument()
  })
})
