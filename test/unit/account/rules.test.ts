import { isFreshSession } from '../../../server/services/account/account-reverify'
import { PASSWORD_MODEL } from '../../../src/core/contract/account-settings'
import type { RouteDef } from '../../../src/core/routing/routes'
import {
  accountFullNameError,
  accountReferralCodeError,
  isIpv4,
  joinMask,
  maskAddress,
  maskAllows,
  maskEntriesError,
  memberAccountError,
  sanitizeName,
  splitMask,
  textWidth,
  validatePasswordChange,
} from '../../../src/core/validation/account'
import {
  accountLinks,
  accountSections,
  checkMaskEntries,
  entriesWithCurrentIp,
  isPasswordStale,
  maskEmail,
  maskPayload,
  passwordAction,
} from '../../../src/features/account/rules'

describe('account name (§5: special characters stripped, 32 width units, a Chinese character counts 2)', () => {
  it.each([
    ['abc', 3],
    ['星辰', 4],
    ['星辰ab', 6],
  ])('%s is %i units wide', (text, width) => {
    expect(textWidth(text)).toBe(width)
  })

  it.each([
    ['demo_main', 'demo_main'],
    ['demo main!@#', 'demomain'],
    ['星辰-科技', '星辰科技'],
    ['a'.repeat(40), 'a'.repeat(32)],
    ['一二三四五六七八九十一二三四五六七', '一二三四五六七八九十一二三四五六'],
    ['一二三四五六七八九十一二三四五六a', '一二三四五六七八九十一二三四五六'],
    ['a一二三四五六七八九十一二三四五六', 'a一二三四五六七八九十一二三四五'],
  ])('%s is kept as %s', (typed, kept) => {
    expect(sanitizeName(typed)).toBe(kept)
    expect(textWidth(sanitizeName(typed))).toBeLessThanOrEqual(32)
  })

  it.each([
    ['', '请输入新的账号'],
    ['   ', '请输入新的账号'],
    ['bad name', '不能包含特殊字符，且不超过32个字符（中文算2个）'],
    ['13800000001', '账号不能为纯数字'],
    ['demo_main', null],
    ['星辰科技', null],
  ])('member account %j: %s', (value, message) => {
    expect(memberAccountError(value)).toBe(message)
  })

  it.each([
    ['', '请输入姓名'],
    ['张星辰', null],
    ['一二三四五六七八九十一二三四五六七', '不能包含特殊字符，且不超过32个字符（中文算2个）'],
  ])('full name %j: %s', (value, message) => {
    expect(accountFullNameError(value)).toBe(message)
  })
})

describe('referral code (§5: 6 letters and digits)', () => {
  it.each([
    ['AB12cd', null],
    ['123456', null],
    ['', '请输入6位数字+字母的推荐码'],
    ['ab12', '请输入6位数字+字母的推荐码'],
    ['ab-123', '请输入6位数字+字母的推荐码'],
    ['abc1234', '请输入6位数字+字母的推荐码'],
  ])('%j: %s', (value, message) => {
    expect(accountReferralCodeError(value)).toBe(message)
  })
})

describe('password action (§4: model 0 sets, model 1 changes with the current password)', () => {
  const good = { oldPassword: 'Demo@12345', password: 'Better#2026', passwordAgain: 'Better#2026' }

  it.each([
    [PASSWORD_MODEL.set, '设置密码', false],
    [PASSWORD_MODEL.change, '修改密码', true],
  ])('model %i is %s', (model, title, needsOldPassword) => {
    expect(passwordAction(model)).toEqual({ title, needsOldPassword })
  })

  it.each([
    [
      '请输入当前密码 for model 1',
      { ...good, oldPassword: '' },
      PASSWORD_MODEL.change,
      { oldPassword: '请输入当前密码' },
    ],
    ['no current password for model 0', { ...good, oldPassword: '' }, PASSWORD_MODEL.set, {}],
    [
      '请输入登录密码',
      { ...good, password: '', passwordAgain: '' },
      PASSWORD_MODEL.change,
      {
        password: '请输入登录密码',
        passwordAgain: '请输入确认登录密码',
      },
    ],
    [
      '密码应该由英文大小写、数字、符号组成，不少于8位',
      { ...good, password: 'abcdefgh', passwordAgain: 'abcdefgh' },
      1,
      {
        password: '密码应该由英文大小写、数字、符号组成，不少于8位',
      },
    ],
    [
      '两次密码不一致，请重新输入',
      { ...good, passwordAgain: 'Other#2026' },
      1,
      {
        passwordAgain: '两次密码不一致，请重新输入',
      },
    ],
    ['passwords are trimmed', { ...good, password: ' Better#2026 ' }, 1, {}],
  ] as const)('%s', (_name, form, model, errors) => {
    expect(validatePasswordChange(form, model)).toEqual(errors)
  })
})

describe('login mask (§3 comma-joined IPv4 list, §4 status, §5 messages)', () => {
  it.each([
    ['127.0.0.1', true],
    ['192.168.10.8', true],
    ['255.255.255.255', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['01.2.3.4', false],
    ['a.b.c.d', false],
    ['::1', false],
  ])('%s is an IPv4 address: %s', (value, valid) => {
    expect(isIpv4(value)).toBe(valid)
  })

  it.each([
    [[], { index: 0, message: '请输入登录掩码' }],
    [['127.0.0.1', ''], { index: 1, message: '请输入登录掩码' }],
    [['127.0.0.1', '10.0.0.300'], { index: 1, message: '登录掩码格式有误' }],
    [['127.0.0.1', '10.0.0.1', ' 127.0.0.1 '], { index: 2, message: '登录掩码重复' }],
    [['127.0.0.1', '10.0.0.1'], null],
  ])('%j: %j', (entries, error) => {
    expect(maskEntriesError(entries)).toEqual(error)
  })

  it('clears the offending entry and keeps the others as typed', () => {
    expect(checkMaskEntries(['127.0.0.1', 'bad', '10.0.0.1'])).toEqual({
      entries: ['127.0.0.1', '', '10.0.0.1'],
      error: { index: 1, message: '登录掩码格式有误' },
    })
    expect(checkMaskEntries(['127.0.0.1', '127.0.0.1'])).toEqual({
      entries: ['127.0.0.1', ''],
      error: { index: 1, message: '登录掩码重复' },
    })
    expect(checkMaskEntries([' 127.0.0.1 '])).toEqual({ entries: ['127.0.0.1'], error: null })
  })

  it.each([
    [true, ['127.0.0.1', '10.0.0.1'], { status: 0, ip: '127.0.0.1,10.0.0.1' }],
    [false, ['127.0.0.1'], { status: 1, ip: '' }],
  ])('switch on=%s sends %j', (enabled, entries, payload) => {
    expect(maskPayload(enabled, entries)).toEqual(payload)
  })

  it('splits and joins the comma list', () => {
    expect(splitMask('127.0.0.1, 10.0.0.1')).toEqual(['127.0.0.1', '10.0.0.1'])
    expect(splitMask('')).toEqual([])
    expect(joinMask([' 127.0.0.1', '10.0.0.1 '])).toBe('127.0.0.1,10.0.0.1')
  })

  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::1', '127.0.0.1'],
    ['10.0.0.1', '10.0.0.1'],
    ['2001:db8::1', '2001:db8::1'],
  ])('compares %s as %s', (ip, compared) => {
    expect(maskAddress(ip)).toBe(compared)
  })

  it.each([
    [{ enabled: false, ips: '' }, '203.0.113.9', true],
    [{ enabled: true, ips: '127.0.0.1,10.0.0.1' }, '::ffff:127.0.0.1', true],
    [{ enabled: true, ips: '127.0.0.1,10.0.0.1' }, '10.0.0.1', true],
    [{ enabled: true, ips: '127.0.0.1,10.0.0.1' }, '10.0.0.2', false],
    [{ enabled: true, ips: '127.0.0.1' }, '2001:db8::1', false],
  ])('mask %j lets %s log in: %s', (mask, ip, allowed) => {
    expect(maskAllows(mask, ip)).toBe(allowed)
  })

  it.each([
    [[], '127.0.0.1', ['127.0.0.1']],
    [['10.0.0.1'], '127.0.0.1', ['127.0.0.1', '10.0.0.1']],
    [['10.0.0.1', '127.0.0.1'], '127.0.0.1', ['10.0.0.1', '127.0.0.1']],
    [[], '', ['']],
  ])('offers the current address first: %j + %s', (entries, ip, offered) => {
    expect(entriesWithCurrentIp(entries, ip)).toEqual(offered)
  })
})

describe('password staleness (§9: warning after 90 days)', () => {
  const now = new Date('2026-06-01T00:00:00Z')
  it.each([
    ['2026-05-01T00:00:00Z', false],
    ['2026-03-03T00:00:00Z', false],
    ['2026-03-02T00:00:00Z', true],
    ['2026-02-01T00:00:00Z', true],
    [null, false],
    ['not a date', false],
  ])('changed %s: stale %s', (changedAt, stale) => {
    expect(isPasswordStale(changedAt, now)).toBe(stale)
  })
})

describe('masking (§2: phone keeps 3 + 4 digits, e-mail shown masked)', () => {
  it.each([
    ['owner@xingchen-demo.cn', 'o***@xingchen-demo.cn'],
    ['a@b.cn', 'a***@b.cn'],
    ['', ''],
    [null, ''],
  ])('%s is shown as %s', (email, shown) => {
    expect(maskEmail(email)).toBe(shown)
  })
})

describe('roles and links (§2, §6)', () => {
  it.each([
    [0, { loginMask: true, referralCode: true, productTransfer: true, memberAccountEditable: true }],
    [1, { loginMask: false, referralCode: false, productTransfer: false, memberAccountEditable: false }],
  ])('role %i sees %j', (role, sections) => {
    expect(accountSections(role)).toEqual(sections)
  })

  const routes: RouteDef[] = [
    { path: '/log', page: 'pages/log/index', title: '操作日志' },
    { path: '/productTransfer', page: 'index', subPackage: 'pages/productTransfer', title: '产品移交' },
  ]

  it.each([
    // Product transfer has its own row under 安全设置: never a second entry here.
    ['the main account with state 1', { role: 0, state: 1 }, routes, ['/log']],
    ['a sub-admin', { role: 1, state: 1 }, routes, ['/log']],
    ['state 0 hides the operation log', { role: 0, state: 0 }, routes, []],
    ['pages not built are not offered', { role: 0, state: 1 }, routes.slice(0, 1), ['/log']],
  ])('%s', (_name, info, table, paths) => {
    expect(accountLinks(info, table).map((link) => link.path)).toEqual(paths)
  })
})

describe('fresh session (sensitive changes: 10 minutes after credentials were shown)', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
  it.each([
    ['a login just now', ago(0), true],
    ['a re-verification 10 minutes ago', ago(10), true],
    ['credentials 11 minutes ago', ago(11), false],
    ['never (account switch, entry link)', null, false],
  ])('%s: fresh %s', (_name, verifiedAt, fresh) => {
    expect(isFreshSession(verifiedAt, now)).toBe(fresh)
  })
})
