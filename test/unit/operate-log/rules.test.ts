import {
  canSeeOperationLog,
  isFailedLog,
  logBackPath,
  logStatusLabel,
  logTypeLabel,
} from '../../../src/features/operate-log/rules'
import { SPEC_ROUTES } from '../routing/spec-routes'

describe('operation log (account-area §4)', () => {
  it.each([
    [0, '登录'],
    [1, '修改密码'],
    [2, '修改手机绑定'],
    [3, '新增子管理员'],
    [4, '编辑子管理员'],
    [5, '删除子管理员'],
    [6, '修改邮箱'],
    [7, '微信授权'],
    [8, '微信授权变更'],
    [9, '微信解绑'],
    [10, '产品移交'],
    [11, '续费设置'],
    [12, '消息接收设置'],
  ])('type %i is %s', (type, label) => {
    expect(logTypeLabel(type)).toBe(label)
    expect(logTypeLabel(String(type))).toBe(label)
  })

  it.each([99, -1, null, undefined])('type %p outside the table is 其他', (type) =>
    expect(logTypeLabel(type)).toBe('其他'),
  )

  it.each([
    [0, '成功', false],
    [1, '失败', true],
  ])('status %i is %s', (status, label, failed) => {
    expect(logStatusLabel(status)).toBe(label)
    expect(isFailedLog(status)).toBe(failed)
  })

  it('shows -- for an unknown status', () => expect(logStatusLabel(7)).toBe('--'))
})

describe('operation log page (account-area §2)', () => {
  it('goes back to /accountManage when that page exists, else to /index', () => {
    expect(logBackPath(SPEC_ROUTES)).toBe('/accountManage')
    expect(logBackPath(SPEC_ROUTES.filter((r) => r.path !== '/accountManage'))).toBe('/index')
  })

  it('is left for /accountManage when the personal info state is false', () => {
    expect(canSeeOperationLog({ state: 1 })).toBe(true)
    expect(canSeeOperationLog({ state: 0 })).toBe(false)
    expect(canSeeOperationLog(null)).toBe(true)
  })
})
