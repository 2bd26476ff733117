/**
 * @jest-environment-options {"userAgent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 MicroMessenger/8.0.50"}
 */
// WeChat's browser: the 提醒 button is the official account's wx-open-subscribe tag. The page asks
// the server for wx.config's signature of its own address, configures WeChat's JS-SDK, and records
// what the tag's success / error events say for app 'oa'. WeChat (its JS-SDK and the tag's events)
// is the one thing stubbed. (Other browsers show no button: wechat-reminders.test.tsx.)
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  WORK_ORDER_TEMPLATES,
  type Subscriptions,
  type WechatTemplate,
} from '../../../src/core/contract/wechat-messages'
import { useWechatReminders } from '../../../src/core/wechat/useWechatReminders'
import { WechatReminderButton } from '../../../src/core/wechat/WechatReminderButton'
import { ReplyBox } from '../../../src/features/work-orders/components/ReplyBox'
import type { WxJssdk } from '../../../src/core/wechat/jssdk.h5'
import { installFakeApi, ok, type FakeApi } from '../support/fake-api'

const TEMPLATES: WechatTemplate[] = ['workOrderReply', 'awaitingConfirmation', 'reopened', 'closed', 'expiry']

let stored: Subscriptions
const subscriptions = (): Subscriptions => ({
  app: 'oa',
  canReceive: true,
  templates: TEMPLATES.map((template) => ({
    template,
    templateId: `oa-${template}`,
    remaining: 0,
    refused: false,
  })),
})

/** WeChat's JS-SDK: accepts a config with every field wx.config needs, or fails it when told. */
function fakeJssdk(refuse = false) {
  const configs: unknown[] = []
  let ready: () => void = () => {}
  let failed: (reason: unknown) => void = () => {}
  const wx: WxJssdk = {
    ready: (callback) => (ready = callback),
    error: (callback) => (failed = callback),
    config: (options) => {
      configs.push(options)
      const complete = ['appId', 'timestamp', 'nonceStr', 'signature'].every((key) => key in options)
      setTimeout(() => (refuse || !complete ? failed({ errMsg: 'config:invalid signature' }) : ready()))
    },
  }
  window.wx = wx
  return configs
}

let api: FakeApi

/** The tag, once the JS-SDK accepted the page's signature. */
const findTag = () =>
  waitFor(() => {
    const found = document.querySelector('wx-open-subscribe')
    if (!found) throw new Error('no wx-open-subscribe yet')
    return found
  })

function ReminderButtonView() {
  const reminders = useWechatReminders(WORK_ORDER_TEMPLATES)
  return <WechatReminderButton label='回复提醒' reminders={reminders} />
}

beforeEach(() => {
  stored = subscriptions()
  api = installFakeApi()
    .on('GET', '/api/app/wechat/subscriptions', () => ok(stored))
    .on('GET', '/api/app/wechat/jssdkConfig', (query) =>
      ok({
        appId: 'wx-oa',
        timestamp: 1,
        nonceStr: 'n',
        signature: `signed:${query.url}`,
        openTagList: ['wx-open-subscribe'],
      }),
    )
    .on('POST', '/api/app/wechat/subscriptions', (body) => {
      const answers = body.answers as Record<string, string>
      stored = {
        ...stored,
        templates: stored.templates.map((state) =>
          answers[state.template] === 'accept' ? { ...state, remaining: state.remaining + 1 } : state,
        ),
      }
      return ok(stored)
    })
})
afterEach(() => {
  delete window.wx
})

it('in WeChat: signs the page, shows the tag with the templates, and records an acceptance for oa', async () => {
  const configs = fakeJssdk()
  render(<ReminderButtonView />)
  const tag = await findTag()
  expect(tag).toHaveAttribute('template', 'oa-workOrderReply,oa-awaitingConfirmation,oa-reopened')
  expect(tag.querySelector('script[type="text/wxtag-template"]')?.innerHTML).toContain('回复提醒')
  expect(configs).toEqual([
    expect.objectContaining({
      appId: 'wx-oa',
      signature: 'signed:http://localhost/',
      openTagList: ['wx-open-subscribe'],
    }),
  ])
  expect(api.calls.find((call) => call.path === '/api/app/wechat/subscriptions')?.body).toEqual({ app: 'oa' })

  const subscribeDetails = JSON.stringify({
    'oa-workOrderReply': JSON.stringify({ status: 'accept' }),
    'oa-awaitingConfirmation': JSON.stringify({ status: 'reject' }),
  })
  act(() => {
    tag.dispatchEvent(new CustomEvent('success', { detail: { errMsg: 'subscribe:ok', subscribeDetails } }))
  })
  await screen.findByText('可接收 1 次提醒')
  const saved = api.calls.filter((call) => call.method === 'POST').map((call) => call.body)
  expect(saved).toEqual([
    { app: 'oa', answers: { workOrderReply: 'accept', awaitingConfirmation: 'reject' } },
  ])
})

it('in WeChat with notifications switched off: the tag error is told and explained', async () => {
  fakeJssdk()
  render(<ReminderButtonView />)
  const tag = await findTag()
  act(() => {
    tag.dispatchEvent(new CustomEvent('error', { detail: { errCode: 20004, errMsg: 'subscribe:fail' } }))
  })
  await screen.findByRole('alert')
  expect(screen.getByRole('alert').textContent).toBe('已在微信中关闭公众号提醒，请在公众号设置中开启')
  const saved = api.calls.filter((call) => call.method === 'POST').map((call) => call.body)
  expect(saved).toEqual([
    { app: 'oa', answers: { workOrderReply: 'reject', awaitingConfirmation: 'reject', reopened: 'reject' } },
  ])
})

it('in WeChat when wx.config fails: no tag, and the member reads why', async () => {
  fakeJssdk(true)
  // Another page: each address is configured once, and this one has not been yet.
  window.history.pushState({}, '', '/renewal')
  render(<ReminderButtonView />)
  await screen.findByRole('alert')
  expect(screen.getByRole('alert').textContent).toBe('微信提醒暂不可用，请稍后重试')
  expect(document.querySelector('wx-open-subscribe')).toBeNull()
})

describe('over the action buttons (发送)', () => {
  function ReplyView() {
    const reminders = useWechatReminders(WORK_ORDER_TEMPLATES)
    return <ReplyBox workOrderId={5} reminders={reminders} onSent={() => undefined} />
  }

  it('lies over 发送 asking what was not refused; the reply goes once WeChat’s dialog closes', async () => {
    fakeJssdk()
    window.history.pushState({}, '', '/workOrderDetail?id=5')
    stored = {
      ...subscriptions(),
      templates: subscriptions().templates.map((state) =>
        state.template === 'awaitingConfirmation' ? { ...state, refused: true } : state,
      ),
    }
    api.on('POST', '/api/appWorkOrderCommunicationRecords/saveRecords', () => ok(null))
    const user = userEvent.setup()
    render(<ReplyView />)
    const typed = await waitFor(() => {
      const box = document.querySelector('textarea[name="reply"]')
      if (!box) throw new Error('no reply box yet')
      return box
    })
    await user.type(typed, '还是打不开')
    const tag = await findTag()
    // A refusal is not asked again at an action's tap (only the 回复提醒 button asks it again).
    expect(tag).toHaveAttribute('template', 'oa-workOrderReply,oa-reopened,oa-closed')
    expect(tag.closest('.wechat-ask')).toContainElement(screen.getByRole('button', { name: '发送' }))
    const subscribeDetails = JSON.stringify({ 'oa-workOrderReply': JSON.stringify({ status: 'accept' }) })
    act(() => {
      tag.dispatchEvent(new CustomEvent('success', { detail: { errMsg: 'subscribe:ok', subscribeDetails } }))
    })
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.path === '/api/appWorkOrderCommunicationRecords/saveRecords'),
      ).toHaveLength(1),
    )
    const reply = api.calls.find((call) => call.path === '/api/appWorkOrderCommunicationRecords/saveRecords')
    expect(reply?.body).toMatchObject({ workOrderId: 5, content: '还是打不开' })
    expect(
      api.calls.filter((call) => call.method === 'POST' && call.path === '/api/app/wechat/subscriptions'),
    ).toEqual([expect.objectContaining({ body: { app: 'oa', answers: { workOrderReply: 'accept' } } })])
  })

  it('the reply still goes when the member switched notifications off', async () => {
    fakeJssdk()
    window.history.pushState({}, '', '/workOrderDetail?id=6')
    api.on('POST', '/api/appWorkOrderCommunicationRecords/saveRecords', () => ok(null))
    const user = userEvent.setup()
    render(<ReplyView />)
    await user.type(
      await waitFor(() => {
        const box = document.querySelector('textarea[name="reply"]')
        if (!box) throw new Error('no reply box yet')
        return box
      }),
      '补充说明',
    )
    const tag = await findTag()
    act(() => {
      tag.dispatchEvent(new CustomEvent('error', { detail: { errCode: 20004, errMsg: 'subscribe:fail' } }))
    })
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.path === '/api/appWorkOrderCommunicationRecords/saveRecords'),
      ).toHaveLength(1),
    )
    // The action shows no reminder failure: it went on.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
