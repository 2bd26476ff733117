import {
  fullNameError,
  mailboxError,
  positionError,
  validateSubAdmin,
} from '../../../src/core/validation/sub-admin'
import {
  activeStateLabel,
  canManageSubAdmins,
  mailboxSuggestions,
} from '../../../src/features/sub-accounts/rules'

describe('sub-admin name (account-area §5: 1-32 characters, 请输入姓名)', () => {
  it.each([
    ['', '请输入姓名'],
    ['   ', '请输入姓名'],
    ['李', null],
    ['名'.repeat(32), null],
    ['名'.repeat(33), '姓名不能超过32个字符'],
    ['a'.repeat(33), '姓名不能超过32个字符'],
    [`  ${'名'.repeat(32)}  `, null],
  ])('%j -> %j', (name, message) => expect(fullNameError(name)).toBe(message))
})

describe('sub-admin mailbox (§5: @ with a dot after it, 请输入正确的邮箱)', () => {
  it.each([
    ['', '请输入邮箱'],
    ['li', '请输入正确的邮箱'],
    ['li@qq', '请输入正确的邮箱'],
    ['li.qq@com', '请输入正确的邮箱'],
    ['@qq.com', '请输入正确的邮箱'],
    ['li@.com', '请输入正确的邮箱'],
    ['li@qq.', '请输入正确的邮箱'],
    ['li@@qq.com', '请输入正确的邮箱'],
    ['li @qq.com', '请输入正确的邮箱'],
    ['li@qq.com', null],
    [' li@xingchen-demo.cn ', null],
  ])('%j -> %j', (mailbox, message) => expect(mailboxError(mailbox)).toBe(message))
})

describe('sub-admin position (§5: chosen from the dictionary, 请输入职位)', () => {
  it.each([
    ['', undefined, '请输入职位'],
    ['1', undefined, null],
    ['1', ['1', '2'], null],
    ['9', ['1', '2'], '请输入职位'],
  ])('%j among %j -> %j', (value, positions, message) =>
    expect(positionError(value, positions)).toBe(message),
  )
})

it('reports the first error of every field of the form', () => {
  expect(validateSubAdmin({ fullName: '', mailbox: 'x', phoneNumber: '', position: '' })).toEqual({
    fullName: '请输入姓名',
    mailbox: '请输入正确的邮箱',
    phoneNumber: '请输入手机号',
    position: '请输入职位',
  })
  expect(
    validateSubAdmin({ fullName: '李', mailbox: 'a@b.cn', phoneNumber: '1380000', position: '1' }),
  ).toEqual({
    phoneNumber: '请输入正确的手机号',
  })
})

describe('mailbox suggestions (§5: qq, gmail, 126, 163, hotmail, yahoo, {host}.cn, live, sohu, sina)', () => {
  it('offers nothing before an @ is typed', () => {
    expect(mailboxSuggestions('li')).toEqual([])
    expect(mailboxSuggestions('@qq')).toEqual([])
  })

  it('offers every domain in the spec’s order right after the @', () => {
    expect(mailboxSuggestions('li@')).toEqual([
      'li@qq.com',
      'li@gmail.com',
      'li@126.com',
      'li@163.com',
      'li@hotmail.com',
      'li@yahoo.com',
      'li@live.com',
      'li@sohu.com',
      'li@sina.com',
    ])
  })

  it.each([
    ['li@q', ['li@qq.com', 'li@q.cn']],
    ['li@s', ['li@s.cn', 'li@sohu.com', 'li@sina.com']],
    ['li@xingchen', ['li@xingchen.cn']],
    ['li@1', ['li@126.com', 'li@163.com', 'li@1.cn']],
    ['li@qq.', ['li@qq.com']],
    ['li@qq.com', []],
    ['LI@QQ.COM', []],
    ['li@a@b', []],
  ])('%j offers %j', (typed, offered) => expect(mailboxSuggestions(typed)).toEqual(offered))
})

it('labels activation states and lets only the main account manage (§4, §6)', () => {
  expect(activeStateLabel(1)).toBe('已激活')
  expect(activeStateLabel(0)).toBe('未激活')
  expect(canManageSubAdmins(0)).toBe(true)
  expect(canManageSubAdmins(1)).toBe(false)
})
