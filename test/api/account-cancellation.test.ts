// 注销账号: the blocker list, 注销中 for 7 days (withdrawn by a login meanwhile), and the job at its
// end: sessions end (996), orders stay, the phone and WeChat are released (unless the owner is still a
// sub-admin elsewhere), personal data goes; each step in the operation log.
import { and, desc, eq } from 'drizzle-orm'
import { days, hours, minutes } from '../../server/context'
import {
  accountCancellations,
  accounts,
  businesses,
  invoiceTitles,
  loginHistory,
  memberWechatIds,
  members,
  notices,
  operateRecords,
  orders,
  outbox,
  subAccounts,
  workOrders,
} from '../../server/db/schema'
import type { CancellationCheck } from '../../src/core/contract/cancellation'
import { OPERATE_TYPE } from '../../src/core/contract/operate-log'
import { SWITCH_SIGN_PREFIX } from '../../src/core/config/shared'
import { switchSignature } from '../../src/core/crypto/switch-sign'
import { DEMO, DEMO_PASSWORD, encrypt, useTestServer } from './support/harness'

const server = useTestServer()
let nextPhone = 1

// Past the SMS send limits of earlier tests.
beforeEach(() => server.clock.advance(hours(1) + 1000))

const CHECK = '/api/pc/cancellationCheck'
const CANCEL = '/api/pc/cancelAccount'
const WITHDRAW = '/api/pc/withdrawCancellation'
const refused = (code: number, message: string) => ({ code, message, data: null })

interface Member {
  phone: string
  token: string
  memberId: number
  accountId: number
}

/** A member with its own main account (no products, orders or sub-admins) and a logged-in token. */
async function freshMember(): Promise<Member> {
  const phone = `1360000${String(nextPhone++).padStart(4, '0')}`
  const created = await server.post<{ memberId: number }>('/__dev/members', {
    phone,
    password: DEMO_PASSWORD,
  })
  const { memberId } = created.data
  const [account] = await server.db.select().from(accounts).where(eq(accounts.ownerMemberId, memberId))
  return { phone, token: await server.tokenFor(phone), memberId, accountId: account.id }
}

/** The housekeeping pass the hourly timer makes (it ends 注销中 that is due). */
const runJob = () => server.app.housekeeping.purgeExpired()

/** `admin` made an active sub-admin of `accountId`, switched onto that role and re-verified (fresh). */
async function subAdminToken(admin: Member, accountId: number): Promise<string> {
  const [role] = await server.db
    .insert(subAccounts)
    .values({
      accountId,
      memberId: admin.memberId,
      fullName: '子管理员',
      phoneNumber: admin.phone,
      activeState: 1,
      createdAt: server.clock(),
    })
    .returning()
  const target = { accountId, subAccountId: role.id, role: 1 }
  const switched = await server.post<{ token: string }>(
    '/api/app/account/switchAccount',
    { ...target, sign: switchSignature(SWITCH_SIGN_PREFIX, target) },
    { token: admin.token },
  )
  const { token } = switched.data
  const slider = await server.solvedSlider(undefined, { token })
  expect((await server.post('/api/app/account/reverify/sendSmsCode', slider, { token })).code).toBe(200)
  const code = await server.latestSms(admin.phone, 'reverify')
  expect((await server.post('/api/app/account/reverify/confirm', { code }, { token })).code).toBe(200)
  return token
}

async function logOf(accountId: number) {
  return server.db
    .select({ content: operateRecords.content, status: operateRecords.status })
    .from(operateRecords)
    .where(and(eq(operateRecords.accountId, accountId), eq(operateRecords.type, OPERATE_TYPE.cancellation)))
    .orderBy(operateRecords.id)
}

async function accountRow(accountId: number) {
  const [row] = await server.db.select().from(accounts).where(eq(accounts.id, accountId))
  return row
}

async function memberRow(memberId: number) {
  const [row] = await server.db.select().from(members).where(eq(members.id, memberId))
  return row
}

describe('the checklist', () => {
  it('lists the demo owner’s blockers with their pages, and its sub-admin role elsewhere', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const check = await server.get<CancellationCheck>(CHECK, { token })
    expect(check.code).toBe(200)
    const kinds = check.data.blockers.map((blocker) => blocker.kind)
    expect(kinds).toEqual(expect.arrayContaining(['products', 'subAdmins']))
    expect(check.data.blockers.find((b) => b.kind === 'products')).toMatchObject({
      path: '/index',
      text: expect.stringMatching(/^有\d+个未到期的产品$/),
    })
    expect(check.data.cancellation).toBeNull()
    expect(check.data.otherAccounts).toHaveLength(1)
  })

  it('is empty for a member with nothing left', async () => {
    const { token } = await freshMember()
    expect(await server.get(CHECK, { token })).toEqual({
      code: 200,
      message: expect.any(String),
      data: { subAdmin: false, blockers: [], cancellation: null, otherAccounts: [] },
    })
  })

  it('needs a session', async () => {
    expect((await server.get(CHECK)).code).toBe(996)
  })
})

describe('asking to cancel', () => {
  it('needs the confirmation', async () => {
    const { token, accountId } = await freshMember()
    expect(await server.post(CANCEL, {}, { token })).toEqual(refused(400, '请先勾选确认注销选项'))
    expect(await server.post(CANCEL, { confirmed: 'yes' }, { token })).toMatchObject({ code: 400 })
    expect(await accountRow(accountId)).toMatchObject({ state: 1 })
  })

  it('is refused with the blocker list while a valid product remains, and logged', async () => {
    const { token, accountId } = await freshMember()
    await server.db.insert(businesses).values({
      accountId,
      orderCode: 'MC-CANCEL-1',
      skuId: 'sku',
      secondDomain: 'cancel-test.example.cn',
      productName: '营销型网站',
      productType: 1,
      status: 1,
      createdAt: server.clock(),
    })
    expect(await server.post(CANCEL, { confirmed: true }, { token })).toEqual({
      code: 400,
      message: '账号下还有未处理的事项，请处理后再注销',
      data: [{ kind: 'products', count: 1, text: '有1个未到期的产品', path: '/index' }],
    })
    const pending = await server.db
      .select()
      .from(accountCancellations)
      .where(eq(accountCancellations.accountId, accountId))
    expect(pending).toHaveLength(0)
    expect(await logOf(accountId)).toEqual([{ content: '申请注销账号失败：有1个未到期的产品', status: 1 }])
  })

  it('refuses the demo owner with its blockers, nothing changed', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const answer = await server.post<unknown[]>(CANCEL, { confirmed: true }, { token })
    expect(answer.code).toBe(400)
    expect(answer.data).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'products' })]))
    expect((await server.get(CHECK, { token })).data).toMatchObject({ cancellation: null })
  })

  it('lets a sub-admin leave the account at once, as before; it may not withdraw', async () => {
    const owner = await freshMember()
    const admin = await freshMember()
    const token = await subAdminToken(admin, owner.accountId)
    expect(await server.post(WITHDRAW, {}, { token })).toMatchObject({ code: 403 })
    expect((await server.get(CHECK, { token })).data).toEqual({
      subAdmin: true,
      blockers: [],
      cancellation: null,
      otherAccounts: [],
    })
    expect(await server.post(CANCEL, { confirmed: true }, { token })).toEqual({
      code: 200,
      message: '账号已注销',
      data: null,
    })
    const [left] = await server.db
      .select()
      .from(subAccounts)
      .where(and(eq(subAccounts.accountId, owner.accountId), eq(subAccounts.memberId, admin.memberId)))
    expect(left.activeState).toBe(0)
    expect((await server.get(CHECK, { token })).code).toBe(996)
    // Neither account is being cancelled.
    expect(await accountRow(admin.accountId)).toMatchObject({ state: 1 })
    expect(await accountRow(owner.accountId)).toMatchObject({ state: 1 })
    expect(
      await server.db
        .select()
        .from(accountCancellations)
        .where(eq(accountCancellations.accountId, owner.accountId)),
    ).toEqual([])
  })
})

describe('注销中 and its end', () => {
  it('enters 注销中, a login on day 3 withdraws, and a later request runs to the end on day 8', async () => {
    const member = await freshMember()
    const { token, accountId, memberId, phone } = member
    const mailbox = `owner${accountId}@example.cn`
    const openid = `wx-cancel-${accountId}`
    await server.db.update(members).set({ email: mailbox, wxOpenId: openid }).where(eq(members.id, memberId))
    await server.db
      .insert(memberWechatIds)
      .values({ memberId, app: 'mini', appId: 'wx-mini', openid, updatedAt: server.clock() })
    await server.db.insert(invoiceTitles).values({
      accountId,
      subject: 1,
      title: '张三',
      code: '110101199001011234',
      mailboxes: ['zhangsan@example.cn'],
      createdAt: server.clock(),
      updatedAt: server.clock(),
    })
    const [order] = await server.db
      .insert(orders)
      .values({
        orderCode: `MC-C-${accountId}`,
        accountId,
        skuId: 'sku',
        productName: '营销型网站',
        productType: 1,
        orderType: 1,
        status: 1,
        originalAmount: '100.00',
        payAmount: '100.00',
        createdAt: server.clock(),
      })
      .returning()

    expect(await server.post(CANCEL, { confirmed: true }, { token })).toEqual({
      code: 200,
      message: '已提交注销申请，账号将在7天后注销',
      data: null,
    })
    expect(await server.post(CANCEL, { confirmed: true }, { token })).toEqual(refused(400, '账号已在注销中'))
    const check = await server.get<CancellationCheck>(CHECK, { token })
    expect(check.data.cancellation).toEqual({
      requestedAt: expect.any(String),
      dueAt: new Date(server.clock().getTime() + days(7)).toISOString(),
    })
    const told = await server.db.select().from(notices).where(eq(notices.accountId, accountId))
    expect(told.map((notice) => notice.title)).toContain('账号注销提醒')

    // Day 3: the login answers normally and offers 撤销注销.
    server.clock.advance(days(3))
    const login = await server.login(phone)
    expect(login.code).toBe(200)
    expect(login.data).toMatchObject({ cancellation: { dueAt: check.data.cancellation?.dueAt } })
    const day3 = login.data.token
    await runJob()
    expect(await accountRow(accountId)).toMatchObject({ state: 1 })
    expect(await server.post(WITHDRAW, {}, { token: day3 })).toEqual({
      code: 200,
      message: '已撤销注销',
      data: null,
    })
    expect(await server.post(WITHDRAW, {}, { token: day3 })).toEqual(refused(400, '账号未在注销中'))
    expect((await server.login(phone)).data).not.toHaveProperty('cancellation')

    // Asked again; 8 days later the job cancels the account.
    expect((await server.post(CANCEL, { confirmed: true }, { token: day3 })).code).toBe(200)
    server.clock.advance(days(7) - minutes(1))
    await runJob()
    expect(await accountRow(accountId)).toMatchObject({ state: 1 })
    server.clock.advance(days(1))
    await runJob()
    await runJob()

    const account = await accountRow(accountId)
    expect(account).toMatchObject({ state: 0, accountName: '已注销' })
    expect((await server.get('/api/pc/getPersonalInfo', { token: day3 })).code).toBe(996)
    expect((await server.get('/api/pc/getPersonalInfo', { token })).code).toBe(996)
    // The last message went to the mailbox before it was removed.
    // (earlier sent rows are purged by housekeeping; the words leave a row once it is sent).
    const mails = await server.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.recipient, mailbox), eq(outbox.channel, 'email')))
    expect(mails).toHaveLength(1)
    const toldAll = await server.db
      .select({ content: notices.content })
      .from(notices)
      .where(eq(notices.accountId, accountId))
      .orderBy(notices.id)
    expect(toldAll.map((notice) => notice.content)).toEqual([
      expect.stringContaining('申请注销'),
      expect.stringContaining('已撤销注销'),
      expect.stringContaining('申请注销'),
      expect.stringContaining('已注销。订单、发票和合同记录依法保留'),
    ])
    // Orders stay (the law); saved titles and login history go; the phone is free again.
    expect(await server.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1)
    expect(
      await server.db.select().from(invoiceTitles).where(eq(invoiceTitles.accountId, accountId)),
    ).toEqual([])
    expect(await server.db.select().from(loginHistory).where(eq(loginHistory.memberId, memberId))).toEqual([])
    expect(await memberRow(memberId)).toMatchObject({
      phone: null,
      wxOpenId: null,
      email: '',
      passwordHash: null,
    })
    expect(
      await server.db.select().from(memberWechatIds).where(eq(memberWechatIds.memberId, memberId)),
    ).toEqual([])

    expect((await server.sendSms(phone, 'register')).code).toBe(200)
    const code = await server.latestSms(phone, 'register')
    const registered = await server.post('/api/pc/registerByPhone', {
      phone,
      code,
      password: encrypt('Again@2026x'),
      passwordAgain: encrypt('Again@2026x'),
      referralCode: '',
      agreed: true,
    })
    expect(registered).toMatchObject({ code: 200, message: '注册成功' })

    expect(await logOf(accountId)).toEqual([
      { content: expect.stringMatching(/^申请注销账号，将于 .+ 注销$/), status: 0 },
      { content: '撤销注销账号', status: 0 },
      { content: expect.stringMatching(/^申请注销账号，将于 .+ 注销$/), status: 0 },
      { content: '账号已注销（冷静期结束）', status: 0 },
    ])
  })

  it('keeps the member and its phone while it is a sub-admin elsewhere, and releases it after', async () => {
    const owner = await freshMember()
    const elsewhere = await freshMember()
    const [role] = await server.db
      .insert(subAccounts)
      .values({
        accountId: elsewhere.accountId,
        memberId: owner.memberId,
        fullName: '兼任者',
        phoneNumber: owner.phone,
        activeState: 1,
        createdAt: server.clock(),
      })
      .returning()
    const check = await server.get<CancellationCheck>(CHECK, { token: owner.token })
    const [other] = await server.db.select().from(accounts).where(eq(accounts.id, elsewhere.accountId))
    expect(check.data.otherAccounts).toEqual([other.accountName])
    expect(await server.post(CANCEL, { confirmed: true }, { token: owner.token })).toEqual(
      refused(400, '请先确认：你同时是其他账号的子管理员'),
    )
    expect(
      (await server.post(CANCEL, { confirmed: true, keepOtherRoles: true }, { token: owner.token })).code,
    ).toBe(200)
    server.clock.advance(days(8))
    await runJob()

    expect(await accountRow(owner.accountId)).toMatchObject({ state: 0 })
    expect(await memberRow(owner.memberId)).toMatchObject({ phone: owner.phone })
    // The phone still logs in, now onto the sub-admin role.
    const login = await server.login(owner.phone)
    expect(login).toMatchObject({ code: 200, data: { accountId: elsewhere.accountId, role: 1 } })

    // Once nothing holds it, the next run frees the phone.
    await server.db.update(subAccounts).set({ deletedAt: server.clock() }).where(eq(subAccounts.id, role.id))
    await runJob()
    expect(await memberRow(owner.memberId)).toMatchObject({ phone: null })
  })

  it('refuses a withdrawal when nothing is under way, and without a session', async () => {
    const { token } = await freshMember()
    expect(await server.post(WITHDRAW, {}, { token })).toEqual(refused(400, '账号未在注销中'))
    expect((await server.post(WITHDRAW, {})).code).toBe(996)
  })

  it('cancels each due account once when two runs meet', async () => {
    const { token, accountId } = await freshMember()
    expect((await server.post(CANCEL, { confirmed: true }, { token })).code).toBe(200)
    server.clock.advance(days(8))
    await Promise.all([runJob(), runJob()])
    const entries = await server.db
      .select()
      .from(operateRecords)
      .where(
        and(eq(operateRecords.accountId, accountId), eq(operateRecords.content, '账号已注销（冷静期结束）')),
      )
      .orderBy(desc(operateRecords.id))
    expect(entries).toHaveLength(1)
  })

  it('refuses new orders and new sub-admins while 注销中', async () => {
    const { token, accountId } = await freshMember()
    expect((await server.post(CANCEL, { confirmed: true }, { token })).code).toBe(200)
    const order = await server.post(
      '/oapi/newac/GenerateOrder',
      {
        SkuId: 'SKU-SITE-PRO',
        OrderTypeId: 1,
        BuyCycle: 1,
        CommonParam: JSON.stringify({ subAccountId: 0, secondDomain: 'cancel-blocked' }),
      },
      { token },
    )
    expect(order).toMatchObject({ message: '账号注销中，不能下单，请先撤销注销' })
    expect(await server.db.select().from(orders).where(eq(orders.accountId, accountId))).toEqual([])
    const added = await server.post(
      '/api/app/account/addAccountSubAccount',
      { fullName: '新子管', mailbox: 'new@example.cn', phoneNumber: '13600009999', position: '1' },
      { token },
    )
    expect(added).toMatchObject({ code: 400, message: '账号注销中，不能添加子管理员，请先撤销注销' })
    expect(await server.db.select().from(subAccounts).where(eq(subAccounts.accountId, accountId))).toEqual([])
  })

  it('ends 注销中 without cancelling when something appeared meanwhile, and says why', async () => {
    const { token, accountId, memberId, phone } = await freshMember()
    expect((await server.post(CANCEL, { confirmed: true }, { token })).code).toBe(200)
    // Support opened a work order for the account during the 7 days.
    await server.db.insert(workOrders).values({
      accountId,
      number: `C${accountId}`.slice(0, 8),
      type: 1,
      description: '<p>客服代提</p>',
      status: 0,
      createdAt: server.clock(),
    })
    server.clock.advance(days(8))
    await runJob()
    expect(await accountRow(accountId)).toMatchObject({ state: 1 })
    expect(await memberRow(memberId)).toMatchObject({ phone })
    expect((await server.get(CHECK, { token: await server.tokenFor(phone) })).data).toMatchObject({
      cancellation: null,
      blockers: [expect.objectContaining({ kind: 'workOrders' })],
    })
    expect((await logOf(accountId)).at(-1)).toEqual({ content: '注销未完成：有1个处理中的工单', status: 1 })
  })
})
