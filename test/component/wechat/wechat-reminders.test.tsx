// 微信提醒 on the screens: the 回复提醒 / 到期提醒 buttons with 可接收 N 次提醒, the asks riding along
// 提交 / 回复 / 继续咨询 (never holding them up), 账户管理's row, and nothing to ask on H5.
// WeChat itself (wx.requestSubscribeMessage, wx.getSetting) is the one thing stubbed.
import Taro from '@tarojs/taro'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type {
  Subscriptions,
  SubscriptionState,
  WechatTemplate,
} from '../../../src/core/contract/wechat-messages'
import type { WorkOrderDetail } from '../../../src/core/contract/work-orders'
import { keptChoices, requestSubscribe } from '../../../src/core/platform/subscribe'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { WechatReminderRow } from '../../../src/features/account/components/WechatReminderRow'
import { RenewalCentreView } from '../../../src/features/renewal/components/RenewalCentreView'
import { SubmitWorkOrder } from '../../../src/features/work-orders/components/SubmitWorkOrder'
import { WorkOrderDetailView } from '../../../src/features/work-orders/components/WorkOrderDetailView'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

const platform = { mini: true }
jest.mock('../../../src/core/platform/subscribe', () => ({
  get canSubscribe() {
    return platform.mini
  },
  requestSubscribe: jest.fn(),
  keptChoices: jest.fn(),
}))
const mockAsk = jest.mocked(requestSubscribe)
const mockKept = jest.mocked(keptChoices)

const SUBSCRIPTIONS = '/api/app/wechat/subscriptions'
const TEMPLATES: WechatTemplate[] = ['workOrderReply', 'awaitingConfirmation', 'reopened', 'closed', 'expiry']

let stored: Subscriptions
function subscriptions(overrides: Partial<Record<WechatTemplate, Partial<SubscriptionState>>> = {}) {
  return {
    app: 'mini' as const,
    canReceive: true,
    templates: TEMPLATES.map((template) => ({
      template,
      templateId: `id-${template}`,
      remaining: 0,
      refused: false,
      ...overrides[template],
    })),
  }
}

/** The server's rule, enough for the screens: an acceptance buys one, a refusal is remembered. */
function saveAnswers(body: Record<string, unknown>) {
  const answers = body.answers as Record<string, string>
  stored = {
    ...stored,
    templates: stored.templates.map((state) => {
      const answer = answers[state.template]
      if (answer === 'accept') return { ...state, remaining: state.remaining + 1, refused: false }
      if (answer === 'reject' || answer === 'ban') return { ...state, refused: true }
      return state
    }),
  }
  return ok(stored)
}

function detail(status: WorkOrderDetail['status']): WorkOrderDetail {
  return {
    id: 5,
    number: '20260005',
    type: 2,
    description: '首页打不开',
    submitTime: '2026-11-21T16:30:00Z',
    lastUpdateTime: '2026-11-22T01:00:00Z',
    status,
    readState: 0,
    isUrgent: 0,
    source: 1,
    templateId: 7,
    taskName: '网站无法访问',
    productVersion: '',
    termYear: 1,
    orderCode: '',
    acWorkOrderDataPos: [],
    acWorkOrderFilePos: [],
    licenseList: [],
    identityList: [],
    recordsDtos: [],
    serviceProject: null,
    urgedAt: null,
  }
}

function serve(order = detail(2)) {
  return installFakeApi()
    .on('GET', SUBSCRIPTIONS, () => ok(stored))
    .on('POST', SUBSCRIPTIONS, saveAnswers)
    .on('GET', '/api/acWorkOrder/getWorkDetail', () => ok(order))
    .on('POST', '/api/appWorkOrderCommunicationRecords/updRecordLook', () => ok(null))
    .on('GET', '/api/acWorkOrder/judgeIsEvalaute', () => ok(null))
    .on('POST', '/api/appWorkOrderCommunicationRecords/saveRecords', () => ok(null))
    .on('POST', '/api/acWorkOrder/openWorkOrder', () => ok(null))
}

const posted = (api: FakeApi, path: string) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body)
const textarea = (name: string) =>
  waitFor(() => {
    const element = document.querySelector(`textarea[name="${name}"]`) as HTMLTextAreaElement
    if (!element) throw new Error(`no textarea ${name}`)
    return element
  })

beforeEach(() => {
  platform.mini = true
  stored = subscriptions({ workOrderReply: { remaining: 2 } })
  mockAsk.mockReset().mockImplementation(async (ids) => Object.fromEntries(ids.map((id) => [id, 'accept'])))
  mockKept.mockReset().mockResolvedValue(null)
  Taro.clearStorageSync()
  useToasts.setState({ toasts: [] })
  useSession.getState().signIn({ token: 't1', accountId: 101, subAccountId: 0, role: 0 })
  useSession.getState().setUserinfo({ memberId: 11, bindPhone: '13800000001', role: 0 } as never)
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
})
afterEach(() => jest.restoreAllMocks())

describe('回复提醒 on the work-order detail (mini-program)', () => {
  it('shows 可接收 N 次提醒 and a tap asks, records the acceptance and shows the new count', async () => {
    stored = subscriptions({ awaitingConfirmation: { remaining: 2 } })
    const api = serve()
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    const reminder = await screen.findByLabelText('回复提醒')
    expect(await within(reminder).findByText('暂无可用提醒次数')).toBeInTheDocument()
    await user.click(within(reminder).getByRole('button', { name: '回复提醒' }))
    // The three with the fewest left (awaitingConfirmation has two).
    expect(mockAsk).toHaveBeenCalledWith(['id-workOrderReply', 'id-reopened', 'id-closed'])
    expect(await within(reminder).findByText('可接收 1 次提醒')).toBeInTheDocument()
    expect(posted(api, SUBSCRIPTIONS)).toEqual([
      {
        app: 'mini',
        answers: { workOrderReply: 'accept', reopened: 'accept', closed: 'accept' },
        keepChoice: false,
      },
    ])
  })

  it('tells a refusal kept in WeChat without asking, and says where to turn it back on', async () => {
    stored = subscriptions({ workOrderReply: { refused: true } })
    mockKept.mockResolvedValue({
      'id-workOrderReply': 'reject',
      'id-awaitingConfirmation': 'ban',
      'id-reopened': 'reject',
      'id-closed': 'ban',
    })
    const api = serve()
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    const reminder = await screen.findByLabelText('回复提醒')
    expect(await within(reminder).findByText('已拒绝微信提醒')).toBeInTheDocument()
    await user.click(within(reminder).getByRole('button', { name: '回复提醒' }))
    expect(await within(reminder).findByRole('alert')).toHaveProperty(
      'textContent',
      '已在微信中关闭此提醒，请在小程序右上角“设置”中开启',
    )
    // Nothing is asked (WeChat would not ask); the refusals the server did not know are told.
    expect(mockAsk).not.toHaveBeenCalled()
    await waitFor(() => expect(posted(api, SUBSCRIPTIONS)).toHaveLength(1))
    expect(posted(api, SUBSCRIPTIONS)[0]).toEqual({
      app: 'mini',
      answers: { awaitingConfirmation: 'ban', reopened: 'reject', closed: 'ban' },
      keepChoice: true,
    })
  })

  it('shows a failed load with 重试, and a failed save under the button', async () => {
    const api = serve().on('GET', SUBSCRIPTIONS, () => fail(500, '服务繁忙'))
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    const reminder = await screen.findByLabelText('回复提醒')
    expect(await within(reminder).findByText('服务繁忙')).toBeInTheDocument()
    api.on('GET', SUBSCRIPTIONS, () => ok(stored)).on('POST', SUBSCRIPTIONS, () => fail(400, '订阅结果无效'))
    await user.click(within(reminder).getByRole('button', { name: '重试' }))
    await user.click(await within(reminder).findByRole('button', { name: '回复提醒' }))
    expect(await within(reminder).findByRole('alert')).toHaveProperty('textContent', '订阅结果无效')
  })

  it('is hidden once the order is closed', async () => {
    serve(detail(4))
    render(<WorkOrderDetailView id='5' />)
    expect(await screen.findByText('工单编号：20260005')).toBeInTheDocument()
    await waitFor(() => expect(mockKept).toHaveBeenCalled())
    expect(screen.queryByLabelText('回复提醒')).not.toBeInTheDocument()
  })
})

describe('asks riding along an action, which never waits for them', () => {
  it('发送 asks first, and the reply goes out even when WeChat never answers', async () => {
    mockAsk.mockImplementation(() => new Promise(() => undefined))
    const api = serve()
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await screen.findByText('可接收 2 次提醒')
    await user.type(await textarea('reply'), '还是打不开')
    await user.click(screen.getByRole('button', { name: '发送' }))
    expect(mockAsk).toHaveBeenCalledTimes(1)
    await waitFor(() =>
      expect(posted(api, '/api/appWorkOrderCommunicationRecords/saveRecords')).toHaveLength(1),
    )
    expect(posted(api, SUBSCRIPTIONS)).toEqual([])
  })

  it('继续咨询 asks first and goes on when saving the answers fails', async () => {
    const api = serve(detail(1)).on('POST', SUBSCRIPTIONS, () => fail(500, '服务繁忙'))
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await screen.findByText('可接收 2 次提醒')
    await user.click(screen.getByRole('button', { name: '继续咨询' }))
    const dialog = await screen.findByRole('dialog', { name: '继续咨询' })
    await user.type(await textarea('继续咨询内容'), '还有一个问题')
    await user.click(within(dialog).getByRole('button', { name: '提交' }))
    expect(mockAsk).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(posted(api, '/api/acWorkOrder/openWorkOrder')).toHaveLength(1))
    await waitFor(() => expect(posted(api, SUBSCRIPTIONS)).toHaveLength(1))
    expect(useToasts.getState().toasts.map((t) => t.message)).not.toContain('服务繁忙')
  })

  it('提交 of a work order asks and posts the acceptance; the work order is created all the same', async () => {
    const api = serve()
      .on('GET', '/api/app/websiteButler/getDaiweiOrderList', () => ok([]))
      .on('GET', '/api/acWorkOrder/getWorkList', () =>
        ok([{ id: 8, workType: 2, taskName: '其他', fieldChild: [] }]),
      )
      .on('POST', '/api/acWorkOrder/createWorkOrder', () => ok({ id: 31, number: '20260031' }))
    mockAsk.mockImplementation(async (ids) => ({ [ids[0]]: 'accept', [ids[1]]: 'reject' }))
    const user = userEvent.setup()
    render(<SubmitWorkOrder type='2' />)
    await user.click(await screen.findByRole('radio', { name: '其他' }))
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(mockAsk).toHaveBeenCalledWith(['id-awaitingConfirmation', 'id-reopened', 'id-closed'])
    await waitFor(() => expect(posted(api, '/api/acWorkOrder/createWorkOrder')).toHaveLength(1))
    await waitFor(() => expect(posted(api, SUBSCRIPTIONS)).toHaveLength(1))
    expect(posted(api, SUBSCRIPTIONS)[0]).toMatchObject({
      answers: { awaitingConfirmation: 'accept', reopened: 'reject' },
    })
    expect(await screen.findByRole('dialog', { name: '提交成功' })).toBeInTheDocument()
  })
})

describe('到期提醒 in the renewal centre (mini-program)', () => {
  it('asks for the expiry template only and shows its count', async () => {
    stored = subscriptions({ expiry: { remaining: 1 } })
    const api = serve().on('GET', '/api/renewal/products', () => ok([]))
    const user = userEvent.setup()
    render(<RenewalCentreView initialFilter='all' />)
    const reminder = await screen.findByLabelText('到期提醒')
    expect(await within(reminder).findByText('可接收 1 次提醒')).toBeInTheDocument()
    await user.click(within(reminder).getByRole('button', { name: '到期提醒' }))
    expect(mockAsk).toHaveBeenCalledWith(['id-expiry'])
    expect(await within(reminder).findByText('可接收 2 次提醒')).toBeInTheDocument()
    expect(posted(api, SUBSCRIPTIONS)).toEqual([
      { app: 'mini', answers: { expiry: 'accept' }, keepChoice: false },
    ])
  })

  it('is not offered when the expiry template is not configured, nor on H5', async () => {
    stored = subscriptions({ expiry: { templateId: '' } })
    serve().on('GET', '/api/renewal/products', () => ok([]))
    const { unmount } = render(<RenewalCentreView initialFilter='all' />)
    await waitFor(() => expect(mockKept).toHaveBeenCalled())
    await screen.findByText('续费管理')
    await waitFor(() => expect(screen.queryByLabelText('到期提醒')).not.toBeInTheDocument())
    unmount()
    platform.mini = false
    render(<RenewalCentreView initialFilter='all' />)
    await screen.findByText('续费管理')
    expect(screen.queryByLabelText('到期提醒')).not.toBeInTheDocument()
  })
})

describe('H5 (no subscription messages in the browser yet)', () => {
  it('shows no 回复提醒, loads nothing and asks nothing at 发送', async () => {
    platform.mini = false
    const api = serve()
    const user = userEvent.setup()
    render(<WorkOrderDetailView id='5' />)
    await user.type(await textarea('reply'), '还是打不开')
    await user.click(screen.getByRole('button', { name: '发送' }))
    await waitFor(() =>
      expect(posted(api, '/api/appWorkOrderCommunicationRecords/saveRecords')).toHaveLength(1),
    )
    expect(screen.queryByLabelText('回复提醒')).not.toBeInTheDocument()
    expect(api.calls.filter((c) => c.path === SUBSCRIPTIONS)).toEqual([])
    expect(mockAsk).not.toHaveBeenCalled()
  })
})

describe('微信提醒 on 账户管理 (every platform)', () => {
  /** The mini-program's state is `stored`; the official account's is this one. */
  let official: Subscriptions
  const byApp = (query: Record<string, unknown>) => ok(query.app === 'oa' ? official : stored)

  it('says whether this WeChat can receive and each configured template’s count, both apps together', async () => {
    platform.mini = false
    stored = subscriptions({ workOrderReply: { remaining: 2 }, expiry: { templateId: '' } })
    official = { ...subscriptions({ workOrderReply: { remaining: 1 } }), app: 'oa', canReceive: false }
    serve().on('GET', SUBSCRIPTIONS, byApp)
    render(<WechatReminderRow />)
    const lines = await screen.findByLabelText('微信提醒次数')
    expect(lines.textContent).toContain('可接收微信提醒')
    expect(lines.textContent).toContain('工单回复提醒：可接收 3 次提醒')
    // The official account has the expiry template: it is listed though the mini-program has none.
    expect(lines.textContent).toContain('产品到期提醒：暂无可用提醒次数')
  })

  it('a member reached only through the official account can receive', async () => {
    stored = { ...subscriptions(), canReceive: false }
    official = { ...subscriptions(), app: 'oa', canReceive: true }
    serve().on('GET', SUBSCRIPTIONS, byApp)
    render(<WechatReminderRow />)
    expect((await screen.findByLabelText('微信提醒次数')).textContent).toContain('可接收微信提醒')
  })

  it('says a member WeChat cannot reach cannot receive, and a failed load offers 重试', async () => {
    stored = { ...subscriptions(), canReceive: false }
    official = { ...subscriptions(), app: 'oa', canReceive: false }
    const api = serve().on('GET', SUBSCRIPTIONS, () => fail(500, '服务繁忙'))
    const user = userEvent.setup()
    render(<WechatReminderRow />)
    expect(await screen.findByText('服务繁忙')).toBeInTheDocument()
    api.on('GET', SUBSCRIPTIONS, byApp)
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect((await screen.findByLabelText('微信提醒次数')).textContent).toContain('暂不能接收微信提醒')
  })
})
