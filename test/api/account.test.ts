import { eq } from 'drizzle-orm'
import { switchSignature } from '../../src/core/crypto/switch-sign'
import { SWITCH_SIGN_PREFIX } from '../../src/core/config/shared'
import { accounts, notices, subAccounts, workOrderRecords, workOrders } from '../../server/db/schema'
import { NOTICES_CHANNEL } from '../../server/services/notices/notice-cache'
import { UNREAD_REPLIES_CHANNEL } from '../../server/services/work-orders/unread-replies-cache'
import { DEMO, useTestServer, type LoginData } from './support/harness'

const server = useTestServer()
let mainAccountId: number
let otherAccountId: number

beforeAll(async () => {
  const rows = await server.db.select().from(accounts)
  mainAccountId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherAccountId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
}, 60_000)

interface Info {
  memberId: number
  accountId: number
  subAccountId: number
  role: number
  userName: string
  bindPhone: string
  weixin: string
  passwordUpdatedAt: string | null
}

interface AccountItem {
  memberAccount: string
  accountName: string
  role: number
  isLogin: number
  relationSite: { siteName: string; siteUrl: string }[]
  accountId: number
  subAccountId: number
}

describe('GET /api/pc/getPersonalInfo', () => {
  it('describes the main account owner', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const info = await server.get<Info>('/api/pc/getPersonalInfo', { token })
    expect(info.code).toBe(200)
    expect(info.data).toEqual({
      memberId: expect.any(Number),
      accountId: mainAccountId,
      subAccountId: 0,
      role: 0,
      memberAccount: 'demo_main',
      accountName: '星辰科技',
      userName: '星辰科技',
      bindPhone: DEMO.owner,
      email: 'owner@xingchen-demo.cn',
      state: 1,
      // The owner's bound WeChat (seed openid wx-demo-main), never shown whole.
      weixin: 'wx-d****main',
      referralCode: '',
      url: 'https://www.xingchen-demo.cn',
      passwordUpdatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })

  it('names a sub-administrator by its full name', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    const info = await server.get<Info>('/api/pc/getPersonalInfo', { token })
    expect(info.data).toMatchObject({
      accountId: mainAccountId,
      role: 1,
      userName: '李子管',
      bindPhone: DEMO.subAdmin,
    })
    expect(info.data.subAccountId).toBeGreaterThan(0)
  })

  it('gives an empty bindPhone to the account without a phone', async () => {
    const token = await server.tokenFor(DEMO.noPhoneAccount)
    const info = await server.get<Info>('/api/pc/getPersonalInfo', { token })
    expect(info.data).toMatchObject({
      memberAccount: 'demo_nophone',
      accountName: '无手机账号',
      bindPhone: '',
    })
  })

  it('gives an empty weixin to a member without a bound WeChat', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    const info = await server.get<Info>('/api/pc/getPersonalInfo', { token })
    expect(info.data.weixin).toBe('')
  })
})

describe('GET /api/user/getPrersonalInfo (only the viewer’s own userId)', () => {
  it('answers the main account for userId = accountId', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const own = await server.get<Info>(
      `/api/user/getPrersonalInfo?userId=${mainAccountId}&accountId=${mainAccountId}`,
      {
        token,
      },
    )
    expect(own.code).toBe(200)
    expect(own.data.accountId).toBe(mainAccountId)
  })

  it('answers a sub-administrator for userId = {accountId}_{subAccountId}', async () => {
    const login = await server.login(DEMO.subAdmin)
    const { token, accountId, subAccountId } = login.data
    const own = await server.get<Info>(
      `/api/user/getPrersonalInfo?userId=${accountId}_${subAccountId}&accountId=${accountId}`,
      {
        token,
      },
    )
    expect(own.code).toBe(200)
    expect(own.data.userName).toBe('李子管')
    const asMain = await server.get(`/api/user/getPrersonalInfo?userId=${accountId}&accountId=${accountId}`, {
      token,
    })
    expect(asMain).toEqual({ code: 403, message: '无权访问', data: null })
  })

  it('refuses another account’s userId', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const other = await server.get(
      `/api/user/getPrersonalInfo?userId=${otherAccountId}&accountId=${otherAccountId}`,
      {
        token,
      },
    )
    expect(other).toEqual({ code: 403, message: '无权访问', data: null })
    const mixed = await server.get(
      `/api/user/getPrersonalInfo?userId=${mainAccountId}&accountId=${otherAccountId}`,
      {
        token,
      },
    )
    expect(mixed.code).toBe(403)
  })

  it('needs both parameters', async () => {
    const token = await server.tokenFor(DEMO.owner)
    expect(await server.get(`/api/user/getPrersonalInfo?userId=${mainAccountId}`, { token })).toEqual({
      code: 400,
      message: '非法参数',
      data: null,
    })
  })
})

describe('GET /api/app/account/getAccountList', () => {
  it('lists the main account first, then the sub-admin roles, with their sites', async () => {
    const token = await server.tokenFor(DEMO.owner)
    const list = await server.get<AccountItem[]>('/api/app/account/getAccountList', { token })
    expect(list.data).toEqual([
      {
        memberAccount: 'demo_main',
        accountName: '星辰科技',
        role: 0,
        isLogin: 1,
        relationSite: [
          { siteName: '星辰科技官网', siteUrl: 'https://www.xingchen-demo.cn' },
          { siteName: '星辰商城小程序', siteUrl: 'https://mall.xingchen-demo.cn' },
        ],
        accountId: mainAccountId,
        subAccountId: 0,
      },
      {
        memberAccount: 'demo_other',
        accountName: '云帆贸易',
        role: 1,
        isLogin: 0,
        relationSite: [{ siteName: '云帆贸易官网', siteUrl: 'https://www.yunfan-demo.cn' }],
        accountId: otherAccountId,
        subAccountId: expect.any(Number),
      },
    ])
  })

  it('lists a plain sub-administrator’s single role as the current one', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    const list = await server.get<AccountItem[]>('/api/app/account/getAccountList', { token })
    expect(list.data.map(({ memberAccount, role, isLogin }) => ({ memberAccount, role, isLogin }))).toEqual([
      { memberAccount: 'demo_main', role: 1, isLogin: 1 },
    ])
  })

  it('leaves out a sub-admin role that is not activated yet', async () => {
    const token = await server.tokenFor(DEMO.otherOwner)
    const [owner] = await server.db.select().from(accounts).where(eq(accounts.id, otherAccountId))
    await server.db.insert(subAccounts).values({
      accountId: mainAccountId,
      memberId: owner.ownerMemberId,
      fullName: '未激活',
      phoneNumber: DEMO.otherOwner,
      activeState: 0,
      createdAt: new Date(),
    })
    const list = await server.get<AccountItem[]>('/api/app/account/getAccountList', { token })
    expect(list.data.map((item) => item.memberAccount)).toEqual(['demo_other'])
  })
})

describe('POST /api/app/account/switchAccount (account-area §6)', () => {
  async function ownerRoles() {
    const login = await server.login(DEMO.owner)
    const list = await server.get<AccountItem[]>('/api/app/account/getAccountList', {
      token: login.data.token,
    })
    return { token: login.data.token, subRole: list.data.find((item) => item.role === 1)! }
  }

  const signed = (target: { accountId: number; subAccountId: number; role: number }) => ({
    ...target,
    sign: switchSignature(SWITCH_SIGN_PREFIX, target),
  })

  it('refuses a bad signature', async () => {
    const { token, subRole } = await ownerRoles()
    const target = { accountId: subRole.accountId, subAccountId: subRole.subAccountId, role: 1 }
    const result = await server.post('/api/app/account/switchAccount', { ...target, sign: 'ABC' }, { token })
    expect(result).toEqual({ code: 400, message: '签名校验失败', data: null })
    // A signature for another target does not carry over.
    const forOther = signed({ ...target, subAccountId: target.subAccountId + 1 }).sign
    const reused = await server.post(
      '/api/app/account/switchAccount',
      { ...target, sign: forOther },
      { token },
    )
    expect(reused.message).toBe('签名校验失败')
  })

  it('refuses a role the member does not hold, even when signed', async () => {
    const { token } = await ownerRoles()
    const result = await server.post(
      '/api/app/account/switchAccount',
      signed({ accountId: otherAccountId, subAccountId: 0, role: 0 }),
      { token },
    )
    expect(result).toEqual({ code: 403, message: '无权切换到该账号', data: null })
  })

  it('switches to a held role with a new session and ends the old one', async () => {
    const { token, subRole } = await ownerRoles()
    const target = { accountId: subRole.accountId, subAccountId: subRole.subAccountId, role: 1 }
    const result = await server.post<LoginData>('/api/app/account/switchAccount', signed(target), { token })
    expect(result.code).toBe(200)
    expect(result.data).toEqual({ token: expect.any(String), ...target })
    expect(result.data.token).not.toBe(token)
    expect((await server.get('/api/pc/getPersonalInfo', { token })).code).toBe(996)
    const info = await server.get<Info>('/api/pc/getPersonalInfo', { token: result.data.token })
    expect(info.data).toMatchObject({ accountId: otherAccountId, role: 1, userName: '张星辰' })
    const list = await server.get<AccountItem[]>('/api/app/account/getAccountList', {
      token: result.data.token,
    })
    expect(list.data.map((item) => item.isLogin)).toEqual([0, 1])
  })

  it('needs the target fields', async () => {
    const { token } = await ownerRoles()
    const result = await server.post('/api/app/account/switchAccount', { accountId: 1 }, { token })
    expect(result).toEqual({ code: 400, message: '非法参数', data: null })
  })
})

describe('header counts, scoped to the viewer', () => {
  it('counts unread notices addressed to the main account only', async () => {
    const token = await server.tokenFor(DEMO.owner)
    expect(await server.get('/api/pc/getUnReadCount', { token })).toMatchObject({ code: 200, data: 3 })
    // The other account's notices do not count; a new one for demo_main does.
    const heard = server.notified(NOTICES_CHANNEL, mainAccountId)
    await server.db.insert(notices).values([
      { accountId: otherAccountId, type: 10, title: 'x', content: 'x', createdAt: new Date() },
      { accountId: mainAccountId, type: 10, title: 'y', content: 'y', createdAt: new Date() },
    ])
    await heard
    expect((await server.get('/api/pc/getUnReadCount', { token })).data).toBe(4)
  })

  it('counts a sub-administrator’s own notices only', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    expect((await server.get('/api/pc/getUnReadCount', { token })).data).toBe(1)
  })

  it('counts unread engineer replies on the viewer’s work orders', async () => {
    const owner = await server.tokenFor(DEMO.owner)
    const subAdmin = await server.login(DEMO.subAdmin)
    const count = '/api/appWorkOrderCommunicationRecords/getRecordCount'
    // The seed (seed-work-orders.ts): 4 unread on 星辰科技's work orders, 1 of them on 李子管's own.
    expect(await server.get(count, { token: owner })).toMatchObject({ code: 200, data: 4 })
    expect((await server.get(count, { token: subAdmin.data.token })).data).toBe(1)

    const [order] = await server.db
      .insert(workOrders)
      .values({
        accountId: mainAccountId,
        subAccountId: subAdmin.data.subAccountId,
        number: '20269999',
        type: 2,
        description: '子管理员的工单',
        status: 0,
        createdAt: new Date(),
      })
      .returning()
    const heard = server.notified(UNREAD_REPLIES_CHANNEL, mainAccountId)
    await server.db.insert(workOrderRecords).values([
      { workOrderId: order.id, role: 2, content: '工程师回复', createdAt: new Date() },
      { workOrderId: order.id, role: 4, content: '工程师备注', createdAt: new Date() },
      { workOrderId: order.id, role: 2, content: '已读回复', looked: true, createdAt: new Date() },
    ])
    await heard
    expect((await server.get(count, { token: subAdmin.data.token })).data).toBe(2)
    // The main account sees all of its account's orders.
    expect((await server.get(count, { token: owner })).data).toBe(5)
  })

  it('needs a session', async () => {
    expect((await server.get('/api/pc/getUnReadCount')).code).toBe(996)
    expect((await server.get('/api/appWorkOrderCommunicationRecords/getRecordCount')).code).toBe(996)
    expect((await server.get('/api/app/account/getAccountList')).code).toBe(996)
  })
})
