import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { GroupRobot } from '../../../src/core/contract/robots'
import { ROBOT_MESSAGES } from '../../../src/core/contract/robots'
import { useToasts } from '../../../src/core/ui/toast'
import { GroupRobotsSection } from '../../../src/features/account/components/GroupRobotsSection'
import { fail, installFakeApi, ok, type FakeApi } from '../support/fake-api'

const DINGTALK = 'https://oapi.dingtalk.com/robot/send?access_token=8f3ad2c1b7e94a0c9d21'
const WECOM = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7aaa-4bc4-97a0'

const saved = (): GroupRobot => ({
  category: 'workOrder',
  platform: 'dingtalk',
  maskedUrl: 'https://oapi.dingtalk.com/robot/send?access_token=****9d21',
  signed: true,
  updatedAt: '2026-12-06T08:00:00.000Z',
})

let api: FakeApi
function setup(robots: () => unknown = () => ok([saved()])) {
  api = installFakeApi().on('GET', '/api/notify/robots', robots)
  render(<GroupRobotsSection />)
  return userEvent.setup()
}

const row = async (category: string) => screen.findByRole('group', { name: `群机器人 · ${category}` })
const posts = (path: string) => api.calls.filter((c) => c.method === 'POST' && c.path === path)
const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement
const toasts = () => useToasts.getState().toasts.map((t) => t.message)

beforeEach(() => useToasts.setState({ toasts: [] }))

describe('群机器人', () => {
  it('lists every category: the saved robot’s platform and masked address, the others 未设置', async () => {
    setup()
    const workOrder = await row('工单进展')
    expect(workOrder.textContent).toContain(
      '钉钉（已加签） https://oapi.dingtalk.com/robot/send?access_token=****9d21',
    )
    expect(within(workOrder).getByRole('button', { name: '修改' })).toBeInTheDocument()
    expect(within(workOrder).getByRole('button', { name: '发送测试' })).toBeInTheDocument()
    const renewal = await row('续费与到期')
    expect(renewal.textContent).toContain('未设置')
    expect(within(renewal).getByRole('button', { name: '设置' })).toBeInTheDocument()
    expect(within(renewal).queryByRole('button', { name: '删除' })).not.toBeInTheDocument()
  })

  it('says when none is set', async () => {
    setup(() => ok([]))
    expect(await screen.findByText('尚未设置群机器人')).toBeInTheDocument()
  })

  it('shows a load failure with 重试', async () => {
    let calls = 0
    setup(() => (++calls === 1 ? fail(500, '服务繁忙') : ok([])))
    expect(await screen.findByText('服务繁忙')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByText('尚未设置群机器人')).toBeInTheDocument()
  })

  it('设置: refuses an address off the platforms before sending anything', async () => {
    const user = setup()
    api.on('POST', '/api/notify/robots', () => ok([]))
    await user.click(within(await row('续费与到期')).getByRole('button', { name: '设置' }))
    const dialog = screen.getByRole('dialog', { name: '群机器人 · 续费与到期' })
    await user.type(input('robotUrl'), 'https://127.0.0.1/robot/send?access_token=8f3ad2c1')
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(within(dialog).getByText(ROBOT_MESSAGES.badUrl)).toBeInTheDocument()
    expect(posts('/api/notify/robots')).toHaveLength(0)
  })

  it('设置: a DingTalk address asks for its secret and saves both', async () => {
    const user = setup()
    api.on('POST', '/api/notify/robots', () => ok([saved()]))
    await user.click(within(await row('续费与到期')).getByRole('button', { name: '设置' }))
    const dialog = screen.getByRole('dialog', { name: '群机器人 · 续费与到期' })
    await user.type(input('robotUrl'), DINGTALK)
    expect(within(dialog).getByText('已识别：钉钉机器人')).toBeInTheDocument()
    await user.type(input('robotSecret'), `SEC${'ab'.repeat(32)}`)
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(posts('/api/notify/robots')).toHaveLength(1))
    expect(posts('/api/notify/robots')[0].body).toEqual({
      category: 'renewal',
      url: DINGTALK,
      secret: `SEC${'ab'.repeat(32)}`,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(toasts()).toContain('保存成功')
  })

  it('设置: a WeCom address has no secret field; the server’s refusal shows in the dialog', async () => {
    const user = setup()
    api.on('POST', '/api/notify/robots', () => fail(400, ROBOT_MESSAGES.incompleteUrl))
    await user.click(within(await row('服务通知')).getByRole('button', { name: '设置' }))
    const dialog = screen.getByRole('dialog', { name: '群机器人 · 服务通知' })
    await user.type(input('robotUrl'), WECOM)
    expect(input('robotSecret')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText(ROBOT_MESSAGES.incompleteUrl)).toBeInTheDocument()
    expect(posts('/api/notify/robots')[0].body).toEqual({ category: 'service', url: WECOM, secret: '' })
  })

  it('发送测试 shows the robot’s answer, success or the platform’s words', async () => {
    const user = setup()
    let answer = { ok: false, message: 'sign not match（310000）' }
    api.on('POST', '/api/notify/robots/test', () => ok(answer))
    const workOrder = await row('工单进展')
    await user.click(within(workOrder).getByRole('button', { name: '发送测试' }))
    expect((await within(workOrder).findByRole('status')).textContent).toBe(
      '测试结果：sign not match（310000）',
    )
    answer = { ok: true, message: '发送成功' }
    await user.click(within(workOrder).getByRole('button', { name: '发送测试' }))
    await waitFor(() => expect(within(workOrder).getByRole('status').textContent).toBe('测试结果：发送成功'))
    expect(posts('/api/notify/robots/test')[0].body).toEqual({ category: 'workOrder' })
  })

  it('删除 asks first; 取消 keeps it, 删除 removes it', async () => {
    let robots = [saved()]
    const user = setup(() => ok(robots))
    api.on('POST', '/api/notify/robots/delete', () => {
      robots = []
      return ok([])
    })
    await user.click(within(await row('工单进展')).getByRole('button', { name: '删除' }))
    expect(screen.getByText(/确定删除「工单进展」的群机器人吗/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '取消' }))
    expect(posts('/api/notify/robots/delete')).toHaveLength(0)

    await user.click(within(await row('工单进展')).getByRole('button', { name: '删除' }))
    await user.click(screen.getAllByRole('button', { name: '删除' }).at(-1)!)
    await waitFor(() => expect(posts('/api/notify/robots/delete')).toHaveLength(1))
    expect(posts('/api/notify/robots/delete')[0].body).toEqual({ category: 'workOrder' })
    await waitFor(async () => expect((await row('工单进展')).textContent).toContain('未设置'))
    expect(toasts()).toContain('删除成功')
  })
})
