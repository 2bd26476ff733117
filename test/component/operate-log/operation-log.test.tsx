import Taro from '@tarojs/taro'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSession, type UserInfo } from '../../../src/core/session/store'
import type { OperationRecord } from '../../../src/features/operate-log/api'
import { OperationLog } from '../../../src/features/operate-log/components/OperationLog'
import { installFakeApi, ok, type FakeApi } from '../support/fake-api'
import { DEMO_OWNER_INFO } from '../support/session'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))

const profile = (state: number): UserInfo => ({ ...DEMO_OWNER_INFO, state })

const record = (id: number, type: number, status = 0): OperationRecord => ({
  id,
  memberAccount: 'demo_main',
  type,
  content: `操作${id}`,
  status,
  ip: '10.0.0.8',
  createTime: '2026-11-21T16:30:00Z',
})

let api: FakeApi
function serve(all: OperationRecord[]) {
  api = installFakeApi().on('GET', '/api/app/account/getMyOperateRecordList', (q) => {
    const size = Number(q.pageSize)
    const start = (Number(q.pageNum) - 1) * size
    return ok({
      data: all.slice(start, start + size),
      total: all.length,
      pages: Math.ceil(all.length / size),
    })
  })
}
const calls = () =>
  api.calls.filter((c) => c.path === '/api/app/account/getMyOperateRecordList').map((c) => c.body)

beforeEach(() => {
  mockDesktop = true
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
  useSession.getState().setUserinfo(profile(1))
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
})
afterEach(() => jest.restoreAllMocks())

describe('operation log (account-area §2, §4)', () => {
  it('shows user, type, content, status, IP and time (UTC+8) in a table, 10 a page', async () => {
    serve([record(1, 0), record(2, 10, 1)])
    render(<OperationLog />)
    const table = await screen.findByRole('table', { name: '操作日志' })
    const [head, first, second] = within(table).getAllByRole('row')
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['用户', '类型', '内容', '状态', 'IP', '时间'])
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['demo_main', '登录', '操作1', '成功', '10.0.0.8', '2026-11-22 00:30:00'])
    expect(within(second).getAllByRole('cell')[1].textContent).toBe('产品移交')
    expect(within(second).getAllByRole('cell')[3].textContent).toBe('失败')
    expect(calls()).toEqual([{ pageNum: '1', pageSize: '10' }])
  })

  it.each([
    [1, '修改密码'],
    [2, '修改手机绑定'],
    [3, '新增子管理员'],
    [4, '编辑子管理员'],
    [5, '删除子管理员'],
    [6, '修改邮箱'],
    [7, '微信授权'],
    [8, '微信授权变更'],
    [9, '微信解绑'],
  ])('labels type %i %s', async (type, label) => {
    serve([record(1, type)])
    render(<OperationLog />)
    const table = await screen.findByRole('table')
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell')[1].textContent).toBe(label)
  })

  it('pages on desktop with the 10/20/50/100 options', async () => {
    serve(Array.from({ length: 23 }, (_, i) => record(i + 1, 0)))
    const user = userEvent.setup()
    render(<OperationLog />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: '第 3 页' }))
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + 3))
    await user.click(screen.getByRole('button', { name: '50条/页' }))
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + 23))
    expect(calls()).toEqual([
      { pageNum: '1', pageSize: '10' },
      { pageNum: '3', pageSize: '10' },
      { pageNum: '1', pageSize: '50' },
    ])
  })

  it('loads more on phones, 5 at a time', async () => {
    mockDesktop = false
    serve(Array.from({ length: 6 }, (_, i) => record(i + 1, 1)))
    const user = userEvent.setup()
    render(<OperationLog />)
    const list = await screen.findByRole('list', { name: '操作日志' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(5)
    expect(within(list).getAllByText('修改密码')).toHaveLength(5)
    await user.click(screen.getByRole('button', { name: '加载更多' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6))
    expect(calls().at(-1)).toEqual({ pageNum: '2', pageSize: '5' })
    expect(screen.getByText('没有更多了')).toBeInTheDocument()
  })

  it('goes back to /accountManage', async () => {
    serve([])
    const user = userEvent.setup()
    render(<OperationLog />)
    expect(await screen.findByText('暂无数据')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: /返回/ }))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/accountManage/index' })
  })

  it('leaves for /accountManage when the personal info state is false', async () => {
    serve([record(1, 0)])
    useSession.getState().setUserinfo(profile(0))
    render(<OperationLog />)
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/accountManage/index' }))
    expect(calls()).toHaveLength(0)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})
