import { accounts } from '../../server/db/schema'
import { DEMO_VIP_QR_CODE } from '../../server/seed/sub-accounts'
import { DEMO, useTestServer } from './support/harness'

const server = useTestServer()
let mainAccountId: number
let otherAccountId: number

beforeAll(async () => {
  const rows = await server.db.select().from(accounts)
  mainAccountId = rows.find((a) => a.memberAccount === DEMO.mainAccount)!.id
  otherAccountId = rows.find((a) => a.memberAccount === DEMO.otherAccount)!.id
}, 60_000)

const vip = (userId: string, accountId: number | string) =>
  server.get<{ name: string; qrCode: string }>(
    `/api/app/account/accountVipServer?userId=${userId}&accountId=${accountId}`,
  )

describe('GET /api/app/account/accountVipServer (account-area §2 customer page, §7)', () => {
  it('answers the customer manager and its QR code without a login', async () => {
    expect((await vip(String(mainAccountId), mainAccountId)).data).toEqual({
      name: '陈经理',
      qrCode: DEMO_VIP_QR_CODE,
    })
    // A sub-admin's userId is {accountId}_{subAccountId} (§6).
    expect((await vip(`${mainAccountId}_7`, mainAccountId)).data.name).toBe('陈经理')
  })

  it('answers an empty qrCode for a manager without enterprise WeChat', async () => {
    expect((await vip(String(otherAccountId), otherAccountId)).data).toEqual({ name: '刘经理', qrCode: '' })
  })

  it.each<[string, () => [string, number | string]]>([
    ['another account’s userId', () => [String(otherAccountId), mainAccountId]],
    ['a userId with a tail', () => [`${mainAccountId}_1_2`, mainAccountId]],
    ['a userId prefix of the account id', () => [`${mainAccountId}0`, mainAccountId]],
    ['a non-numeric accountId', () => [String(mainAccountId), 'x']],
  ])('refuses %s with 非法参数 and no data', async (_label, args) => {
    const [userId, accountId] = args()
    expect(await vip(userId, accountId)).toEqual({ code: 400, message: '非法参数', data: null })
  })
})

describe('GET /api/user/getUrlByQrcode', () => {
  it('draws a known manager’s QR code as a base64 PNG', async () => {
    const result = await server.get<string>(`/api/user/getUrlByQrcode?qrCode=${DEMO_VIP_QR_CODE}`)
    expect(result.code).toBe(200)
    expect(result.data).toMatch(/^data:image\/png;base64,/)
    const png = Buffer.from(result.data.split(',')[1], 'base64')
    expect(png.subarray(1, 4).toString()).toBe('PNG')
  })

  it('draws nothing for a code no manager has', async () => {
    expect(await server.get('/api/user/getUrlByQrcode?qrCode=https://evil.example')).toEqual({
      code: 404,
      message: '二维码不存在',
      data: null,
    })
    expect((await server.get('/api/user/getUrlByQrcode?qrCode=')).message).toBe('非法参数')
  })
})
