// Account settings (account-area §2, §4, §5, §6, §7): re-verification before sensitive changes, each
// change, its role and ownership checks, its operation-log entry and the login mask at login.
import { and, count, desc, eq } from 'drizzle-orm'
import { minutes } from '../../server/context'
import { ACCOUNT_DEMO } from '../../server/seed/account'
import { accounts, knownAddresses, members, operateRecords, sessions } from '../../server/db/schema'
import { REVERIFY_CODE, REVERIFY_REQUIRED } from '../../src/core/contract/fresh-session'
import { SWITCH_SIGN_PREFIX } from '../../src/core/config/shared'
import { switchSignature } from '../../src/core/crypto/switch-sign'
import { DEMO, DEMO_PASSWORD, encrypt, useTestServer } from './support/harness'

const server = useTestServer()
let nextPhone = 1

// Past the 60 s resend lock and the hourly limits of earlier tests.
beforeEach(() => server.clock.advance(minutes(61)))

/** A stale session's refusal of `action` (4031 names the member's method and what was refused). */
const stale = (action: string) => ({
  code: REVERIFY_CODE,
  message: REVERIFY_REQUIRED,
  data: { method: 'sms', action },
})
const STALE = stale('修改邮箱')
const refused = (code: number, message: string) => ({ code, message, data: null })
const WRONG_PASSWORD = refused(400, '请输入正确的密码')
const NEW_PASSWORD = 'Better#2026'

/** A member of its own (main account mc<phone>, password Demo@12345) and a logged-in token. */
async function freshMember(): Promise<{ phone: string; token: string; memberId: number }> {
  const phone = `1370000${String(nextPhone++).padStart(4, '0')}`
  const created = await server.post<{ memberId: number }>('/__dev/members', {
    phone,
    password: DEMO_PASSWORD,
  })
  return { phone, token: await server.tokenFor(phone), memberId: created.data.memberId }
}

/** Sends a re-verification code to the session's bound phone and confirms it. */
async function reverify(token: string, phone: string) {
  const slider = await server.solvedSlider(undefined, { token })
  const sent = await server.post('/api/app/account/reverify/sendSmsCode', slider, { token })
  expect(sent).toEqual({ code: 200, message: '已发送', data: null })
  const code = await server.latestSms(phone, 'reverify')
  return server.post('/api/app/account/reverify/confirm', { code }, { token })
}

async function accountOf(phone: string) {
  const [row] = await server.db
    .select()
    .from(accounts)
    .where(eq(accounts.memberAccount, `mc${phone}`))
  return row
}

/** As if the member had confirmed a login from `ip` before: a password login there is not pending. */
async function knowAddress(phone: string, ip: string) {
  const [member] = await server.db.select().from(members).where(eq(members.phone, phone))
  const at = server.clock()
  await server.db.insert(knownAddresses).values({ memberId: member.id, ip, firstSeenAt: at, lastSeenAt: at })
}

async function latestLog(memberAccount: string) {
  const [row] = await server.db
    .select()
    .from(operateRecords)
    .where(eq(operateRecords.memberAccount, memberAccount))
    .orderBy(desc(operateRecords.id))
    .limit(1)
  return row
}

const passwordBody = (old: string, password: string, again = password, model = 1) => ({
  oldPassword: old ? encrypt(old) : '',
  password: encrypt(password),
  passwordAgain: encrypt(again),
  model,
})

describe('re-verification before a sensitive change', () => {
  it('a session 10 minutes after its login must confirm an SMS to the bound phone, then is fresh again', async () => {
    const { phone, token } = await freshMember()
    const change = () => server.post('/api/pc/editAccountEmail', { mailbox: 'a@b.cn' }, { token })
    server.clock.advance(minutes(11))
    expect(await change()).toEqual(STALE)

    expect(await reverify(token, phone)).toEqual({ code: 200, message: '验证成功', data: null })
    expect((await change()).code).toBe(200)

    server.clock.advance(minutes(11))
    expect(await change()).toEqual(STALE)
  })

  it('a wrong code, a used code and a code of another purpose do not re-verify', async () => {
    const { phone, token } = await freshMember()
    server.clock.advance(minutes(11))
    const confirm = (code: string | null) =>
      server.post('/api/app/account/reverify/confirm', { code }, { token })
    expect(await confirm('000000')).toEqual(refused(400, '请输入正确的手机号和验证码'))
    expect(await confirm('')).toEqual(refused(400, '请输入手机号验证码'))

    await reverify(token, phone)
    const used = await server.latestSms(phone, 'reverify')
    server.clock.advance(minutes(11))
    expect(await confirm(used)).toEqual(refused(400, '请输入正确的手机号和验证码'))

    expect((await server.sendSms(phone, 'login')).code).toBe(200)
    expect(await confirm(await server.latestSms(phone, 'login'))).toEqual(
      refused(400, '请输入正确的手机号和验证码'),
    )
    expect(await server.post('/api/pc/editAccountEmail', { mailbox: 'a@b.cn' }, { token })).toEqual(STALE)
  })

  it('the send needs a slider solved for the bound phone', async () => {
    const { token } = await freshMember()
    const unsolved = await server.slider()
    const sent = await server.post(
      '/api/app/account/reverify/sendSmsCode',
      { captchaId: unsolved.id, captchaData: unsolved.captchaData },
      { token },
    )
    expect(sent).toEqual(refused(400, '请先完成滑块验证'))
  })

  it('a session from an account switch starts stale: switching back and forth does not make it fresh', async () => {
    const login = await server.login(DEMO.owner)
    const roles = await server.get<{ accountId: number; subAccountId: number; role: number }[]>(
      '/api/app/account/getAccountList',
      { token: login.data.token },
    )
    const { accountId, subAccountId, role } = roles.data.find((item) => item.role === 1)!
    const target = { accountId, subAccountId, role }
    const switched = await server.post<{ token: string }>(
      '/api/app/account/switchAccount',
      { ...target, sign: switchSignature(SWITCH_SIGN_PREFIX, target) },
      { token: login.data.token },
    )
    const token = switched.data.token
    expect(await server.post('/api/pc/editAccountEmail', { mailbox: 'a@b.cn' }, { token })).toEqual(STALE)
    expect(await reverify(token, DEMO.owner)).toMatchObject({ code: 200 })
    expect(
      (await server.post('/api/pc/editAccountEmail', { mailbox: 'zxc@xingchen-demo.cn' }, { token })).code,
    ).toBe(200)
  })

  it.each([
    ['/api/pc/updatePassword', passwordBody(DEMO_PASSWORD, NEW_PASSWORD), '修改密码'],
    [
      '/api/pc/updateBingPhone',
      { bindPhone: '13900000000', code: '123456', uuId: 'x', verificationCode: 'x' },
      '绑定、修改手机号',
    ],
    ['/api/pc/editAccountEmail', { mailbox: 'a@b.cn' }, '修改邮箱'],
    ['/api/pc/saveMyIp', { status: 1, ip: '' }, '登录掩码'],
    ['/api/pc/cancelAccount', { confirmed: true }, '注销账号'],
  ])('%s needs a fresh session', async (url, body, action) => {
    const { token } = await freshMember()
    server.clock.advance(minutes(11))
    expect(await server.post(url, body, { token })).toEqual(stale(action))
  })
})

describe('account info and name', () => {
  it('getPersonalInfo keeps its contract and carries the referral code', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    const info = await server.get<Record<string, unknown>>('/api/pc/getPersonalInfo', { token })
    expect(info.data).toMatchObject({
      memberAccount: DEMO.otherAccount,
      bindPhone: DEMO.otherOwner,
      state: 1,
    })
    expect(info.data).toHaveProperty('referralCode')
    expect(info.data).toHaveProperty('passwordUpdatedAt')
  })

  it('a main account renames itself and changes its member account', async () => {
    const { phone, token } = await freshMember()
    const saved = await server.post(
      '/api/pc/editAccountFullNameAndMemberAccount',
      { memberAccount: `acct${phone}`, fullName: '新名字' },
      { token },
    )
    expect(saved).toEqual({ code: 200, message: '保存成功', data: null })
    const info = await server.get<{ memberAccount: string; accountName: string }>('/api/pc/getPersonalInfo', {
      token,
    })
    expect(info.data).toMatchObject({ memberAccount: `acct${phone}`, accountName: '新名字' })
    expect((await server.login(`ACCT${phone}`)).code).toBe(200)
  })

  it.each([
    [{ memberAccount: '', fullName: '名字' }, '请输入新的账号'],
    [{ memberAccount: 'ok_name', fullName: '' }, '请输入姓名'],
    [{ memberAccount: 'bad name!', fullName: '名字' }, '不能包含特殊字符，且不超过32个字符（中文算2个）'],
    [
      { memberAccount: 'ok_name', fullName: '一二三四五六七八九十一二三四五六七' },
      '不能包含特殊字符，且不超过32个字符（中文算2个）',
    ],
    [{ memberAccount: '13912345678', fullName: '名字' }, '账号不能为纯数字'],
    [{ memberAccount: 'DEMO_OTHER', fullName: '名字' }, '该账号已存在，请换一个'],
  ])('refuses %j with %s', async (body, message) => {
    const { token } = await freshMember()
    expect(await server.post('/api/pc/editAccountFullNameAndMemberAccount', body, { token })).toEqual(
      refused(400, message),
    )
  })

  it('a sub-admin may rename itself but not change the member account', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    const url = '/api/pc/editAccountFullNameAndMemberAccount'
    expect(await server.post(url, { memberAccount: 'taken_over', fullName: '李子管' }, { token })).toEqual(
      refused(403, '子管理员不能修改账号'),
    )
    expect((await server.post(url, { memberAccount: '', fullName: '李子管二' }, { token })).code).toBe(200)
    const [main] = await server.db.select().from(accounts).where(eq(accounts.memberAccount, DEMO.mainAccount))
    expect(main.accountName).toBe('星辰科技')
    const info = await server.get<{ userName: string }>('/api/pc/getPersonalInfo', { token })
    expect(info.data.userName).toBe('李子管二')
  })
})

describe('password', () => {
  it('checkPassword says whether a password is set (model 1) or not (model 0)', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    expect((await server.get('/api/pc/checkPassword', { token })).data).toEqual({ model: 1 })
    const noPassword = await server.sendSms(ACCOUNT_DEMO.noPasswordPhone, 'login')
    expect(noPassword.code).toBe(200)
    const login = await server.post<{ token: string }>('/api/app/phoneLogin', {
      phone: ACCOUNT_DEMO.noPasswordPhone,
      code: await server.latestSms(ACCOUNT_DEMO.noPasswordPhone, 'login'),
    })
    const set = login.data.token
    expect((await server.get('/api/pc/checkPassword', { token: set })).data).toEqual({ model: 0 })
    expect(
      await server.post('/api/pc/updatePassword', passwordBody('', NEW_PASSWORD, NEW_PASSWORD, 0), {
        token: set,
      }),
    ).toEqual({
      code: 200,
      message: '设置成功',
      data: null,
    })
    expect((await server.get('/api/pc/checkPassword', { token: set })).data).toEqual({ model: 1 })
    expect((await server.login(ACCOUNT_DEMO.noPasswordPhone, NEW_PASSWORD)).code).toBe(200)
  })

  it.each([
    ['请输入当前密码', passwordBody('', NEW_PASSWORD)],
    ['请输入登录密码', passwordBody(DEMO_PASSWORD, '')],
    ['密码应该由英文大小写、数字、符号组成，不少于8位', passwordBody(DEMO_PASSWORD, 'weakpass')],
    ['请输入确认登录密码', { ...passwordBody(DEMO_PASSWORD, NEW_PASSWORD), passwordAgain: '' }],
    ['两次密码不一致，请重新输入', passwordBody(DEMO_PASSWORD, NEW_PASSWORD, 'Other#2026')],
    ['请输入正确的密码', { ...passwordBody(DEMO_PASSWORD, NEW_PASSWORD), password: 'not-encrypted' }],
  ])('refuses a change with %s', async (message, body) => {
    const { token } = await freshMember()
    expect(await server.post('/api/pc/updatePassword', body, { token })).toEqual(refused(400, message))
  })

  it('a wrong current password is refused and logged as a failed type-1 entry', async () => {
    const { phone, token } = await freshMember()
    expect(
      await server.post('/api/pc/updatePassword', passwordBody('Wrong#12345', NEW_PASSWORD), { token }),
    ).toEqual(refused(400, '请输入正确的密码'))
    expect(await latestLog(`mc${phone}`)).toMatchObject({ type: 1, status: 1 })
  })

  it('wrong current passwords count in the member’s login run: the sixth try, and a login, meet the lock', async () => {
    const { phone, token } = await freshMember()
    for (let i = 0; i < 5; i += 1) {
      expect(
        await server.post('/api/pc/updatePassword', passwordBody('Wrong#12345', NEW_PASSWORD), { token }),
      ).toEqual(WRONG_PASSWORD)
    }
    const LOCKED = refused(429, '登录失败次数过多，账号已锁定，请15分钟后再试')
    expect(
      await server.post('/api/pc/updatePassword', passwordBody(DEMO_PASSWORD, NEW_PASSWORD), { token }),
    ).toEqual(LOCKED)
    expect(await server.login(phone)).toEqual(LOCKED)
    expect(await server.login(`mc${phone}`)).toEqual(LOCKED)
  })

  it('a right current password ends the failure run', async () => {
    const { phone, token } = await freshMember()
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await server.post('/api/pc/updatePassword', passwordBody('Wrong#12345', NEW_PASSWORD), { token }))
          .code,
      ).toBe(400)
    }
    expect(
      (await server.post('/api/pc/updatePassword', passwordBody(DEMO_PASSWORD, NEW_PASSWORD), { token }))
        .code,
    ).toBe(200)
    expect((await server.login(phone, 'Wrong#12345')).code).toBe(400)
    expect((await server.login(phone, NEW_PASSWORD)).code).toBe(200)
  })

  it('a change ends the member’s other sessions, keeps this one, and the new password logs in', async () => {
    const { phone, token, memberId } = await freshMember()
    const other = await server.tokenFor(phone)
    const before = await server.db.select().from(members).where(eq(members.id, memberId))
    server.clock.advance(1000)
    const changed = await server.post('/api/pc/updatePassword', passwordBody(DEMO_PASSWORD, NEW_PASSWORD), {
      token,
    })
    expect(changed).toEqual({ code: 200, message: '修改成功', data: null })

    expect((await server.get('/api/pc/getPersonalInfo', { token })).code).toBe(200)
    expect((await server.get('/api/pc/getPersonalInfo', { token: other })).code).toBe(996)
    const [after] = await server.db.select().from(members).where(eq(members.id, memberId))
    expect(after.passwordUpdatedAt!.getTime()).toBeGreaterThan(before[0].passwordUpdatedAt!.getTime())
    expect(await latestLog(`mc${phone}`)).toMatchObject({ type: 1, status: 0 })
    expect((await server.login(phone)).code).toBe(400)
    expect((await server.login(phone, NEW_PASSWORD)).code).toBe(200)
  })
})

describe('login phone', () => {
  /** A change-phone code sent to `phone` for the session. */
  async function sendChangeCode(token: string, phone: string) {
    const slider = await server.solvedSlider(phone)
    return server.post('/api/pc/sendSmsCode2', { phone, ...slider }, { token })
  }

  it('moves the login to the new phone with the image captcha and a single-use code sent to it', async () => {
    const { phone, token } = await freshMember()
    const other = await server.tokenFor(phone)
    const newPhone = `1360000${phone.slice(-4)}`
    expect(await sendChangeCode(token, newPhone)).toEqual({ code: 200, message: '已发送', data: null })
    const code = await server.latestSms(newPhone, 'changePhone')

    const wrongCaptcha = await server.post(
      '/api/pc/updateBingPhone',
      { bindPhone: newPhone, code, uuId: (await server.captcha()).uuid, verificationCode: 'zzzz' },
      { token },
    )
    expect(wrongCaptcha).toEqual(refused(400, '图形验证码错误，请重新输入'))

    const captcha = await server.captcha()
    const body = { bindPhone: newPhone, code, uuId: captcha.uuid, verificationCode: captcha.answer }
    expect(await server.post('/api/pc/updateBingPhone', body, { token })).toEqual({
      code: 200,
      message: '修改成功',
      data: null,
    })
    expect(await latestLog(`mc${phone}`)).toMatchObject({ type: 2, status: 0 })
    // ASVS 7.4.3: the member's other sessions end with the old factor; this one stays.
    expect((await server.get('/api/pc/getPersonalInfo', { token: other })).code).toBe(996)
    expect((await server.get('/api/pc/getPersonalInfo', { token })).code).toBe(200)
    expect((await server.login(newPhone)).code).toBe(200)
    expect((await server.login(phone)).code).toBe(400)

    const again = await server.captcha()
    const reused = {
      bindPhone: `1350000${phone.slice(-4)}`,
      code,
      uuId: again.uuid,
      verificationCode: again.answer,
    }
    expect(await server.post('/api/pc/updateBingPhone', reused, { token })).toEqual(
      refused(400, '请输入正确的手机号和验证码'),
    )
  })

  it('a code of another purpose does not change the phone', async () => {
    const { token } = await freshMember()
    const newPhone = `1340000${String(nextPhone++).padStart(4, '0')}`
    expect((await server.sendSms(newPhone, 'register')).code).toBe(200)
    const captcha = await server.captcha()
    const body = {
      bindPhone: newPhone,
      code: await server.latestSms(newPhone, 'register'),
      uuId: captcha.uuid,
      verificationCode: captcha.answer,
    }
    expect(await server.post('/api/pc/updateBingPhone', body, { token })).toEqual(
      refused(400, '请输入正确的手机号和验证码'),
    )
  })

  it.each([
    [{ bindPhone: '', code: '123456', verificationCode: 'ab12' }, '请输入新手机号'],
    [{ bindPhone: '1234', code: '123456', verificationCode: 'ab12' }, '请输入正确的手机号'],
    [{ bindPhone: '13912340000', code: '123456', verificationCode: '' }, '请输入图形验证码'],
    [{ bindPhone: '13912340000', code: '', verificationCode: 'ab12' }, '请输入短信验证码'],
    [{ bindPhone: DEMO.otherOwner, code: '123456', verificationCode: 'ab12' }, '该手机号已绑定其他账号'],
  ])('refuses %j with %s', async (body, message) => {
    const { token } = await freshMember()
    expect(await server.post('/api/pc/updateBingPhone', { uuId: 'x', ...body }, { token })).toEqual(
      refused(400, message),
    )
  })

  it('sends no code to a phone another member holds, nor to the current one', async () => {
    const { phone, token } = await freshMember()
    expect(await sendChangeCode(token, DEMO.owner)).toEqual(refused(400, '该手机号已绑定其他账号'))
    expect(await sendChangeCode(token, phone)).toEqual(refused(400, '新手机号不能与当前手机号相同'))
  })
})

describe('e-mail and referral code', () => {
  it.each([
    ['', '请输入邮箱'],
    ['not-an-email', '请输入正确的邮箱'],
  ])('refuses mailbox %j with %s and logs the failure', async (mailbox, message) => {
    const { phone, token } = await freshMember()
    expect(await server.post('/api/pc/editAccountEmail', { mailbox }, { token })).toEqual(
      refused(400, message),
    )
    expect(await latestLog(`mc${phone}`)).toMatchObject({ type: 6, status: 1 })
  })

  it('binds the e-mail with a type-6 entry', async () => {
    const { phone, token } = await freshMember()
    expect(await server.post('/api/pc/editAccountEmail', { mailbox: 'me@example.cn' }, { token })).toEqual({
      code: 200,
      message: '保存成功',
      data: null,
    })
    expect((await server.get<{ email: string }>('/api/pc/getPersonalInfo', { token })).data.email).toBe(
      'me@example.cn',
    )
    expect(await latestLog(`mc${phone}`)).toMatchObject({ type: 6, status: 0 })
  })

  it('takes a 6-character referral code from the main account only', async () => {
    const { token } = await freshMember()
    const url = '/api/pc/updateAccountManagerByReferralCode'
    expect(await server.post(url, { referralCode: 'ab12' }, { token })).toEqual(
      refused(400, '请输入6位数字+字母的推荐码'),
    )
    expect(await server.post(url, { referralCode: 'ab-123' }, { token })).toEqual(
      refused(400, '请输入6位数字+字母的推荐码'),
    )
    expect((await server.post(url, { referralCode: 'AB12cd' }, { token })).code).toBe(200)
    expect(
      (await server.get<{ referralCode: string }>('/api/pc/getPersonalInfo', { token })).data.referralCode,
    ).toBe('AB12cd')
    const sub = await server.tokenFor(DEMO.subAdmin)
    expect(await server.post(url, { referralCode: 'ZZ9999' }, { token: sub })).toEqual(
      refused(403, '无权访问'),
    )
    const [main] = await server.db.select().from(accounts).where(eq(accounts.memberAccount, DEMO.mainAccount))
    expect(main.referralCode).not.toBe('ZZ9999')
  })
})

describe('login IP mask', () => {
  const ELSEWHERE = '198.51.100.77'

  it('is refused to a sub-admin', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    expect(await server.get('/api/pc/getMyIp', { token })).toEqual(refused(403, '无权访问'))
    expect(await server.post('/api/pc/saveMyIp', { status: 0, ip: '127.0.0.1' }, { token })).toEqual(
      refused(403, '无权访问'),
    )
  })

  it('answers the caller’s address as the mask compares it', async () => {
    const { token } = await freshMember()
    expect((await server.get('/api/pc/getClientIp', { token, ip: '::ffff:127.0.0.1' })).data).toEqual({
      ip: '127.0.0.1',
    })
  })

  it.each([
    ['', '请输入登录掩码'],
    ['127.0.0.1,', '请输入登录掩码'],
    ['127.0.0.1,300.1.1.1', '登录掩码格式有误'],
    ['127.0.0.1,10.0.0.1,127.0.0.1', '登录掩码重复'],
    ['10.0.0.1', '登录掩码须包含您当前的IP（127.0.0.1），否则您将无法登录'],
  ])('refuses the list %j with %s', async (ip, message) => {
    const { token } = await freshMember()
    expect(await server.post('/api/pc/saveMyIp', { status: 0, ip }, { token })).toEqual(refused(400, message))
    expect((await server.get('/api/pc/getMyIp', { token })).data).toEqual({ status: 1, ip: '' })
  })

  it('on: password, SMS and re-logins from outside the list are refused; off: allowed again', async () => {
    const { phone, token } = await freshMember()
    const saved = await server.post('/api/pc/saveMyIp', { status: 0, ip: '127.0.0.1, 10.0.0.8' }, { token })
    expect(saved).toEqual({ code: 200, message: '保存成功', data: null })
    expect((await server.get('/api/pc/getMyIp', { token })).data).toEqual({
      status: 0,
      ip: '127.0.0.1,10.0.0.8',
    })

    const refusal = refused(403, `当前IP（${ELSEWHERE}）不在该账号的登录掩码内，禁止登录，请联系主账号管理员`)
    // A password login is answered like a wrong password (see below); the log says why.
    expect(await server.login(phone, DEMO_PASSWORD, { ip: ELSEWHERE })).toEqual(WRONG_PASSWORD)
    expect(await latestLog(`mc${phone}`)).toMatchObject({
      type: 0,
      status: 1,
      ip: ELSEWHERE,
      content: `登录被拒绝：${refusal.message}`,
    })
    expect((await server.sendSms(phone, 'login', { ip: ELSEWHERE })).code).toBe(200)
    const code = await server.latestSms(phone, 'login')
    expect(await server.post('/api/app/phoneLogin', { phone, code }, { ip: ELSEWHERE })).toEqual(refusal)
    expect((await server.login(phone, DEMO_PASSWORD, { ip: '10.0.0.8' })).code).toBe(200)
    expect((await server.login(phone)).code).toBe(200)

    expect((await server.post('/api/pc/saveMyIp', { status: 1, ip: '' }, { token })).code).toBe(200)
    expect((await server.get('/api/pc/getMyIp', { token })).data).toEqual({ status: 1, ip: '' })
    expect((await server.login(phone, DEMO_PASSWORD, { ip: ELSEWHERE })).code).toBe(200)
  })

  it('a right password from outside the mask answers, and counts, exactly like a wrong one', async () => {
    const { phone, token } = await freshMember()
    await server.post('/api/pc/saveMyIp', { status: 0, ip: '127.0.0.1' }, { token })
    const right = await server.login(phone, DEMO_PASSWORD, { ip: ELSEWHERE })
    const wrong = await server.login(phone, 'Wrong@12345', { ip: ELSEWHERE })
    expect(right).toEqual(WRONG_PASSWORD)
    expect(right).toEqual(wrong)
    // No session was opened, and the attempt is a failure towards the lock like any other.
    for (let i = 0; i < 3; i += 1)
      expect(await server.login(phone, DEMO_PASSWORD, { ip: ELSEWHERE })).toEqual(wrong)
    expect(await server.login(phone)).toEqual(refused(429, '登录失败次数过多，账号已锁定，请15分钟后再试'))
    const [live] = await server.db
      .select({ total: count() })
      .from(sessions)
      .where(and(eq(sessions.ip, ELSEWHERE), eq(sessions.accountId, (await accountOf(phone)).id)))
    expect(live.total).toBe(0)
  })

  it('switched on, ends the account’s sessions from outside it, but not the caller’s own', async () => {
    const { phone, token } = await freshMember()
    const outside = await server.tokenFor(phone)
    await knowAddress(phone, '10.0.0.8')
    const inside = await server.login(phone, DEMO_PASSWORD, { ip: '10.0.0.8' })
    expect(inside.code).toBe(200)
    const personalInfo = (session: string) => server.get('/api/pc/getPersonalInfo', { token: session })

    // The caller logged in from 127.0.0.1 and saves a list of 10.0.0.8 from there.
    const saved = await server.post(
      '/api/pc/saveMyIp',
      { status: 0, ip: '10.0.0.8' },
      { token, ip: '10.0.0.8' },
    )
    expect(saved.code).toBe(200)
    expect((await personalInfo(outside)).code).toBe(996)
    expect((await personalInfo(inside.data.token)).code).toBe(200)
    expect((await personalInfo(token)).code).toBe(200)

    // Switching it off ends nothing.
    const again = await server.login(phone, DEMO_PASSWORD, { ip: '10.0.0.8' })
    expect(
      (await server.post('/api/pc/saveMyIp', { status: 1, ip: '' }, { token, ip: '10.0.0.8' })).code,
    ).toBe(200)
    expect((await personalInfo(again.data.token)).code).toBe(200)
  })

  it('one account’s mask never reaches another account', async () => {
    const first = await freshMember()
    const second = await freshMember()
    await server.post('/api/pc/saveMyIp', { status: 0, ip: '127.0.0.1' }, { token: first.token })
    expect((await server.get('/api/pc/getMyIp', { token: second.token })).data).toEqual({ status: 1, ip: '' })
    expect((await server.login(second.phone, DEMO_PASSWORD, { ip: ELSEWHERE })).code).toBe(200)
  })

  it('the seeded mask account still logs in from loopback', async () => {
    expect((await server.login(ACCOUNT_DEMO.maskPhone)).code).toBe(200)
    expect(await server.login(ACCOUNT_DEMO.maskAccount, DEMO_PASSWORD, { ip: ELSEWHERE })).toEqual(
      WRONG_PASSWORD,
    )
  })
})

describe('cancellation', () => {
  it('needs the confirmation', async () => {
    const { token } = await freshMember()
    expect(await server.post('/api/pc/cancelAccount', {}, { token })).toEqual(
      refused(400, '请先勾选确认注销选项'),
    )
  })

  it('puts a main account without blockers into 注销中; its sessions stay until the 7 days are over', async () => {
    const { phone, token, memberId } = await freshMember()
    expect(await server.post('/api/pc/cancelAccount', { confirmed: true }, { token })).toEqual({
      code: 200,
      message: '已提交注销申请，账号将在7天后注销',
      data: null,
    })
    const [account] = await server.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.ownerMemberId, memberId)))
    expect(account.state).toBe(1)
    expect((await server.get('/api/pc/getPersonalInfo', { token })).code).toBe(200)
    expect((await server.login(phone)).code).toBe(200)
  })
})
