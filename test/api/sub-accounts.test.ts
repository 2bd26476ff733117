import { and, count, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { SWITCH_SIGN_PREFIX } from '../../src/core/config/shared'
import { switchSignature } from '../../src/core/crypto/switch-sign'
import { accounts, members, operateRecords, outbox, subAccounts } from '../../server/db/schema'
import { DEMO_PENDING_SUB_ADMIN, DEMO_POSITIONS } from '../../server/seed/sub-accounts'
import {
  ACTIVATION_TTL_MS,
  INVITATION_WINDOW_MS,
  INVITATIONS_PER_ACCOUNT,
  INVITATIONS_PER_PHONE,
  SUB_ADMIN_LIMIT,
  TOO_MANY_INVITATIONS,
} from '../../server/services/sub-accounts/sub-accounts'
import { DEMO, DEMO_PASSWORD, useTestServer, type LoginData } from './support/harness'

const API = '/api/app/account'

interface Item {
  id: number
  fullName: string
  mailbox: string
  phoneNumber: string
  position: string
  positionName: string
  activeState: number
  isReceiveNotify: number
  isWebsiteManage: number
  isAdministrators: number
}

interface ListPage {
  list: Item[]
  total: number
  pages: number
}

interface Mail {
  channel: string
  to: string
  body: string
  link: string
  url: string
}

const server = useTestServer()
let mainAccountId: number
let otherAccountId: number
let owner: string
let otherOwner: string
let liZiguan: string
// Each new sub-admin gets its own phone, so SMS resend locks never meet.
let nextPhone = 13900000100

const newPhone = () => String(nextPhone++)

const form = (phoneNumber: string, overrides: Record<string, string> = {}) => ({
  fullName: '新管理员',
  mailbox: `admin${phoneNumber}@example.cn`,
  phoneNumber,
  position: '1',
  ...overrides,
})

beforeAll(async () => {
  const rows = await server.db.select().from(accounts)
  mainAccountId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherAccountId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
  owner = await server.tokenFor(DEMO.owner)
  otherOwner = await server.tokenFor(DEMO.otherOwner)
  liZiguan = await server.tokenFor(DEMO.subAdmin)
}, 60_000)

const list = (token: string, pageNum = 1, pageSize = 10) =>
  server.get<ListPage>(`${API}/getAccountSubAccountList?pageNum=${pageNum}&pageSize=${pageSize}`, { token })

async function add(token: string, body: object) {
  return server.post<Item>(`${API}/addAccountSubAccount`, body, { token })
}

/** The activation code of the newest link sent to a phone, read from the dev outbox. */
async function activeCodeFor(phone: string): Promise<string> {
  const mail = await server.get<Mail[]>(`/__dev/mail?to=${phone}`)
  expect(mail.code).toBe(200)
  return new URL(mail.data[0].url).searchParams.get('activeCode')!
}

async function sendActivationSms(activeCode: string, phone: string) {
  const slider = await server.solvedSlider(phone)
  return server.post(`${API}/sendActiveSmsCode`, { activeCode, phone, ...slider })
}

async function activate(activeCode: string, phone: string) {
  expect((await sendActivationSms(activeCode, phone)).code).toBe(200)
  const code = await server.latestSms(phone)
  return server.post<LoginData>(`${API}/activeAccountByActiveCode`, { activeCode, code, phone })
}

describe('position dictionary (account-area §3, §7)', () => {
  it('lists recipient_position as itemValue / itemText', async () => {
    const result = await server.get(`/api/pc/getListByCode?code=recipient_position`, { token: owner })
    expect(result.data).toEqual(DEMO_POSITIONS)
  })

  it('answers an unknown dictionary with an empty list and needs a session', async () => {
    expect((await server.get(`/api/pc/getListByCode?code=none`, { token: owner })).data).toEqual([])
    expect((await server.get(`/api/pc/getListByCode?code=recipient_position`)).code).toBe(996)
  })
})

describe('the sub-admin list (account-area §2, §7)', () => {
  it('pages the main account’s sub-admins with both activation states and their switches', async () => {
    const result = await list(owner)
    expect(result.code).toBe(200)
    expect(result.data.total).toBe(3)
    expect(result.data.pages).toBe(1)
    const byName = Object.fromEntries(result.data.list.map((item) => [item.fullName, item]))
    expect(byName['李子管']).toMatchObject({
      activeState: 1,
      isReceiveNotify: 1,
      isWebsiteManage: 0,
      positionName: '网站管理员',
      phoneNumber: DEMO.subAdmin,
      isAdministrators: 0,
    })
    expect(byName['赵运营']).toMatchObject({ activeState: 0, isReceiveNotify: 0, isWebsiteManage: 1 })
    expect(byName['王东华']).toMatchObject({ activeState: 0, phoneNumber: DEMO_PENDING_SUB_ADMIN.phone })
  })

  it('pages with pageNum and pageSize', async () => {
    const first = await list(owner, 1, 2)
    const second = await list(owner, 2, 2)
    expect(first.data).toMatchObject({ total: 3, pages: 2 })
    expect(first.data.list).toHaveLength(2)
    expect(second.data.list).toHaveLength(1)
    expect(second.data.list[0].id).not.toBe(first.data.list[0].id)
  })

  it('shows another account only its own sub-admins', async () => {
    const result = await list(otherOwner)
    expect(result.data.list.map((item) => item.fullName)).toEqual(['张星辰'])
  })

  it('lets a sub-account read its account’s list and detail, read-only, phones and mailboxes masked (§6)', async () => {
    const own = await list(owner)
    const masked = (a: Item) => ({
      ...a,
      phoneNumber: `${a.phoneNumber.slice(0, 3)}****${a.phoneNumber.slice(-4)}`,
      mailbox: `${a.mailbox.slice(0, 2)}***${a.mailbox.slice(a.mailbox.indexOf('@'))}`,
    })
    const seen = await list(liZiguan)
    expect(seen.data).toEqual({ ...own.data, list: own.data.list.map(masked) })
    for (const a of own.data.list) {
      expect(JSON.stringify(seen)).not.toContain(a.phoneNumber)
      expect(JSON.stringify(seen)).not.toContain(a.mailbox)
    }
    const [item] = own.data.list
    const detail = await server.get<Item>(`${API}/getAccountSubAccountDetail?id=${item.id}`, {
      token: liZiguan,
    })
    expect(detail.data).toEqual(masked(item))
    // Checks that lead to a change stay the main account's.
    expect((await server.get(`${API}/checkOderAvailable`, { token: liZiguan })).code).toBe(403)
    const phone = { phoneNumber: '13900009999' }
    expect((await server.post(`${API}/checkPhoneNumberAvailable`, phone, { token: liZiguan })).code).toBe(403)
  })

  it('refuses bad paging parameters and a missing session', async () => {
    expect((await list(owner, 0)).message).toBe('非法参数')
    expect((await list(owner, 1, 101)).message).toBe('非法参数')
    expect((await server.get(`${API}/getAccountSubAccountList?pageNum=1&pageSize=10`)).code).toBe(996)
  })

  it('gives the detail of an own sub-admin and refuses another account’s id', async () => {
    const [item] = (await list(owner)).data.list
    const detail = await server.get<Item>(`${API}/getAccountSubAccountDetail?id=${item.id}`, { token: owner })
    expect(detail.data).toEqual(item)
    const refused = await server.get(`${API}/getAccountSubAccountDetail?id=${item.id}`, { token: otherOwner })
    expect(refused).toEqual({ code: 404, message: '子管理员不存在', data: null })
  })
})

describe('adding a sub-admin (account-area §5)', () => {
  it.each([
    [{ fullName: '' }, '请输入姓名'],
    [{ fullName: '名'.repeat(33) }, '姓名不能超过32个字符'],
    [{ mailbox: '' }, '请输入邮箱'],
    [{ mailbox: 'a@b' }, '请输入正确的邮箱'],
    [{ phoneNumber: '' }, '请输入手机号'],
    [{ phoneNumber: '2391234' }, '请输入正确的手机号'],
    [{ position: '' }, '请输入职位'],
    [{ position: '99' }, '请输入职位'],
  ])('refuses %j with %s', async (overrides, message) => {
    const result = await add(owner, form(newPhone(), overrides))
    expect(result).toEqual({ code: 400, message, data: null })
  })

  it('says whether a phone is taken: the owner’s own or a live sub-admin’s', async () => {
    const check = (phoneNumber: string, token = owner) =>
      server.post<{ available: boolean }>(`${API}/checkPhoneNumberAvailable`, { phoneNumber }, { token })
    expect((await check(DEMO.owner)).data.available).toBe(false)
    expect((await check(DEMO.subAdmin)).data.available).toBe(false)
    expect((await check('13900009999')).data.available).toBe(true)
    // 李子管's phone is free for 云帆贸易.
    expect((await check(DEMO.subAdmin, otherOwner)).data.available).toBe(true)
    expect((await check(DEMO.owner, liZiguan)).code).toBe(403)
    expect(await add(owner, form(DEMO.subAdmin))).toEqual({
      code: 400,
      message: '该手机号已被使用',
      data: null,
    })
  })

  it('adds, answers 新增成功, logs type 3 and sends the link by SMS and e-mail', async () => {
    const phone = newPhone()
    const result = await add(owner, form(phone, { fullName: '  孙新  ' }))
    expect(result.code).toBe(200)
    expect(result.message).toBe('新增成功')
    expect(result.data).toMatchObject({
      fullName: '孙新',
      activeState: 0,
      isReceiveNotify: 1,
      isWebsiteManage: 1,
    })
    const sms = await server.get<Mail[]>(`/__dev/mail?to=${phone}`)
    const email = await server.get<Mail[]>(`/__dev/mail?to=admin${phone}@example.cn`)
    expect(sms.data[0]).toMatchObject({
      channel: 'sms',
      link: expect.stringMatching(/^\/activation\?activeCode=/),
    })
    expect(email.data[0]).toMatchObject({ channel: 'email', link: sms.data[0].link })
    expect(sms.data[0].body).toContain(sms.data[0].url)
    // No member is created for the phone until the link is used.
    expect(await server.db.select().from(members).where(eq(members.phone, phone))).toEqual([])
    const entries = await server.db
      .select()
      .from(operateRecords)
      .where(and(eq(operateRecords.accountId, mainAccountId), eq(operateRecords.type, 3)))
    const entry = entries.find((row) => row.content.includes('孙新'))
    expect(entry).toMatchObject({
      status: 0,
      memberAccount: DEMO.mainAccount,
      content: `新增子管理员 孙新（${phone.slice(0, 3)}****${phone.slice(-4)}）`,
    })
  })

  it('takes one mailbox per field and a name without control characters', async () => {
    const phone = newPhone()
    expect(await add(owner, form(phone, { mailbox: 'a,victim@example.com' }))).toMatchObject({
      code: 400,
      message: '请输入正确的邮箱',
    })
    const added = await add(owner, form(phone, { fullName: '孙\r\n新\u0007' }))
    expect(added.data).toMatchObject({ fullName: '孙新' })
    const email = await server.get<Mail[]>(`/__dev/mail?to=admin${phone}@example.cn`)
    expect(email.data[0].body).toContain('孙新，您好！')
  })

  it('makes the new sub-admin a recipient at once (接收通知 is on) and sends its confirmation links', async () => {
    const phone = newPhone()
    const result = await add(owner, form(phone))
    expect(result.code).toBe(200)
    const recipients = await server.get<{ list: { subAccountId: number; bingPhone: string }[] }>(
      '/api/pc/searchRecipientList?pageNum=1&pageSize=50',
      { token: owner },
    )
    expect(recipients.data.list).toContainEqual(
      expect.objectContaining({ subAccountId: result.data.id, bingPhone: phone, fullName: '新管理员' }),
    )
    for (const [to, validateType] of [
      [phone, '1'],
      [`admin${phone}@example.cn`, '2'],
    ]) {
      const links = (await server.get<Mail[]>(`/__dev/mail?to=${to}`)).data.map((m) => new URL(m.url))
      expect(
        links.filter((u) => u.pathname === '/validate').map((u) => u.searchParams.get('validateType')),
      ).toEqual([validateType])
    }
  })

  it('is a protected action: a session that showed no credentials re-verifies first, and nothing is added', async () => {
    // An entry link's session starts stale (account-reverify.ts).
    const minted = await server.post<{ token: string }>('/__dev/entryToken', { phone: DEMO.owner })
    const entered = await server.get<{ token: string }>(`/api/feignApi/fkToken?token=${minted.data.token}`)
    const token = entered.data.token
    const phone = newPhone()
    expect(await add(token, form(phone))).toEqual({
      code: 4031,
      message: '为了您的账号安全，请先完成短信验证',
      data: { method: 'sms', action: '子管理员的新增、修改、删除与验证要求' },
    })
    const rows = await server.db.select().from(subAccounts).where(eq(subAccounts.phoneNumber, phone))
    expect(rows).toEqual([])
  })

  it('refuses a sub-account and never adds for it', async () => {
    const phone = newPhone()
    expect(await add(liZiguan, form(phone))).toEqual({ code: 403, message: '无权访问', data: null })
    const rows = await server.db.select().from(subAccounts).where(eq(subAccounts.phoneNumber, phone))
    expect(rows).toEqual([])
  })

  it(`allows ${SUB_ADMIN_LIMIT} live sub-admins per account, then 暂不支持添加子管理员`, async () => {
    const fresh = await server.post<{ memberId: number }>('/__dev/members', {
      phone: '13900000099',
      password: 'Demo@12345',
    })
    expect(fresh.code).toBe(200)
    const token = await server.tokenFor('13900000099')
    for (let i = 0; i < SUB_ADMIN_LIMIT; i++) expect((await add(token, form(newPhone()))).code).toBe(200)
    const availability = await server.get(`${API}/checkOderAvailable`, { token })
    expect(availability.data).toEqual({ available: false, used: SUB_ADMIN_LIMIT, limit: SUB_ADMIN_LIMIT })
    expect(await add(token, form(newPhone()))).toEqual({
      code: 400,
      message: '暂不支持添加子管理员',
      data: null,
    })
    // Deleting one makes room again.
    const [first] = (await list(token)).data.list
    await server.post(`${API}/deleteAccountSubAccount`, { id: first.id }, { token })
    expect(
      (await server.get<{ available: boolean }>(`${API}/checkOderAvailable`, { token })).data.available,
    ).toBe(true)
  })
})

describe('editing, switches and deleting (account-area §2, §6, §8)', () => {
  // An account of its own, so these adds do not fill 星辰科技 up to the limit.
  let editor: string
  let editorAccountId: number
  beforeAll(async () => {
    await server.post('/__dev/members', { phone: '13900000098', password: 'Demo@12345' })
    const login = await server.login('13900000098')
    editor = login.data.token
    editorAccountId = login.data.accountId
  })

  async function freshSubAdmin() {
    const result = await add(editor, form(newPhone(), { fullName: '待编辑' }))
    return result.data
  }

  it('saves name, mailbox and position, keeps the phone read-only, logs type 4', async () => {
    const item = await freshSubAdmin()
    const saved = await server.post<Item>(
      `${API}/editAccountSubAccount`,
      { id: item.id, fullName: '已编辑', mailbox: 'edited@example.cn', position: '2' },
      { token: editor },
    )
    expect(saved.message).toBe('保存成功')
    expect(saved.data).toMatchObject({
      fullName: '已编辑',
      mailbox: 'edited@example.cn',
      positionName: '运营负责人',
    })
    const moved = await server.post(
      `${API}/editAccountSubAccount`,
      { ...form('13911112222'), id: item.id },
      { token: editor },
    )
    expect(moved).toEqual({ code: 400, message: '手机号不可修改', data: null })
    const invalid = await server.post(
      `${API}/editAccountSubAccount`,
      { id: item.id, fullName: '已编辑', mailbox: 'bad', position: '2' },
      { token: editor },
    )
    expect(invalid.message).toBe('请输入正确的邮箱')
    const logged = await server.db
      .select()
      .from(operateRecords)
      .where(and(eq(operateRecords.accountId, editorAccountId), eq(operateRecords.type, 4)))
    expect(logged.some((entry) => entry.content.includes('已编辑'))).toBe(true)
  })

  it('refuses to edit another account’s sub-admin, and a sub-account', async () => {
    const item = await freshSubAdmin()
    const body = { id: item.id, fullName: '改名', mailbox: 'x@y.cn', position: '1' }
    expect((await server.post(`${API}/editAccountSubAccount`, body, { token: otherOwner })).code).toBe(404)
    expect((await server.post(`${API}/editAccountSubAccount`, body, { token: liZiguan })).code).toBe(403)
    const detail = await server.get<Item>(`${API}/getAccountSubAccountDetail?id=${item.id}`, {
      token: editor,
    })
    expect(detail.data.fullName).toBe('待编辑')
  })

  it.each([
    ['seceiveNotifySwitch', 'isReceiveNotify'],
    ['websiteManageSwitch', 'isWebsiteManage'],
  ] as const)('%s sets %s to 0 or 1, for the main account only', async (call, field) => {
    const item = await freshSubAdmin()
    const off = await server.post(`${API}/${call}`, { id: item.id, status: 0 }, { token: editor })
    expect(off.code).toBe(200)
    let detail = await server.get<Item>(`${API}/getAccountSubAccountDetail?id=${item.id}`, { token: editor })
    expect(detail.data[field]).toBe(0)
    expect((await server.post(`${API}/${call}`, { id: item.id, status: 2 }, { token: editor })).message).toBe(
      '非法参数',
    )
    expect((await server.post(`${API}/${call}`, { id: item.id, status: 1 }, { token: liZiguan })).code).toBe(
      403,
    )
    expect(
      (await server.post(`${API}/${call}`, { id: item.id, status: 1 }, { token: otherOwner })).code,
    ).toBe(404)
    detail = await server.get<Item>(`${API}/getAccountSubAccountDetail?id=${item.id}`, { token: editor })
    expect(detail.data[field]).toBe(0)
  })

  it('deletes with 删除成功！, logs type 5; another account and a sub-account are refused', async () => {
    const item = await freshSubAdmin()
    expect(
      (await server.post(`${API}/deleteAccountSubAccount`, { id: item.id }, { token: otherOwner })).code,
    ).toBe(404)
    expect(
      (await server.post(`${API}/deleteAccountSubAccount`, { id: item.id }, { token: liZiguan })).code,
    ).toBe(403)
    const deleted = await server.post(`${API}/deleteAccountSubAccount`, { id: item.id }, { token: editor })
    expect(deleted).toEqual({ code: 200, message: '删除成功！', data: null })
    expect((await list(editor)).data.list.map((row) => row.id)).not.toContain(item.id)
    expect(
      (await server.post(`${API}/deleteAccountSubAccount`, { id: item.id }, { token: editor })).code,
    ).toBe(404)
    const logged = await server.db
      .select()
      .from(operateRecords)
      .where(and(eq(operateRecords.accountId, editorAccountId), eq(operateRecords.type, 5)))
    expect(logged.map((entry) => entry.content)).toEqual([
      `删除子管理员 待编辑（${item.phoneNumber.slice(0, 3)}****${item.phoneNumber.slice(-4)}）`,
    ])
    // The phone is free again.
    expect((await add(editor, form(item.phoneNumber))).code).toBe(200)
  })
})

describe('activation (account-area §4, §5, §8)', () => {
  it('shows the masked phone of a pending link', async () => {
    const activeCode = await activeCodeFor(DEMO_PENDING_SUB_ADMIN.phone)
    const info = await server.get(`${API}/getAccountInfoByActiveCode?activeCode=${activeCode}`)
    expect(info.data).toEqual({
      phone: DEMO_PENDING_SUB_ADMIN.phone,
      maskedPhone: '138****0007',
      fullName: '王东华',
      accountName: '星辰科技',
      activeState: 0,
    })
  })

  it('answers 非法参数 for an unknown code', async () => {
    const info = await server.get(`${API}/getAccountInfoByActiveCode?activeCode=nonsense`)
    expect(info).toEqual({ code: 400, message: '非法参数', data: null })
    const activated = await server.post(`${API}/activeAccountByActiveCode`, {
      activeCode: 'nonsense',
      code: '123456',
      phone: '13900000001',
    })
    expect(activated.message).toBe('非法参数')
  })

  it('activates a new phone once: creates the member, logs it in on the sub-admin role, 当前账户已被激活 afterwards', async () => {
    const phone = newPhone()
    await add(owner, form(phone, { fullName: '钱激活' }))
    const activeCode = await activeCodeFor(phone)

    expect((await sendActivationSms(activeCode, '13900009998')).message).toBe('非法参数')
    expect((await sendActivationSms(activeCode, phone)).code).toBe(200)
    const code = (await server.latestSms(phone))!
    const wrong = await server.post(`${API}/activeAccountByActiveCode`, {
      activeCode,
      code: code === '000000' ? '111111' : '000000',
      phone,
    })
    expect(wrong).toEqual({ code: 400, message: '请输入正确的手机号和验证码', data: null })
    const result = await server.post<LoginData>(`${API}/activeAccountByActiveCode`, {
      activeCode,
      code,
      phone,
    })
    expect(result.message).toBe('激活成功')
    expect(result.data).toEqual({
      token: expect.any(String),
      accountId: mainAccountId,
      subAccountId: expect.any(Number),
      role: 1,
    })
    const info = await server.get<{ role: number; userName: string; bindPhone: string }>(
      '/api/pc/getPersonalInfo',
      {
        token: result.data.token,
      },
    )
    expect(info.data).toMatchObject({ role: 1, userName: '钱激活', bindPhone: phone })
    // The new sub-admin reads the list but changes nothing in it.
    expect((await list(result.data.token)).data.total).toBeGreaterThan(0)
    expect((await add(result.data.token, form('13900009998'))).code).toBe(403)

    const again = await server.get<{ activeState: number }>(
      `${API}/getAccountInfoByActiveCode?activeCode=${activeCode}`,
    )
    expect(again.data).toMatchObject({ activeState: 1, phone: '' })
    const reused = await server.post(`${API}/activeAccountByActiveCode`, { activeCode, code, phone })
    expect(reused).toEqual({ code: 400, message: '当前账户已被激活，请直接进行登录！', data: null })
    const [row] = await server.db
      .select()
      .from(subAccounts)
      .where(eq(subAccounts.id, result.data.subAccountId))
    expect(row.activeState).toBe(1)
  })

  it('answers 非法参数 for an expired link', async () => {
    const phone = newPhone()
    await add(owner, form(phone))
    const activeCode = await activeCodeFor(phone)
    server.clock.advance(ACTIVATION_TTL_MS + 1000)
    try {
      const info = await server.get(`${API}/getAccountInfoByActiveCode?activeCode=${activeCode}`)
      expect(info).toEqual({ code: 400, message: '非法参数', data: null })
      const slider = await server.solvedSlider(phone)
      const sent = await server.post(`${API}/sendActiveSmsCode`, { activeCode, phone, ...slider })
      expect(sent.message).toBe('非法参数')
    } finally {
      server.clock.advance(-(ACTIVATION_TTL_MS + 1000))
    }
  })

  it('a deleted sub-admin’s link no longer works', async () => {
    const phone = newPhone()
    const item = (await add(owner, form(phone))).data
    const activeCode = await activeCodeFor(phone)
    await server.post(`${API}/deleteAccountSubAccount`, { id: item.id }, { token: owner })
    const info = await server.get(`${API}/getAccountInfoByActiveCode?activeCode=${activeCode}`)
    expect(info.message).toBe('非法参数')
  })
})

describe('account switch across the roles a phone holds (account-area §6)', () => {
  interface Role {
    accountId: number
    subAccountId: number
    role: number
  }
  const signed = (target: Role) => ({ ...target, sign: switchSignature(SWITCH_SIGN_PREFIX, target) })
  const roleList = async (token: string) =>
    (await server.get<(Role & { isLogin: number })[]>(`${API}/getAccountList`, { token })).data

  it('switches between two sub-admin roles of one phone, and to the main account and back', async () => {
    // 13800000002 (李子管 of 星辰科技) becomes a sub-admin of 云帆贸易 too.
    const item = (await add(otherOwner, form(DEMO.subAdmin, { fullName: '李云帆' }))).data
    const activeCode = await activeCodeFor(DEMO.subAdmin)
    const activated = await activate(activeCode, DEMO.subAdmin)
    expect(activated.data).toMatchObject({ accountId: otherAccountId, subAccountId: item.id, role: 1 })

    let token = activated.data.token
    const roles = await roleList(token)
    expect(roles.map((r) => [r.accountId, r.role, r.isLogin])).toEqual([
      [mainAccountId, 1, 0],
      [otherAccountId, 1, 1],
    ])
    for (const target of [roles[0], roles[1]]) {
      const { accountId, subAccountId, role } = target
      const switched = await server.post<LoginData>(
        `${API}/switchAccount`,
        signed({ accountId, subAccountId, role }),
        { token },
      )
      expect(switched.data).toMatchObject({ accountId, subAccountId, role })
      token = switched.data.token
    }

    // The owner of 星辰科技 (also 张星辰 of 云帆贸易): main -> sub -> main.
    let ownerToken = await server.tokenFor(DEMO.owner)
    const ownerRoles = await roleList(ownerToken)
    for (const target of [ownerRoles[1], ownerRoles[0]]) {
      const { accountId, subAccountId, role } = target
      const switched = await server.post<LoginData>(
        `${API}/switchAccount`,
        signed({ accountId, subAccountId, role }),
        {
          token: ownerToken,
        },
      )
      expect(switched.data).toMatchObject({ accountId, subAccountId, role })
      ownerToken = switched.data.token
    }
  })

  it('refuses a bad signature and a role the member does not hold (a deleted one)', async () => {
    let token = await server.tokenFor(DEMO.subAdmin)
    const roles = await roleList(token)
    const target = roles.find((r) => r.isLogin === 0)!
    const { accountId, subAccountId, role } = target
    const bad = await server.post(
      `${API}/switchAccount`,
      { accountId, subAccountId, role, sign: 'A'.repeat(32) },
      { token },
    )
    expect(bad).toEqual({ code: 400, message: '签名校验失败', data: null })
    const notHeld = await server.post(
      `${API}/switchAccount`,
      signed({ accountId: otherAccountId, subAccountId: 0, role: 0 }),
      {
        token,
      },
    )
    expect(notHeld).toEqual({ code: 403, message: '无权切换到该账号', data: null })

    // 云帆贸易 deletes its sub-admin: the role is gone and its sessions end.
    const onOther = roles.find((r) => r.accountId === otherAccountId)!
    const switched = await server.post<LoginData>(
      `${API}/switchAccount`,
      signed({ accountId: onOther.accountId, subAccountId: onOther.subAccountId, role: 1 }),
      { token },
    )
    token = switched.data.token
    await server.post(`${API}/deleteAccountSubAccount`, { id: onOther.subAccountId }, { token: otherOwner })
    expect((await server.get('/api/pc/getPersonalInfo', { token })).code).toBe(996)
    const fresh = await server.tokenFor(DEMO.subAdmin)
    const withdrawn = await server.post(
      `${API}/switchAccount`,
      signed({ accountId: onOther.accountId, subAccountId: onOther.subAccountId, role: 1 }),
      { token: fresh },
    )
    expect(withdrawn.message).toBe('无权切换到该账号')
    const [row] = await server.db
      .select()
      .from(subAccounts)
      .where(and(eq(subAccounts.id, onOther.subAccountId), isNull(subAccounts.memberId)))
    expect(row.activeState).toBe(0)
  })
})

describe('dev outbox', () => {
  it('shows the seeded pending link and 404s an unknown recipient; absent in production', async () => {
    const mail = await server.get<Mail[]>(`/__dev/mail?to=${DEMO_PENDING_SUB_ADMIN.mailbox}`)
    expect(mail.data[0]).toMatchObject({
      channel: 'email',
      link: expect.stringContaining('/activation?activeCode='),
    })
    expect((await server.get('/__dev/mail?to=nobody@example.cn')).code).toBe(404)
    const production = await server.buildVariant({ production: true })
    const response = await production.inject({ method: 'GET', url: '/__dev/mail?to=x' })
    expect(response.json()).toMatchObject({ code: 404, message: '接口不存在' })
  })
})

describe('invitations: the link’s origin, the hourly limits, production', () => {
  let nextOwner = 13700000200
  /** A member with a main account of its own: its phone. */
  async function newOwnerPhone(): Promise<string> {
    const phone = String(nextOwner++)
    expect((await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })).code).toBe(200)
    return phone
  }
  const newOwner = async () => server.tokenFor(await newOwnerPhone())

  const addVia = (app: FastifyInstance, token: string, body: object, host: string) =>
    app.inject({
      method: 'POST',
      url: `${API}/addAccountSubAccount`,
      headers: { token, host },
      remoteAddress: '127.0.0.1',
      payload: body,
    })

  it('builds the link on PUBLIC_ORIGIN whatever Host the request names', async () => {
    const deployed = await server.buildVariant({ publicOrigin: 'https://mc.example.com' })
    const token = await newOwner()
    const phone = newPhone()
    const added = await addVia(deployed, token, form(phone), 'evil.example')
    expect(added.json()).toMatchObject({ code: 200 })
    const [sms] = (await server.get<Mail[]>(`/__dev/mail?to=${phone}`)).data
    expect(sms.body).toContain(`https://mc.example.com${sms.link}`)
    expect(sms.body).not.toContain('evil.example')

    // The sandbox without PUBLIC_ORIGIN follows the request (so the check above can fail).
    const other = newPhone()
    expect((await addVia(server.app, token, form(other), 'dev.example:10086')).json()).toMatchObject({
      code: 200,
    })
    const [devSms] = (await server.get<Mail[]>(`/__dev/mail?to=${other}`)).data
    expect(devSms.body).toContain(`http://dev.example:10086${devSms.link}`)
  })

  it(`sends at most ${INVITATIONS_PER_PHONE} invitations an hour to one phone, from any account`, async () => {
    const phone = newPhone()
    const tokens = await Promise.all(Array.from({ length: INVITATIONS_PER_PHONE + 1 }, () => newOwner()))
    for (const token of tokens.slice(0, INVITATIONS_PER_PHONE)) {
      expect((await add(token, form(phone))).code).toBe(200)
    }
    const last = tokens[INVITATIONS_PER_PHONE]
    expect(await add(last, form(phone))).toEqual({ code: 429, message: TOO_MANY_INVITATIONS, data: null })
    // Nothing was written for the refused one.
    const rows = await server.db.select().from(subAccounts).where(eq(subAccounts.phoneNumber, phone))
    expect(rows).toHaveLength(INVITATIONS_PER_PHONE)
    // Another phone is not affected; an hour later this one may be invited again.
    expect((await add(last, form(newPhone()))).code).toBe(200)
    server.clock.advance(INVITATION_WINDOW_MS + 1000)
    expect((await add(await newOwner(), form(phone))).code).toBe(200)
  })

  it(`sends at most ${INVITATIONS_PER_ACCOUNT} invitations an hour from one account, deletions or not`, async () => {
    const ownerPhone = await newOwnerPhone()
    const token = await server.tokenFor(ownerPhone)
    for (let i = 0; i < INVITATIONS_PER_ACCOUNT; i++)
      expect((await add(token, form(newPhone()))).code).toBe(200)
    const [first] = (await list(token)).data.list
    expect((await server.post(`${API}/deleteAccountSubAccount`, { id: first.id }, { token })).code).toBe(200)
    expect(await add(token, form(newPhone()))).toEqual({
      code: 429,
      message: TOO_MANY_INVITATIONS,
      data: null,
    })
    // Another account is not affected; an hour later this one may invite again.
    expect((await add(await newOwner(), form(newPhone()))).code).toBe(200)
    server.clock.advance(INVITATION_WINDOW_MS + 1000)
    expect((await add(await server.tokenFor(ownerPhone), form(newPhone()))).code).toBe(200)
  })

  it('production has no gateway: adding is refused before anything is written', async () => {
    const production = await server.buildVariant({ production: true, publicOrigin: 'https://mc.example.com' })
    const token = await newOwner()
    const phone = newPhone()
    const before = await server.db.select({ total: count() }).from(outbox)
    const refused = await addVia(production, token, form(phone), 'mc.example.com')
    expect(refused.statusCode).toBe(200)
    expect(refused.json()).toEqual({
      code: 503,
      message: '短信和邮件服务未配置，暂不可用，请联系客服',
      data: null,
    })
    expect(await server.db.select().from(subAccounts).where(eq(subAccounts.phoneNumber, phone))).toEqual([])
    expect(await server.db.select({ total: count() }).from(outbox)).toEqual(before)
  })
})
