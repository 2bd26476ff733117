// Demo data written on the first start against an empty database and by `npm run db:reset`, after
// the migrations (db/migrate.ts, which knows nothing of it): the caller migrates, then seeds.
// Every demo password is Demo@12345 (documented in docs/api.md "Seed accounts").
import { count } from 'drizzle-orm'
import type { ServerConfig } from '../config'
import type { Clock } from '../context'
import type { Database, DatabaseHandle } from '../db/client'
import { refuseDemoMembers } from '../db/demo-members'
import { withSetupLock } from '../db/migrate'
import { accounts, knownAddresses, members, sites, subAccounts } from '../db/schema'
import { seedAccountArea } from './account'
import { seedEvaluations } from './evaluations'
import { seedNotices } from './notices'
import { seedOrders } from './orders'
import { seedPayments } from './payments'
import { seedProducts } from './products'
import { seedSubAccounts } from './sub-accounts'
import { seedRecipients } from './recipients'
import { seedWorkOrders } from './work-orders'
import { DEMO, LOOPBACK_ADDRESSES } from '../db/demo'
import { daysAgo, demoPasswordHash, type DemoIds } from './support'
import type { Tx } from '../db/client'

export { DEMO, DEMO_PASSWORD, LOOPBACK_ADDRESSES } from '../db/demo'

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

export interface SeedOptions {
  /** Write the demo data into an empty database: config.seedDemo, never a default. */
  seed: boolean
  /** Production without the demo: refuse a database that holds the demo accounts (db/demo-members.ts). */
  refuseDemoMembers?: boolean
}

/** What a configuration asks of the seed (server start and `npm run db:reset`). */
export const seedOptions = (config: Pick<ServerConfig, 'production' | 'seedDemo'>): SeedOptions => ({
  seed: config.seedDemo,
  refuseDemoMembers: config.production && !config.seedDemo,
})

/**
 * After migrateDatabase: refuses the demo accounts where the options say, then seeds an empty
 * database when asked. Returns whether the demo data was written.
 */
export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<boolean> {
  return withSetupLock(handle, async () => {
    if (options.refuseDemoMembers) await refuseDemoMembers(handle.db)
    return options.seed ? seedIfEmpty(handle.db) : false
  })
}
