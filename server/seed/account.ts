// Demo account settings (account-area §2, §4): an account whose login mask is on (the list holds
// loopback, so the demo still logs in from this machine) and a member with no password yet
// (password model 0). The other demo accounts have no mask; 13800000003's password is 120 days old.
import { ACCOUNT_DEMO, LOOPBACK_ADDRESSES } from '../db/demo'
import { accounts, knownAddresses, loginMasks, members } from '../db/schema'
import { daysAgo, demoPasswordHash, type DemoIds } from './support'
import type { Tx } from '../db/client'

export { ACCOUNT_DEMO } from '../db/demo'

async function addOwner(
  tx: Tx,
  at: Date,
  phone: string,
  passwordHash: string | null,
  memberAccount: string,
  accountName: string,
) {
  const [member] = await tx
    .insert(members)
    .values({ phone, passwordHash, passwordUpdatedAt: passwordHash ? daysAgo(at, 10) : null, createdAt: at })
    .returning({ id: members.id })
  await tx
    .insert(knownAddresses)
    .values(LOOPBACK_ADDRESSES.map((ip) => ({ memberId: member.id, ip, firstSeenAt: at, lastSeenAt: at })))
  const [account] = await tx
    .insert(accounts)
    .values({ ownerMemberId: member.id, memberAccount, accountName, createdAt: at })
    .returning({ id: accounts.id })
  return account.id
}

export async function seedAccountArea(tx: Tx, { at }: DemoIds): Promise<void> {
  const { maskPhone, maskAccount, maskIps, noPasswordPhone, noPasswordAccount } = ACCOUNT_DEMO
  const masked = await addOwner(tx, at, maskPhone, await demoPasswordHash(), maskAccount, '掩码演示')
  await tx.insert(loginMasks).values({ accountId: masked, ips: maskIps, enabled: true, updatedAt: at })
  await addOwner(tx, at, noPasswordPhone, null, noPasswordAccount, '未设密码')
}
