// Demo data written on the first start against an empty database and by `npm run db:reset`.
// Every demo password is Demo@12345 (documented in docs/api.md "Seed accounts").
import { count } from 'drizzle-orm'
import type { Clock } from '../context'
import type { Database } from './client'
import { accounts, knownAddresses, members, sites, subAccounts } from './schema'
import { seedAccountArea } from './seed-account'
import { seedEvaluations } from './seed-evaluations'
import { seedNotices } from './seed-notices'
import { seedOrders } from './seed-orders'
import { seedPayments } from './seed-payments'
import { seedProducts } from './seed-products'
import { seedSubAccounts } from './seed-subaccounts'
import { seedRecipients } from './seed-recipients'
import { seedWorkOrders } from './seed-work-orders'
import { DEMO, LOOPBACK_ADDRESSES } from './demo'
import { daysAgo, demoPasswordHash, type DemoIds, type Tx } from './seed-support'

export { DEMO, DEMO_PASSWORD, LOOPBACK_ADDRESSES } from './demo'

async function addMember(
  tx: Tx,
  at: Date,
  phone: string | null,
  email: string,
  { passwordAge = 0, wxOpenId = null as string | null } = {},
) {
  const [member] = await tx
    .insert(members)
    .values({
      phone,
      email,
      wxOpenId,
      passwordHash: await demoPasswordHash(),
      passwordUpdatedAt: daysAgo(at, passwordAge),
      createdAt: daysAgo(at, 400),
    })
    .returning({ id: members.id })
  await tx
    .insert(knownAddresses)
    .values(LOOPBACK_ADDRESSES.map((ip) => ({ memberId: member.id, ip, firstSeenAt: at, lastSeenAt: at })))
  return member.id
}

async function addAccount(
  tx: Tx,
  at: Date,
  ownerMemberId: number,
  memberAccount: string,
  accountName: string,
) {
  const [account] = await tx
    .insert(accounts)
    .values({ ownerMemberId, memberAccount, accountName, createdAt: daysAgo(at, 400) })
    .returning({ id: accounts.id })
  return account.id
}

export async function seedDemoData(db: Database, now: Clock = () => new Date()): Promise<void> {
  const at = now()
  await db.transaction(async (tx) => {
    const owner = await addMember(tx, at, DEMO.owner, 'owner@xingchen-demo.cn', {
      wxOpenId: DEMO.ownerOpenId,
    })
    const subAdmin = await addMember(tx, at, DEMO.subAdmin, 'lizg@xingchen-demo.cn')
    // Changed 120 days ago: past the 90-day staleness warning (account-area §9).
    const otherOwner = await addMember(tx, at, DEMO.otherOwner, 'boss@yunfan-demo.cn', { passwordAge: 120 })
    const noPhone = await addMember(tx, at, null, '')

    const main = await addAccount(tx, at, owner, DEMO.mainAccount, '星辰科技')
    const other = await addAccount(tx, at, otherOwner, DEMO.otherAccount, '云帆贸易')
    await addAccount(tx, at, noPhone, DEMO.noPhoneAccount, '无手机账号')

    await tx.insert(sites).values([
      { accountId: main, siteName: '星辰科技官网', siteUrl: 'https://www.xingchen-demo.cn' },
      { accountId: main, siteName: '星辰商城小程序', siteUrl: 'https://mall.xingchen-demo.cn' },
      { accountId: other, siteName: '云帆贸易官网', siteUrl: 'https://www.yunfan-demo.cn' },
    ])

    const [liZiguan] = await tx
      .insert(subAccounts)
      .values([
        {
          accountId: main,
          memberId: subAdmin,
          fullName: '李子管',
          mailbox: 'lizg@xingchen-demo.cn',
          phoneNumber: DEMO.subAdmin,
          position: '1',
          activeState: 1,
          createdAt: daysAgo(at, 200),
        },
        // The owner of 星辰科技 also administers 云帆贸易, so the header switch has a target.
        {
          accountId: other,
          memberId: owner,
          fullName: '张星辰',
          mailbox: 'owner@xingchen-demo.cn',
          phoneNumber: DEMO.owner,
          position: '2',
          activeState: 1,
          createdAt: daysAgo(at, 100),
        },
      ])
      .returning({ id: subAccounts.id })

    const ids: DemoIds = { at, owner, subAdmin, otherOwner, noPhone, main, other, liZiguan: liZiguan.id }
    await seedNotices(tx, ids)
    await seedAccountArea(tx, ids)
    await seedSubAccounts(tx, ids)
    await seedRecipients(tx, ids)
    await seedProducts(tx, ids)
    await seedOrders(tx, ids)
    await seedPayments(tx, ids)
    await seedEvaluations(tx, ids)

    await seedWorkOrders(tx, ids)
  })
}

/** Seeds only an empty database (no members yet). Returns whether it seeded. */
export async function seedIfEmpty(db: Database, now?: Clock): Promise<boolean> {
  const [{ total }] = await db.select({ total: count() }).from(members)
  if (total > 0) return false
  await seedDemoData(db, now)
  return true
}
