// Every way a session is issued honours the account's login mask and its cancellation (account-area
// §2): the account switch, entry-link tokens and sub-admin activation refuse like the login does.
import { desc, eq } from 'drizzle-orm'
import { minutes } from '../../server/context'
import { accounts, operateRecords } from '../../server/db/schema'
import { SWITCH_SIGN_PREFIX } from '../../src/core/config/shared'
import { switchSignature } from '../../src/core/crypto/switch-sign'
import { DEMO_PASSWORD, useTestServer, type LoginData } from './support/harness'

const API = '/api/app/account'
const ELSEWHERE = '198.51.100.77'
const OUTSIDE_MASK = {
  code: 403,
  message: `当前IP（${ELSEWHERE}）不在该账号的登录掩码内，禁止登录，请联系主账号管理员`,
  data: null,
}
const CANCELLED = { code: 403, message: '该账号已注销，无法登录', data: null }

interface Owner {
  phone: string
  token: string
  accountId: number
}

interface AccountItem {
  accountId: number
  subAccountId: number
  role: number
}

const server = useTestServer()
let nextPhone = 1

// Past the SMS resend lock and hourly limits of earlier tests.
beforeEach(() => server.clock.advance(minutes(61)))

const newPhone = () => `1360000${String(nextPhone++).padStart(4, '0')}`

/** A member with its own main account, logged in (fresh) from loopback. */
async function newOwner(): Promise<Owner> {
  const phone = newPhone()
  const created = await server.post<{ memberId: number }>('/__dev/members', {
    phone,
    password: DEMO_PASSWORD,
  })
  const [account] = await server.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.ownerMemberId, created.data.memberId))
  return { phone, token: await server.tokenFor(phone), accountId: account.id }
}

const restrictToLoopback = async (owner: Owner) =>
  expect(
    (await server.post('/api/pc/saveMyIp', { status: 0, ip: '127.0.0.1' }, { token: owner.token })).code,
  ).toBe(200)

/**
 * The account as the cancellation job leaves it (account-cancellation.test.ts runs the whole flow; a
 * host with sub-admins could not even ask to be cancelled, but the login gate must hold all the same).
 */
const cancel = async (owner: Owner) =>
  server.db.update(accounts).set({ state: 0 }).where(eq(accounts.id, owner.accountId))

/** Adds `phone` as a sub-admin of the owner's account and returns the activation code from the link. */
async function invite(owner: Owner, phone: string, fullName = '赵子管'): Promise<string> {
  const added = await server.post(
    `${API}/addAccountSubAccount`,
    { fullName, mailbox: `sub${phone}@example.cn`, phoneNumber: phone, position: '1' },
    { token: owner.token },
  )
  expect(added.code).toBe(200)
  const mail = await server.get<{ url: string }[]>(`/__dev/mail?to=${phone}`)
  return new URL(mail.data[0].url).searchParams.get('activeCode')!
}

/** Sends the activation SMS (from loopback) and uses the link with its code from `ip`. */
async function activate(activeCode: string, phone: string, ip = '127.0.0.1') {
  const slider = await server.solvedSlider(phone)
  expect((await server.post(`${API}/sendActiveSmsCode`, { activeCode, phone, ...slider })).code).toBe(200)
  const code = await server.latestSms(phone, 'activation')
  return server.post<LoginData>(`${API}/activeAccountByActiveCode`, { activeCode, code, phone }, { ip })
}

async function latestLog(accountId: number) {
  const [row] = await server.db
    .select()
    .from(operateRecords)
    .where(eq(operateRecords.accountId, accountId))
    .orderBy(desc(operateRecords.id))
    .limit(1)
  return row
}

/** A member of its own who is also an active sub-admin of `host`, logged in on its own account. */
async function subAdminOf(host: Owner) {
  const member = await newOwner()
  const active = await activate(await invite(host, member.phone), member.phone)
  expect(active.code).toBe(200)
  const target = { accountId: host.accountId, subAccountId: active.data.subAccountId, role: 1 }
  const token = await server.tokenFor(member.phone)
  return { token, target, signed: { ...target, sign: switchSignature(SWITCH_SIGN_PREFIX, target) } }
}

const accountList = async (token: string) =>
  (await server.get<AccountItem[]>(`${API}/getAccountList`, { token })).data.map((item) => item.accountId)

describe('POST /api/app/account/switchAccount', () => {
  it('is refused from outside the target account’s login mask, with a failed login logged there', async () => {
    const host = await newOwner()
    const { token, signed } = await subAdminOf(host)
    await restrictToLoopback(host)

    const switched = await server.post(`${API}/switchAccount`, signed, { token, ip: ELSEWHERE })
    expect(switched).toEqual(OUTSIDE_MASK)
    expect(await latestLog(host.accountId)).toMatchObject({
      type: 0,
      status: 1,
      ip: ELSEWHERE,
      memberAccount: '赵子管',
      subAccountId: signed.subAccountId,
    })
    // The refused switch keeps the session it was asked from.
    expect((await server.get('/api/pc/getPersonalInfo', { token })).code).toBe(200)
    expect((await server.post(`${API}/switchAccount`, signed, { token })).code).toBe(200)
  })

  it('is refused to a cancelled account, which also leaves the account list', async () => {
    const host = await newOwner()
    const { token, signed } = await subAdminOf(host)
    expect(await accountList(token)).toContain(host.accountId)
    await cancel(host)

    expect(await accountList(token)).not.toContain(host.accountId)
    expect(await server.post(`${API}/switchAccount`, signed, { token })).toEqual(CANCELLED)
  })
})

describe('GET /api/feignApi/fkToken', () => {
  const mint = async (phone: string) =>
    (await server.post<{ token: string }>('/__dev/entryToken', { phone, source: 'workOrder' })).data.token
  const exchange = (entry: string, ip?: string) =>
    server.get(`/api/feignApi/fkToken?token=${encodeURIComponent(entry)}`, { ip })

  it('is refused from outside the account’s login mask and allowed inside it', async () => {
    const owner = await newOwner()
    await restrictToLoopback(owner)
    expect(await exchange(await mint(owner.phone), ELSEWHERE)).toEqual(OUTSIDE_MASK)
    expect(await latestLog(owner.accountId)).toMatchObject({ type: 0, status: 1, ip: ELSEWHERE })
    expect((await exchange(await mint(owner.phone))).code).toBe(200)
  })

  it('is refused to a cancelled account', async () => {
    const owner = await newOwner()
    const entry = await mint(owner.phone)
    await cancel(owner)
    expect(await exchange(entry)).toEqual(CANCELLED)
  })
})

describe('activeAccountByActiveCode', () => {
  it('is refused from outside the account’s login mask before the code and the link are spent', async () => {
    const host = await newOwner()
    await restrictToLoopback(host)
    const phone = newPhone()
    const activeCode = await invite(host, phone, '钱未激')

    expect(await activate(activeCode, phone, ELSEWHERE)).toEqual(OUTSIDE_MASK)
    expect(await latestLog(host.accountId)).toMatchObject({
      type: 0,
      status: 1,
      ip: ELSEWHERE,
      memberAccount: '钱未激',
    })
    const info = await server.get<{ activeState: number }>(
      `${API}/getAccountInfoByActiveCode?activeCode=${activeCode}`,
    )
    expect(info.data.activeState).toBe(0)

    server.clock.advance(minutes(2))
    expect((await activate(activeCode, phone)).code).toBe(200)
  })

  it('is refused to a cancelled account', async () => {
    const host = await newOwner()
    const phone = newPhone()
    const activeCode = await invite(host, phone)
    await cancel(host)
    expect(await activate(activeCode, phone)).toEqual(CANCELLED)
  })

  it('starts a fresh session like any login: a sensitive change needs no re-verification', async () => {
    const host = await newOwner()
    const phone = newPhone()
    const active = await activate(await invite(host, phone), phone)
    expect(active.code).toBe(200)
    const { token } = active.data
    expect(
      await server.post('/api/pc/editAccountEmail', { mailbox: `new${phone}@example.cn` }, { token }),
    ).toEqual(expect.objectContaining({ code: 200 }))
    expect(await latestLog(host.accountId)).toMatchObject({ type: 6, status: 0 })
  })
})
