// The demo accounts log in with a public password (server/db/demo.ts): a production database that
// holds them is open to anyone who read the README. Production without SEED_DEMO=1 refuses to
// start on such a database (migrate.ts), naming the logins found.
import { inArray } from 'drizzle-orm'
import type { Database } from './client'
import { ACCOUNT_DEMO, DEMO } from './demo'
import { accounts, members } from './schema'

const DEMO_PHONES = [
  DEMO.owner,
  DEMO.subAdmin,
  DEMO.otherOwner,
  ACCOUNT_DEMO.maskPhone,
  ACCOUNT_DEMO.noPasswordPhone,
]
const DEMO_MEMBER_ACCOUNTS = [
  DEMO.mainAccount,
  DEMO.otherAccount,
  DEMO.noPhoneAccount,
  ACCOUNT_DEMO.maskAccount,
  ACCOUNT_DEMO.noPasswordAccount,
]

/** The demo logins (phones and member accounts) present in the database, sorted. */
export async function demoLoginsPresent(db: Database): Promise<string[]> {
  const phones = await db
    .select({ login: members.phone })
    .from(members)
    .where(inArray(members.phone, DEMO_PHONES))
  const names = await db
    .select({ login: accounts.memberAccount })
    .from(accounts)
    .where(inArray(accounts.memberAccount, DEMO_MEMBER_ACCOUNTS))
  return [...phones, ...names]
    .map((row) => row.login)
    .filter((login): login is string => Boolean(login))
    .sort()
}

export class DemoMembersInProductionError extends Error {
  constructor(readonly logins: string[]) {
    super(
      `Refusing to start in production mode: the database holds the demo accounts ${logins.join(', ')}, ` +
        'whose password is public. Delete them (or reset the database with `npm run db:reset -- --yes-production`), ' +
        'or set SEED_DEMO=1 if this deployment is a public demo',
    )
    this.name = 'DemoMembersInProductionError'
  }
}

/** Throws, naming them, when demo logins exist. */
export async function refuseDemoMembers(db: Database): Promise<void> {
  const logins = await demoLoginsPresent(db)
  if (logins.length) throw new DemoMembersInProductionError(logins)
}
